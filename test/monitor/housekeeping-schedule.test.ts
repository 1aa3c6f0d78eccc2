// The housekeeping schedule on real SQLite: first rollups after FIRST_HOUSEKEEPING_AFTER_MS, then hourly, a failure retried next call.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { pino } from 'pino'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../../src/lib/minutes.ts'
import { FIRST_HOUSEKEEPING_AFTER_MS, housekeepingSchedule } from '../../src/monitor/housekeeping-schedule.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { OVERALL, upsertComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { deleteAllUptimeDaily, listUptimeDaily } from '../../src/store/repositories/uptime-daily.ts'
import { tempDir } from '../helper.ts'

const startedAt = Date.parse('2026-11-21T12:00:00.000Z')
const yesterday = dayOfMinute(minuteOf(startedAt)) - 1

/** Whether the housekeeping ran since the last call: yesterday's raw row was rolled up (and the rollup is removed again). */
async function ranSinceLastAsked (database: Database): Promise<boolean> {
  const rolledUp = await listUptimeDaily(database, yesterday, yesterday + 1)
  await deleteAllUptimeDaily(database)
  return rolledUp.length > 0
}

describe('the housekeeping schedule', () => {
  it('runs first FIRST_HOUSEKEEPING_AFTER_MS after the start, then once an hour', async (t) => {
    const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
    t.after(() => database.close())
    await migrate(database)
    await upsertComponentChecks(database, [{ minute: yesterday * MINUTES_PER_DAY + 5, component: OVERALL, status: 'ok', latencyMs: null }])
    const housekeepIfDue = housekeepingSchedule({ database, logger: pino({ level: 'silent' }), startedAt })

    await housekeepIfDue(startedAt + FIRST_HOUSEKEEPING_AFTER_MS - 1)
    assert.equal(await ranSinceLastAsked(database), false, 'not before the delay')
    const first = startedAt + FIRST_HOUSEKEEPING_AFTER_MS
    await housekeepIfDue(first)
    assert.equal(await ranSinceLastAsked(database), true)
    await housekeepIfDue(first + 60 * 60_000 - 1)
    assert.equal(await ranSinceLastAsked(database), false, 'not again within the hour')
    await housekeepIfDue(first + 60 * 60_000)
    assert.equal(await ranSinceLastAsked(database), true, 'an hour later')
  })

  it('a failed run is logged, never rejects, and is tried again at the next call', async (t) => {
    const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
    t.after(() => database.close())
    const logged: Array<{ level: number, msg: string }> = []
    const logger = pino({ level: 'info' }, { write: (line: string) => { logged.push(JSON.parse(line)) } })
    const housekeepIfDue = housekeepingSchedule({ database, logger, startedAt })
    const due = startedAt + FIRST_HOUSEKEEPING_AFTER_MS
    await housekeepIfDue(due) // no schema yet: the rollups fail
    assert.deepEqual(logged.map((line) => [line.level, line.msg]), [[40, 'health rollups and retention postponed']])

    await migrate(database)
    await upsertComponentChecks(database, [{ minute: yesterday * MINUTES_PER_DAY + 5, component: OVERALL, status: 'down', latencyMs: null }])
    await housekeepIfDue(due + 1000)
    assert.equal(await ranSinceLastAsked(database), true, 'not postponed by an hour')
    assert.equal(logged.length, 1)
  })
})
