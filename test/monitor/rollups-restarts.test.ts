// Rollups with replicas that live less than 5 minutes, as real processes: the first one's shutdown (SIGTERM) rolls the
// complete raw days up and deletes raw days past the 7-day retention; a restart within the hour leaves that to the
// hour's lease holder; so raw rows do not pile up while replicas restart often.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../../src/lib/minutes.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { OVERALL, upsertComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { listUptimeDaily } from '../../src/store/repositories/uptime-daily.ts'
import { tempDir } from '../helper.ts'
import { startApp } from '../services/app-process.ts'

describe('rollups across short-lived replicas (real processes)', { timeout: 120_000 }, () => {
  it('happen at the first shutdown, once per hour across restarts', async (t) => {
    const dataDir = tempDir(t)
    const today = dayOfMinute(minuteOf(Date.now()))
    const seed = async (daysAgo: number) => {
      const database = openDatabase({ databaseUrl: undefined, dataDir })
      try {
        await migrate(database)
        await upsertComponentChecks(database, [{ minute: (today - daysAgo) * MINUTES_PER_DAY + 60, component: OVERALL, status: 'ok', latencyMs: null }])
      } finally {
        await database.close()
      }
    }
    const read = async () => {
      const database = openDatabase({ databaseUrl: undefined, dataDir })
      try {
        const rolledUp = (await listUptimeDaily(database, today - 30, today)).filter((row) => row.component === OVERALL).map((row) => today - row.day)
        const raw = (await database.db.selectFrom('component_checks').select('minute').execute()).map((row) => today - Math.floor(row.minute / MINUTES_PER_DAY))
        return { rolledUp: rolledUp.sort((a, b) => a - b), raw: raw.sort((a, b) => a - b) }
      } finally {
        await database.close()
      }
    }

    await seed(10)
    await seed(2)
    const first = await startApp({ DATA_DIR: dataDir })
    assert.equal(await first.stop('SIGTERM'), 0, first.output)
    const afterFirst = await read()
    assert.deepEqual(afterFirst.rolledUp, [2, 10], 'the complete days rolled up at shutdown, seconds after start')
    assert.ok(!afterFirst.raw.includes(10), 'the raw day past the retention is gone')
    assert.ok(afterFirst.raw.includes(2), 'a raw day within the retention stays')

    await seed(9)
    const second = await startApp({ DATA_DIR: dataDir })
    assert.equal(await second.stop('SIGTERM'), 0, second.output)
    const afterSecond = await read()
    assert.ok(afterSecond.raw.includes(9), 'a restart within the hour leaves the rollups to the hour\'s lease')
    assert.deepEqual(afterSecond.rolledUp, [2, 10])
  })
})
