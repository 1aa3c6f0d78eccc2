// GET /api/v1/health/discord against a real Statuspage-like server on loopback: normalised body, one
// upstream request per minute (single flight; shared through Redis by three app instances), a clock-driven
// expiry, and every upstream failure answered in bounded time with the stale value or a 503.
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, describe, it, type TestContext } from 'node:test'
import { pino } from 'pino'
import { Compile } from 'typebox/compile'
import { buildApp } from '../../src/app.ts'
import { openContext } from '../../src/context.ts'
import { PlatformStatusBody } from '../../src/api/platform-status.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp, testConfig } from '../helper.ts'
import { StatuspageServer, fixture, type Behaviour } from '../platform/statuspage-server.ts'
import { redisSkip, startRedis, type RedisServer } from '../services/redis.ts'

const PATH = '/api/v1/health/discord'
const MiB = 1024 * 1024
const bodyValidator = Compile(PlatformStatusBody)

async function upstream (t: TestContext): Promise<StatuspageServer> {
  const server = await StatuspageServer.start()
  t.after(() => server.close())
  return server
}

/** The app with the upstream at `server`, a manual clock, and its log lines collected. */
async function appFor (t: TestContext, server: StatuspageServer) {
  const clock = new ManualClock()
  const logs: string[] = []
  const logger = pino({ level: 'info' }, new Writable({ write (chunk, _encoding, done) { logs.push(String(chunk)); done() } }))
  const { app, context } = await buildTestApp(t, { DISCORD_STATUS_URL: server.url }, { clock, logger })
  return { app, context, clock, logs }
}

describe('GET /api/v1/health/discord', () => {
  it('answers the normalised status, fresh for 60 s, with an ETag', async (t) => {
    const server = await upstream(t)
    server.serve({ kind: 'fixture', name: 'minor-incident' })
    const { app } = await appFor(t, server)
    const response = await app.inject(PATH)
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8')
    assert.match(String(response.headers['cache-control']), /^public, max-age=60, s-maxage=10, stale-while-revalidate=\d+, stale-if-error=86400$/)
    assert.ok(response.headers.etag)
    const body = response.json()
    assert.ok(bodyValidator.Check(body), 'matches the PlatformStatusBody schema')
    assert.equal(body.indicator, 'minor')
    assert.equal(body.stale, false)
    assert.equal(body.fetchedAt, '2026-11-21T12:00:00.000Z', 'our fetch time, from the clock')
    assert.equal(body.pageUrl, 'https://discordstatus.com')
    assert.equal(body.incidents[0]?.url, 'https://stspg.io/x0m4cb')

    const again = await app.inject({ url: PATH, headers: { 'if-none-match': response.headers.etag } })
    assert.equal(again.statusCode, 304)
    assert.equal(server.requests, 1)
  })

  it('1,000 concurrent requests on a cold cache cause one upstream request', async (t) => {
    const server = await upstream(t)
    const { app, context } = await appFor(t, server)
    let locks = 0
    const lock = context.cache.lock.bind(context.cache)
    context.cache.lock = (key, ttlMs) => { locks++; return lock(key, ttlMs) }
    const release = server.hold()
    const responses = Promise.all(Array.from({ length: 1000 }, () => app.inject(PATH)))
    await waitFor(() => server.requests > 0)
    release()
    const answered = await responses
    assert.equal(server.requests, 1)
    assert.ok(answered.every((r) => r.statusCode === 200))
    assert.equal(new Set(answered.map((r) => r.body)).size, 1, 'everyone got the same value')
    assert.equal(locks, 1, 'one refresh in this process (single flight), not 1,000 callers queueing on the lock')
  })

  it('expires after 60 s on the clock: max-age counts down, then one new request', async (t) => {
    const server = await upstream(t)
    const { app, clock } = await appFor(t, server)
    assert.equal((await app.inject(PATH)).json().indicator, 'none')

    server.serve({ kind: 'fixture', name: 'major-outage' })
    clock.advance(30_000)
    let response = await app.inject(PATH)
    assert.match(String(response.headers['cache-control']), /^public, max-age=30, s-maxage=10, stale-while-revalidate=\d+, stale-if-error=86400$/)
    assert.equal(response.json().indicator, 'none')
    clock.advance(29_999)
    response = await app.inject(PATH)
    assert.match(String(response.headers['cache-control']), /^public, max-age=0, s-maxage=10, stale-while-revalidate=\d+, stale-if-error=86400$/)
    assert.equal(server.requests, 1, 'still fresh at 59.999 s')

    clock.advance(1)
    response = await app.inject(PATH)
    assert.equal(server.requests, 2)
    assert.match(String(response.headers['cache-control']), /^public, max-age=60, s-maxage=10, stale-while-revalidate=\d+, stale-if-error=86400$/)
    assert.equal(response.json().indicator, 'critical')
    assert.equal(response.json().fetchedAt, '2026-11-21T12:01:00.000Z')
  })

  it('serves the last good value as stale when the upstream fails, and tries again once a minute', async (t) => {
    const server = await upstream(t)
    const { app, clock } = await appFor(t, server)
    const good = (await app.inject(PATH)).json()

    server.serve({ kind: 'status', status: 500 })
    clock.advance(60_000)
    let response = await app.inject(PATH)
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { ...good, stale: true })
    assert.match(String(response.headers['cache-control']), /^public, max-age=60, s-maxage=10, stale-while-revalidate=\d+, stale-if-error=86400$/, 'fresh until the next attempt')
    assert.equal(server.requests, 2)

    clock.advance(59_000)
    assert.equal((await app.inject(PATH)).json().stale, true)
    assert.equal(server.requests, 2, 'no retry within the minute')

    server.serve({ kind: 'fixture', name: 'operational' })
    clock.advance(1_000)
    response = await app.inject(PATH)
    assert.equal(server.requests, 3)
    assert.equal(response.json().stale, false)
    assert.equal(response.json().fetchedAt, '2026-11-21T12:02:00.000Z')
  })

  it('current() gives the status page the same value, and undefined without throwing when there is none', async (t) => {
    const server = await upstream(t)
    server.serve({ kind: 'status', status: 503 })
    const { context, app } = await buildTestApp(t, { DISCORD_STATUS_URL: server.url }, { clock: new ManualClock() })
    assert.equal(await context.platformStatus.current(), undefined)
    server.serve({ kind: 'fixture', name: 'operational' })
    ;(context.clock as ManualClock).advance(60_000)
    const value = await context.platformStatus.current()
    assert.equal(value?.indicator, 'none')
    assert.deepEqual((await app.inject(PATH)).json(), value)
    assert.equal(server.requests, 2)
  })
})

