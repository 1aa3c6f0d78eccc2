// The fault suite: real processes, no mocks. PostgreSQL killed -9 and brought back, Redis stopped and brought back,
// the chat platform and the bot's status endpoint hanging, failing and lying, SIGTERM under load. Every time:
// liveness answers, readiness and health tell the truth within a probe interval or so, nothing but designed
// answers, recovery without a restart, the outage in the history, memory bounded.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import type { HealthBody } from '../../src/api/health.ts'
import { startApp, type AppProcess } from '../services/app-process.ts'
import { postgresSkip, startPostgres, type PostgresServer } from '../services/postgres.ts'
import { startTogether } from '../services/start-together.ts'
import { redisSkip, startRedis, type RedisServer } from '../services/redis.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { SteadyLoad, eventually, jsonOf, rssMiB, statusOf } from './steady-load.ts'
import { tempDir } from '../helper.ts'

const BOT_OK = JSON.stringify({ status: 'ready', shards: { total: 4, connected: 4 }, ping: 42 })

describe('faults under steady load (PostgreSQL + Redis)', { skip: postgresSkip() ?? redisSkip() }, () => {
  let postgres: PostgresServer
  let redis: RedisServer
  let platform: StatuspageServer
  let bot: StatuspageServer
  let databaseUrl: string
  let app: AppProcess
  let rssAtStart: number

  before(async () => {
    ;[postgres, redis, platform, bot] = await startTogether(startPostgres(), startRedis(), StatuspageServer.start(), StatuspageServer.start())
    bot.serve({ kind: 'body', body: BOT_OK })
    databaseUrl = await postgres.createDatabase()
    app = await startApp({
      DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DISCORD_STATUS_URL: platform.url, BOT_STATUS_URL: bot.url,
      PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0'
    })
    await eventually('first health check', 10_000, async () => await statusOf(`${app.url}/api/v1/health`) === 200)
    rssAtStart = rssMiB(app.child.pid!)
  })

  after(async () => {
    await app?.stop('SIGKILL')
    await Promise.all([platform?.close(), bot?.close(), redis?.destroy()])
    postgres?.destroy()
  })

  const health = () => jsonOf<HealthBody>(`${app.url}/api/v1/health`)

  it('PostgreSQL killed -9: readiness and health say so within seconds, liveness never wavers, and all recovers', async () => {
    const load = new SteadyLoad([app.url])
    load.start()
    await new Promise((resolve) => setTimeout(resolve, 500))

    postgres.kill()
    const noticed = await eventually('readiness 503 and health down', 8000, async () =>
      await statusOf(`${app.url}/api/v1/readiness`) === 503 && (await health()).components.database.status === 'down')
    assert.equal(await statusOf(`${app.url}/api/v1/health`), 503, 'health is 503 while the database is down')
    assert.equal(await statusOf(`${app.url}/api/v1/liveness`), 200)
    await new Promise((resolve) => setTimeout(resolve, 1500)) // keep the load on the dead database for a while

    postgres.start()
    const recovered = await eventually('readiness 200 and health ok again', 20_000, async () =>
      await statusOf(`${app.url}/api/v1/readiness`) === 200 && (await health()).components.database.status === 'ok')
    await load.stop()

    assert.deepEqual(load.violations, [], 'only designed answers under the fault')
    assert.equal(load.connectionErrors, 0, 'the service itself never dropped a connection')
    assert.ok(load.count('/api/v1/liveness', 200) > 10, 'liveness kept answering')
    assert.ok(load.count('/api/v1/health', 503) > 0, 'health said down during the outage')
    console.log(`# database fault noticed in ${noticed.toFixed(0)} ms, recovery seen ${recovered.toFixed(0)} ms after restart; ${load.answers.length} answers`)

    // The outage is in the history: the minute checks buffered while the database was away were written back.
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      await eventually('the outage minutes written to component_checks', 10_000, async () => {
        const { rows } = await client.query("select count(*)::int as n from component_checks where component = 'database' and status = 'down'")
        return rows[0].n > 0
      })
    } finally {
      await client.end()
    }
  })

  it('Redis stopped: cache down and the service degraded but serving; Redis back: ok again, no restart', async () => {
    const load = new SteadyLoad([app.url])
    load.start()
    await redis.stop()
    await eventually('cache reported down', 6000, async () => {
      const body = await health()
      return body.components.cache.status === 'down' && body.status === 'degraded'
    })
    assert.equal(await statusOf(`${app.url}/api/v1/health`), 200, 'degraded is still 200')
    await redis.start()
    await eventually('cache ok again', 15_000, async () => (await health()).components.cache.status === 'ok')
    await load.stop()
    assert.deepEqual(load.violations, [])
    assert.equal(load.connectionErrors, 0)
  })

  it('the bot status endpoint hanging, failing and lying: the bot is reported down or as it says, never a crash', async () => {
    const load = new SteadyLoad([app.url])
    load.start()
    const cases: Array<{ name: string, behaviour: Parameters<StatuspageServer['serve']>[0], expect: string[] }> = [
      { name: 'hanging', behaviour: { kind: 'hang' }, expect: ['down'] },
      { name: 'answering 500', behaviour: { kind: 'status', status: 500 }, expect: ['down'] },
      { name: 'garbage', behaviour: { kind: 'body', body: '\u0000\u00ff not json {{{' }, expect: ['ok'] },
      { name: 'lying shard counts', behaviour: { kind: 'body', body: '{"status":"ready","shards":{"total":-3,"connected":99},"ping":"fast"}' }, expect: ['ok'] },
      { name: 'saying it is down', behaviour: { kind: 'body', body: '{"status":"offline"}' }, expect: ['down'] },
      { name: 'a huge body', behaviour: { kind: 'large', bytes: 5 * 1024 * 1024, declareLength: false }, expect: ['ok', 'down'] }
    ]
    for (const c of cases) {
      bot.serve(c.behaviour)
      await eventually(`bot ${c.name} → ${c.expect.join('/')}`, 8000, async () => {
        const body = await health()
        return c.expect.includes(body.components.bot.status) && (body.components.bot.status !== 'down' || body.status === 'down')
      })
    }
    bot.serve({ kind: 'body', body: BOT_OK })
    await eventually('bot ok again', 8000, async () => (await health()).components.bot.status === 'ok')
    await load.stop()
    assert.deepEqual(load.violations, [])
    assert.equal(load.connectionErrors, 0)
  })

  it('keeps memory bounded through all of it', () => {
    const rss = rssMiB(app.child.pid!)
    console.log(`# RSS ${rssAtStart.toFixed(0)} MiB at start, ${rss.toFixed(0)} MiB after the faults`)
    assert.ok(rss < Math.max(rssAtStart * 1.5, rssAtStart + 64), `RSS grew from ${rssAtStart.toFixed(0)} to ${rss.toFixed(0)} MiB`)
  })
})

