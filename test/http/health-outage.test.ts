// A real PostgreSQL going away: health turns 503 within a probe interval while liveness stays 200, the outage
// minutes reach the history once it returns; and two instances on one database write one row per minute and component.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setImmediate } from 'node:timers/promises'
import { sql } from 'kysely'
import { buildApp } from '../../src/app.ts'
import { openContext } from '../../src/context.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { listComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { minuteOf } from '../../src/lib/minutes.ts'
import { buildTestApp, testConfig } from '../helper.ts'
import { postgresSkip, sharedPostgres, startPostgres } from '../services/postgres.ts'

describe('health while PostgreSQL stops and returns', { skip: postgresSkip() }, () => {
  it('turns 503 down at the first round after the stop, one probe interval later (the loop\'s timers moved by the test); liveness stays 200', async (t) => {
    const server = await startPostgres()
    t.after(() => server.destroy())
    const url = await server.createDatabase()
    // The loop's timer and the probes' timeouts are node:test's mock timers: the test moves them, nothing sleeps.
    // Mocked from the start, so the pool clears the (mocked) idle timers it set with the clearTimeout it has then.
    t.mock.timers.enable({ apis: ['setTimeout'] })
    const { app, context } = await buildTestApp(t, { DATABASE_URL: url, PROBE_INTERVAL_SECONDS: '1' })
    try {
      let roundsStarted = 0
      const ping = context.database.ping
      context.database.ping = (ms) => { roundsStarted++; return ping(ms) }
      // A healthy round ends by refreshing the history: that is the event the test waits for.
      let healthyRoundDone!: () => void
      const firstRound = new Promise<void>((resolve) => { healthyRoundDone = resolve })
      const refreshHistory = context.monitor.history.refreshIfStale
      context.monitor.history.refreshIfStale = async () => { try { await refreshHistory() } finally { healthyRoundDone() } }
      context.start()
      await firstRound
      await setImmediate() // the round's promise chain has run: the loop has scheduled the next round
      assert.equal(context.monitor.health()?.statusCode, 200)

      server.stop()
      t.mock.timers.tick(999)
      assert.equal(roundsStarted, 1, 'no round before the interval is up')
      t.mock.timers.tick(1)
      assert.equal(roundsStarted, 2, 'the next round starts one interval (1 s) after the last')
      t.mock.timers.tick(1000) // the round's own probe timeout (1 s) at most, should a probe hang
      await waitFor(() => context.monitor.health()?.statusCode === 503, 'the round to publish')
    } finally {
      t.mock.timers.reset() // before the cleanup: closing uses real timers
    }
    const health = await app.inject('/api/v1/health')
    assert.equal(health.statusCode, 503)
    const body = health.json()
    assert.equal(body.status, 'down')
    assert.deepEqual(body.components.database, { status: 'down', latencyMs: null, message: 'The database does not answer.' })
    assert.ok(!health.body.includes('127.0.0.1') && !/ECONN|postgres/i.test(health.body), 'nothing about the host or driver leaks')
    assert.equal((await app.inject('/api/v1/liveness')).statusCode, 200)
  })

  it('buffers the outage minutes and writes them when the database answers again', async (t) => {
    const server = await startPostgres()
    t.after(() => server.destroy())
    const clock = new ManualClock('2026-11-21T12:00:05.000Z')
    const { app, context } = await buildTestApp(t, { DATABASE_URL: await server.createDatabase() }, { clock })
    await context.monitor.runOnce()
    assert.equal((await app.inject('/api/v1/health/history')).json().checks.length, 1)

    // The test server runs with synchronous_commit=off and stops with -m immediate: make what is written durable.
    await sql`checkpoint`.execute(context.database.db)
    server.stop()
    for (let minute = 1; minute <= 3; minute++) {
      clock.set(`2026-11-21T12:0${minute}:05.000Z`)
      const body = await context.monitor.runOnce()
      assert.equal(body.status, 'down')
    }
    assert.equal(context.monitor.bufferedChecks, 3)
    const during = await app.inject('/api/v1/health/history')
    assert.equal(during.statusCode, 200, 'the last history is served while the database is away')
    assert.equal(during.json().checks.length, 1)

    server.start()
    clock.set('2026-11-21T12:04:05.000Z')
    const body = await context.monitor.runOnce() // pg_ctl start has waited until the server accepts connections
    assert.equal(body.status, 'ok')
    assert.equal(context.monitor.bufferedChecks, 0)
    const history = (await app.inject('/api/v1/health/history')).json()
    assert.deepEqual(history.checks.map((c: { at: string, status: string }) => [c.at.slice(11, 16), c.status]), [
      ['12:00', 'ok'], ['12:01', 'down'], ['12:02', 'down'], ['12:03', 'down'], ['12:04', 'ok']
    ])
    assert.equal(history.checks[1].components.database, 'down')
    assert.equal(history.uptime.daily[89].downChecks, 3)
  })
})

describe('two instances on one PostgreSQL', { skip: postgresSkip() }, () => {
  it('write one row per minute and component, keeping the worst status either saw', async (t) => {
    const url = await (await sharedPostgres()).createDatabase()
    const clock = new ManualClock('2026-11-21T12:00:00.000Z')
    const open = async (env: Record<string, string>) => {
      const context = await openContext(testConfig(t, { DATABASE_URL: url, ...env }), { migrate: true, clock })
      const app = await buildApp(context)
      t.after(async () => { await app.close(); await context.close() })
      return { app, context }
    }
    const one = await open({})
    // The second instance cannot reach its (broken) Redis: it sees the cache down, so its minutes are degraded.
    const two = await open({ REDIS_URL: 'redis://127.0.0.1:1' })
    for (let second = 0; second < 180; second += 15) {
      clock.set(Date.parse('2026-11-21T12:00:00.000Z') + second * 1000)
      await Promise.all([one.context.monitor.runOnce(), two.context.monitor.runOnce()])
    }
    const start = minuteOf(Date.parse('2026-11-21T12:00:00.000Z'))
    const rows = await listComponentChecks(one.context.database, start - 10, start + 10)
    assert.equal(rows.length, 3 * 4, 'one row per minute and component (the three and the overall status)')
    const of = (component: string) => rows.filter((r) => r.component === component).map((r) => [r.minute - start, r.status])
    assert.deepEqual(of('overall'), [[0, 'degraded'], [1, 'degraded'], [2, 'degraded']])
    assert.deepEqual(of('cache'), [[0, 'down'], [1, 'down'], [2, 'down']])
    assert.deepEqual(of('database'), [[0, 'ok'], [1, 'ok'], [2, 'ok']])
    // Each keeps the history it computed during a minute (one may have read that minute's row before the other
    // wrote it); the next minute both recompute from the same rows and agree.
    clock.set(Date.parse('2026-11-21T12:03:00.000Z'))
    await Promise.all([one.context.monitor.history.refreshIfStale(), two.context.monitor.history.refreshIfStale()])
    const [fromOne, fromTwo] = await Promise.all([one.app.inject('/api/v1/health/history'), two.app.inject('/api/v1/health/history')])
    assert.deepEqual(fromOne.json().uptime, fromTwo.json().uptime)
  })
})

/** Waits for `condition`, letting I/O run between looks (setImmediate: not one of the mocked timers). */
async function waitFor (condition: () => boolean, what: string): Promise<void> {
  for (let look = 0; look < 100_000; look++) {
    if (condition()) return
    await setImmediate()
  }
  assert.fail(`gave up waiting for ${what}`)
}
