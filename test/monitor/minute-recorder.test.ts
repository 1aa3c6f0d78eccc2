// The minute recorder on real SQLite and a manual clock: rows per minute, buffered while refused, none before start or after now.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { pino } from 'pino'
import { ManualClock } from '../../src/lib/clock.ts'
import { minuteOf } from '../../src/lib/minutes.ts'
import { buildHealthBody } from '../../src/monitor/health-body.ts'
import { createMinuteRecorder } from '../../src/monitor/minute-recorder.ts'
import { WriteState } from '../../src/monitor/write-state.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { listComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { tempDir } from '../helper.ts'

const components = ['database', 'cache', 'bot']

function setUp (t: TestContext) {
  const clock = new ManualClock('2026-11-21T12:00:10.000Z')
  const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
  t.after(() => database.close())
  const logged: Array<{ msg: string, minutes?: number, buffered?: number, reason?: string }> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => { logged.push(JSON.parse(line)) } })
  const writes = new WriteState()
  const startedAt = clock.now()
  const recorder = createMinuteRecorder({ database, clock, logger, writes, components, startedAt, intervalMs: 30_000 })
  return { clock, database, logged, writes, recorder, startedAt }
}

/** The body of a round checked now: the cache degraded, the others ok. */
function body (clock: ManualClock, startedAt: number) {
  return buildHealthBody({
    results: { database: { status: 'ok', latencyMs: 2 }, cache: { status: 'degraded', latencyMs: 700 }, bot: { status: 'ok', latencyMs: 40, shards: null } },
    version: 'test', startedAt, checkedAt: clock.now(), uptimeMs: 0, maintenance: false
  })
}

async function rows (database: Database, from: number, to: number) {
  return (await listComponentChecks(database, from, to)).map((row) => [row.minute - from, row.component, row.status, row.latencyMs])
}

describe('the minute recorder', () => {
  it('writes the overall status and each component\'s for the round\'s minute', async (t) => {
    const { clock, database, writes, recorder, startedAt } = setUp(t)
    await migrate(database)
    await recorder.record(body(clock, startedAt), true)
    const minute = minuteOf(clock.now())
    assert.deepEqual(await rows(database, minute, minute + 1), [
      [0, 'bot', 'ok', 40], [0, 'cache', 'degraded', 700], [0, 'database', 'ok', 2], [0, 'overall', 'degraded', null]
    ].sort())
    assert.equal(recorder.buffered, 0)
    assert.equal(writes.failure, undefined)
  })

  it('keeps minutes while the database does not answer and writes them all with the next one that goes through', async (t) => {
    const { clock, database, logged, writes, recorder, startedAt } = setUp(t)
    await migrate(database)
    const first = minuteOf(clock.now())
    await recorder.record(body(clock, startedAt), false)
    assert.equal(recorder.buffered, 1)
    assert.deepEqual(await rows(database, first, first + 10), [], 'nothing written while the database is away')
    clock.advance(60_000)
    await recorder.record(body(clock, startedAt), false)
    clock.advance(60_000)
    await recorder.record(body(clock, startedAt), true)
    assert.equal(recorder.buffered, 0)
    assert.deepEqual([...new Set((await rows(database, first, first + 10)).map(([minute]) => minute))], [0, 1, 2])
    assert.deepEqual(logged.map((line) => [line.msg, line.minutes]), [['buffered health checks written', 3]])
    assert.equal(writes.failure, undefined)
  })

  it('a refused write is logged, told to the write state and kept for the next write', async (t) => {
    const { clock, database, logged, writes, recorder, startedAt } = setUp(t)
    // No schema yet: every write fails.
    await recorder.record(body(clock, startedAt), true)
    assert.equal(recorder.buffered, 1)
    assert.equal(writes.failure, 'failed')
    assert.deepEqual(logged.map((line) => [line.msg, line.buffered, line.reason]), [['health check not written; kept in memory until the database takes it', 1, 'failed']])
    await migrate(database)
    clock.advance(60_000)
    await recorder.record(body(clock, startedAt), true)
    assert.equal(recorder.buffered, 0)
    assert.equal(writes.failure, undefined)
    const first = minuteOf(startedAt)
    assert.equal((await rows(database, first, first + 2)).length, 8, 'both minutes, four rows each')
  })

  it('records no minute before the start, and forgets minutes after now once the wall clock stepped back', async (t) => {
    const { clock, database, recorder, startedAt } = setUp(t)
    await migrate(database)
    clock.step(-60_000)
    await recorder.record(body(clock, startedAt), true)
    assert.equal(recorder.buffered, 0)
    assert.deepEqual(await rows(database, minuteOf(clock.now()), minuteOf(clock.now()) + 1), [], 'a minute before this process started')

    clock.step(60_000 + 10 * 60_000)
    await recorder.record(body(clock, startedAt), false) // held: start + 10 minutes
    clock.step(-5 * 60_000)
    await recorder.record(body(clock, startedAt), false) // the clock stepped back 5 minutes
    clock.advance(1000)
    await recorder.record(body(clock, startedAt), true)
    const start = minuteOf(startedAt)
    assert.deepEqual([...new Set((await rows(database, start, start + 20)).map(([minute]) => minute))], [5], 'the minute after now was never written')
  })
})
