// A lock held on health_checks while the minute turns: the write waits its bounded time and fails, and the round
// does not also wait on reading the locked table for the history, so the next round reports "writes are waiting".
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pg from 'pg'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp } from '../helper.ts'
import { postgresSkip, sharedPostgres } from '../services/postgres.ts'

describe('a locked health_checks table at a new minute (postgres)', { skip: postgresSkip() }, () => {
  it('the round ends after its write gives up, not after a history read behind the lock; the next round is degraded', async (t) => {
    const url = await (await sharedPostgres()).createDatabase()
    const clock = new ManualClock('2026-11-21T12:00:30.000Z')
    const { context } = await buildTestApp(t, { DATABASE_URL: url, DATABASE_POOL_SIZE: '2', PROBE_INTERVAL_SECONDS: '1' }, { clock })
    assert.equal((await context.monitor.runOnce()).components.database.status, 'ok')

    const locker = new pg.Client({ connectionString: url })
    locker.on('error', () => {})
    await locker.connect()
    t.after(() => locker.end().catch(() => {}))
    await locker.query('begin')
    await locker.query('lock table health_checks in access exclusive mode')

    clock.advance(30_000) // a new minute: the history is due for a recompute
    const started = performance.now()
    const first = await context.monitor.runOnce()
    const roundMs = performance.now() - started
    // The write's server-side timeout is the interval (1 s); a history read behind the lock would add its 5 s.
    assert.ok(roundMs < 4000, `the round took ${roundMs.toFixed(0)} ms with the table locked`)
    assert.equal(first.components.database.status, 'ok', 'a wait is not reported before it has lasted an interval')

    clock.advance(1000)
    const second = await context.monitor.runOnce()
    assert.equal(second.components.database.status, 'degraded')
    assert.match(second.components.database.message ?? '', /writes are waiting/i)

    await locker.query('rollback')
    clock.advance(1000)
    assert.equal((await context.monitor.runOnce()).components.database.status, 'ok', 'ok again once the lock is gone')
    clock.advance(60_000)
    await context.monitor.runOnce()
    const history = await context.monitor.history.get()
    assert.ok(history.value.checks.some((check) => check.at === '2026-11-21T12:01:00.000Z'), 'the minute kept in memory was written and is in the history')
  })
})
