// Liveness and readiness, including readiness following a real PostgreSQL server going away and coming back.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
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
    const { app, context } = await buildTestApp(t)
    let pings = 0
    const ping = context.database.ping
    context.database.ping = async (ms) => { pings++; await sleep(20); return ping(ms) }
    const responses = await Promise.all(Array.from({ length: 50 }, () => app.inject('/api/v1/readiness')))
    assert.ok(responses.every((r) => r.statusCode === 200))
    assert.equal(pings, 1)
    await sleep(READINESS_SHARED_MS + 20)
    assert.equal((await app.inject('/api/v1/readiness')).statusCode, 200)
    assert.equal(pings, 2, 'a later call pings again')
  })
})

describe('readiness on PostgreSQL', { skip: postgresSkip() }, () => {
  it('goes 200 → 503 when the server stops → 200 when it returns, without restarting the app', async (t) => {
    const server = await startPostgres()
    t.after(() => server.destroy())
    const { app } = await buildTestApp(t, { DATABASE_URL: await server.createDatabase() })
    assert.equal((await app.inject('/api/v1/readiness')).statusCode, 200)

    server.stop()
    await sleep(READINESS_SHARED_MS) // the ping answered just before the stop is shared for this long
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
      status = (await app.inject('/api/v1/readiness')).statusCode
      if (status !== 200) await sleep(250)
    }
    assert.equal(status, 200)
  })
})
