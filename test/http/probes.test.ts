// Liveness and readiness, including readiness following a real PostgreSQL server going away and coming back.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { ManualClock } from '../../src/lib/clock.ts'
import { READINESS_SHARED_MS } from '../../src/monitor/readiness.ts'
import { buildTestApp } from '../helper.ts'
import { postgresSkip, startPostgres } from '../services/postgres.ts'

describe('liveness and readiness on SQLite', () => {
  it('liveness is exactly {"status":"alive"}, never cached', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject('/api/v1/liveness')
    assert.equal(response.statusCode, 200)
    assert.equal(response.body, '{"status":"alive"}')
    assert.equal(response.headers['cache-control'], 'no-store')
  })

  it('readiness is exactly {"status":"ready"} while the database answers', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject('/api/v1/readiness')
    assert.equal(response.statusCode, 200)
    assert.equal(response.body, '{"status":"ready"}')
    assert.equal(response.headers['cache-control'], 'no-store')
  })

  it('readiness answers 503 at once when shutting down, liveness still 200', async (t) => {
    const { app, context } = await buildTestApp(t)
    context.readiness.markShuttingDown()
    const response = await app.inject('/api/v1/readiness')
    assert.equal(response.statusCode, 503)
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8')
    assert.equal(response.json().code, 'not_ready')
    assert.equal((await app.inject('/api/v1/liveness')).statusCode, 200)
  })

  it('readiness calls within 100 ms share one database ping; a later one pings again', async (t) => {
    const clock = new ManualClock()
    const { app, context } = await buildTestApp(t, {}, { clock })
    const calls = 50
    let pings = 0
    let asked = 0
    let allAsked!: () => void
    const everyoneAsked = new Promise<void>((resolve) => { allAsked = resolve })
    const check = context.readiness.check
    context.readiness.check = () => { if (++asked === calls) allAsked(); return check() }
    const ping = context.database.ping
    // The first ping answers only once every caller has asked: all of them arrive while it is in flight.
    context.database.ping = async (ms) => { pings++; await everyoneAsked; return ping(ms) }
    const responses = await Promise.all(Array.from({ length: calls }, () => app.inject('/api/v1/readiness')))
    assert.ok(responses.every((r) => r.statusCode === 200))
    assert.equal(pings, 1)
    clock.advance(READINESS_SHARED_MS - 1)
    assert.equal((await app.inject('/api/v1/readiness')).statusCode, 200)
    assert.equal(pings, 1, 'an answer within 100 ms is shared')
    clock.advance(1)
    assert.equal((await app.inject('/api/v1/readiness')).statusCode, 200)
    assert.equal(pings, 2, 'a later call pings again')
  })

  it('readiness pings again when the wall clock was set back', async (t) => {
    const clock = new ManualClock()
    const { app, context } = await buildTestApp(t, {}, { clock })
    let pings = 0
    const ping = context.database.ping
    context.database.ping = async (ms) => { pings++; return ping(ms) }
    assert.equal((await app.inject('/api/v1/readiness')).statusCode, 200)
    clock.advance(-60_000)
    assert.equal((await app.inject('/api/v1/readiness')).statusCode, 200)
    assert.equal(pings, 2, 'an answer from the clock\'s future is not fresh')
  })
})

describe('readiness on PostgreSQL', { skip: postgresSkip() }, () => {
  it('goes 200 → 503 when the server stops → 200 when it returns, without restarting the app', async (t) => {
    const server = await startPostgres()
    t.after(() => server.destroy())
    const clock = new ManualClock()
    const { app } = await buildTestApp(t, { DATABASE_URL: await server.createDatabase() }, { clock })
    assert.equal((await app.inject('/api/v1/readiness')).statusCode, 200)

    server.stop()
    clock.advance(READINESS_SHARED_MS) // the ping answered just before the stop is shared for this long
    const started = performance.now()
    const down = await app.inject('/api/v1/readiness')
    assert.equal(down.statusCode, 503)
    assert.equal(down.json().detail, 'The database does not answer.')
    assert.ok(!down.body.includes('127.0.0.1') && !down.body.includes('postgres'), 'no host or driver detail leaks')
    assert.ok(performance.now() - started < 2500, 'answers within the ping timeout')
    assert.equal((await app.inject('/api/v1/liveness')).statusCode, 200)

    server.start()
    let status = 0
    for (let i = 0; i < 40 && status !== 200; i++) {
      clock.advance(READINESS_SHARED_MS) // a fresh ping each time, not the shared failure
      status = (await app.inject('/api/v1/readiness')).statusCode
      if (status !== 200) await sleep(250) // the real server takes its time to accept connections again
    }
    assert.equal(status, 200)
  })
})