const FAILURES: Array<[string, Behaviour]> = [
  ['hangs (the real 3 s timeout)', { kind: 'hang' }],
  ['answers 500', { kind: 'status', status: 500 }],
  ['sends HTML instead of JSON', { kind: 'body', body: '<!doctype html><h1>We are down</h1>', contentType: 'text/html' }],
  ['sends truncated JSON', { kind: 'body', body: fixture('operational').slice(0, 2000) }],
  ['drops the connection mid-body', { kind: 'cut' }],
  ['sends a 5 MiB body', { kind: 'large', bytes: 5 * MiB, declareLength: false }],
  ['sends wrong types', { kind: 'body', body: fixture('operational').replace('"indicator": "none"', '"indicator": 3') }]
]

describe('when the upstream misbehaves', { concurrency: true }, () => {
  for (const [what, behaviour] of FAILURES) {
    it(`${what}: 503 with Retry-After when there is no value yet, no host named anywhere`, async (t) => {
      const server = await upstream(t)
      server.serve(behaviour)
      const { app, logs } = await appFor(t, server)
      const started = performance.now()
      const response = await app.inject(PATH)
      assert.ok(performance.now() - started < 4500, 'answered within the timeout')
      assert.equal(response.statusCode, 503)
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8')
      assert.equal(response.headers['retry-after'], '60')
      assert.equal(response.headers['cache-control'], 'no-store')
      assert.equal(response.json().code, 'upstream_unavailable')
      const warnings = logs.filter((line) => line.includes('chat platform status could not be fetched'))
      assert.equal(warnings.length, 1, 'the failure is logged once')
      // Request logs carry the client's address (127.0.0.1 under inject); the failure's own log line must not.
      const everything = JSON.stringify(response.headers) + response.body + warnings.join('')
      assert.ok(!everything.includes('127.0.0.1') && !everything.includes(`:${server.port}`), 'no upstream host or port in the answer or the log')

      assert.equal((await app.inject(PATH)).statusCode, 503)
      assert.equal(server.requests, 1, 'no second attempt within the minute')
      assert.equal((await app.inject('/api/v1/liveness')).statusCode, 200, 'the process is fine')
    })

    it(`${what}: the last good value, stale, when there is one`, async (t) => {
      const server = await upstream(t)
      const { app, clock } = await appFor(t, server)
      const good = (await app.inject(PATH)).json()
      server.serve(behaviour)
      clock.advance(60_000)
      const started = performance.now()
      const response = await app.inject(PATH)
      assert.ok(performance.now() - started < 4500, 'answered within the timeout')
      assert.equal(response.statusCode, 200)
      assert.deepEqual(response.json(), { ...good, stale: true })
      assert.equal(server.requests, 2)
    })
  }
})

describe('three app instances sharing one Redis', { skip: redisSkip() }, () => {
  let redis: RedisServer
  before(async () => { redis = await startRedis() })
  after(() => redis.destroy())

  async function instances (t: TestContext, server: StatuspageServer, prefix: string) {
    const clock = new ManualClock()
    const config = testConfig(t, { DISCORD_STATUS_URL: server.url, REDIS_URL: redis.url })
    const apps = []
    for (let i = 0; i < 3; i++) {
      const context = await openContext(config, { migrate: true, clock, cacheKeyPrefix: prefix })
      const app = await buildApp(context)
      t.after(async () => { await app.close(); await context.close() })
      assert.equal(context.cacheKind, 'redis')
      apps.push(app)
    }
    return { apps, clock }
  }

  it('make one upstream request per minute between them, however many clients ask', async (t) => {
    const server = await upstream(t)
    const { apps, clock } = await instances(t, server, `discord-${process.pid}-a:`)
    for (let minute = 1; minute <= 3; minute++) {
      const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => apps[i % 3]!.inject(PATH)))
      assert.ok(responses.every((r) => r.statusCode === 200))
      assert.equal(server.requests, minute, `minute ${minute}`)
      assert.equal(new Set(responses.map((r) => r.json().fetchedAt)).size, 1, 'all three serve the same fetch')
      clock.advance(60_000)
    }
  })

  it('share the last good value: an instance that never fetched serves it stale when the upstream fails', async (t) => {
    const server = await upstream(t)
    const { apps, clock } = await instances(t, server, `discord-${process.pid}-b:`)
    const good = (await apps[0]!.inject(PATH)).json()
    server.serve({ kind: 'status', status: 500 })
    clock.advance(60_000)
    const response = await apps[2]!.inject(PATH)
    assert.deepEqual(response.json(), { ...good, stale: true })
    assert.deepEqual((await apps[1]!.inject(PATH)).json(), { ...good, stale: true })
    assert.equal(server.requests, 2)
  })
})

/** Waits (bounded) for something a server does on its own. */
async function waitFor (condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  assert.ok(condition(), 'condition reached')
}