describe('the chat platform misbehaving, on a cold start each time (embedded)', () => {
  const behaviours: Array<[string, Parameters<StatuspageServer['serve']>[0]]> = [
    ['hanging', { kind: 'hang' }],
    ['slow but in time', { kind: 'fixture', name: 'operational' }],
    ['failing with 500', { kind: 'status', status: 500 }],
    ['lying with HTML', { kind: 'body', body: '<html>maintenance</html>', contentType: 'text/html' }],
    ['lying with wrong types', { kind: 'body', body: '{"page":{"id":1},"status":{"indicator":42},"components":"none"}' }],
    ['a 5 MiB body', { kind: 'large', bytes: 5 * 1024 * 1024, declareLength: false }]
  ]
  for (const [name, behaviour] of behaviours) {
    it(`${name}: a bounded, designed answer, and the rest of the service unaffected`, async (t) => {
      const platform = await StatuspageServer.start()
      t.after(() => platform.close())
      platform.serve(behaviour)
      const release = name === 'slow but in time' ? platform.hold() : undefined
      if (release !== undefined) setTimeout(release, 2000)
      const app = await startApp({ DATA_DIR: tempDir(t), DISCORD_STATUS_URL: platform.url, RATE_LIMIT_PER_MINUTE: '0' })
      t.after(() => app.stop('SIGKILL'))
      const started = performance.now()
      const response = await fetch(`${app.url}/api/v1/health/discord`, { signal: AbortSignal.timeout(6000) })
      const elapsed = performance.now() - started
      if (name === 'slow but in time') {
        assert.equal(response.status, 200)
      } else {
        assert.equal(response.status, 503)
        assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/)
        assert.ok(Number(response.headers.get('retry-after')) > 0)
        const text = await response.text()
        assert.ok(!text.includes('127.0.0.1') && !new RegExp(`\\b${platform.port}\\b`).test(text), 'no upstream address leaks')
      }
      assert.ok(elapsed < 4500, `answered in ${elapsed.toFixed(0)} ms (upstream timeout 3 s)`)
      assert.equal(await statusOf(`${app.url}/api/v1/liveness`), 200)
      assert.notEqual(await statusOf(`${app.url}/api/v1/health/incidents`), 500)
    })
  }
})

describe('SIGTERM under load', () => {
  it('drains: only designed answers until the end, exit 0 within 10 s', async (t) => {
    const app = await startApp({ DATA_DIR: tempDir(t), RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))
    const load = new SteadyLoad([app.url], [
      { path: '/api/v1/liveness', allowed: [200] },
      { path: '/api/v1/readiness', allowed: [200, 503] },
      { path: '/api/v1/health/incidents', allowed: [200] }
    ])
    load.start(8)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const started = performance.now()
    const code = await app.stop('SIGTERM')
    const took = performance.now() - started
    await load.stop()
    assert.equal(code, 0)
    assert.ok(took < 10_000, `exited after ${took.toFixed(0)} ms`)
    assert.deepEqual(load.violations, [], 'every answer given was a designed one')
    assert.ok(load.answers.length > 50)
  })
})
