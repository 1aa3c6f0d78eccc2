// The housekeeping schedule on real SQLite: first rollups after FIRST_HOUSEKEEPING_AFTER_MS, then hourly, a failure retried next call;
// across replicas once an hour (the lease), and at shutdown by a replica that has not run it.
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
    const housekeepIfDue = housekeepingSchedule({ database, logger: pino({ level: 'silent' }), startedAt }).ifDue

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

  it('runs at shutdown in a replica that did not, once an hour across replicas', async (t) => {
    const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
    t.after(() => database.close())
    await migrate(database)
    await upsertComponentChecks(database, [{ minute: yesterday * MINUTES_PER_DAY + 5, component: OVERALL, status: 'ok', latencyMs: null }])
    const logger = pino({ level: 'silent' })
    const replica = (holder: string, started: number) => housekeepingSchedule({ database, logger, startedAt: started, holder })
    // Three replicas that each live 2 minutes: the first one's shutdown rolls up, the next two within the hour do not.
    await replica('a', startedAt).atShutdown(startedAt + 2 * 60_000)
    assert.equal(await ranSinceLastAsked(database), true, 'a replica living 2 minutes rolls up at shutdown')
    await replica('b', startedAt + 3 * 60_000).atShutdown(startedAt + 5 * 60_000)
    await replica('c', startedAt + 6 * 60_000).ifDue(startedAt + 6 * 60_000 + FIRST_HOUSEKEEPING_AFTER_MS)
    assert.equal(await ranSinceLastAsked(database), false, 'not again within the hour, by any replica')
    await replica('d', startedAt + 61 * 60_000).atShutdown(startedAt + 63 * 60_000)
    assert.equal(await ranSinceLastAsked(database), true, 'an hour later, the next shutdown rolls up again')
    // A replica that ran it itself has nothing left to do at shutdown.
    const e = replica('e', startedAt + 130 * 60_000)
    await e.ifDue(startedAt + 130 * 60_000 + FIRST_HOUSEKEEPING_AFTER_MS)
    assert.equal(await ranSinceLastAsked(database), true)
    await e.atShutdown(startedAt + 200 * 60_000)
    assert.equal(await ranSinceLastAsked(database), false)
  })

  it('a failed run is logged, never rejects, and is tried again at the next call', async (t) => {
    const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
    t.after(() => database.close())
    const logged: Array<{ level: number, msg: string }> = []
    const logger = pino({ level: 'info' }, { write: (line: string) => { logged.push(JSON.parse(line)) } })
    const housekeepIfDue = housekeepingSchedule({ database, logger, startedAt }).ifDue
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
