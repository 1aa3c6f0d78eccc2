// GET /api/v1/health and /history on SQLite and PostgreSQL: the documented shapes, status codes, ETags, served from memory.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Compile } from 'typebox/compile'
import { HealthBody, HistoryBody } from '../../src/api/health.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import { seedHistory } from '../../src/demo/seed.ts'
import { VERSION } from '../../src/monitor/version.ts'
import { scheduleMaintenance } from '../../src/incidents/writes.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

const healthSchema = Compile(HealthBody)
const historySchema = Compile(HistoryBody)

for (const backend of databaseBackends()) {
  describe(`health endpoints on ${backend.name}`, { skip: backend.skip }, () => {
    it('health is the documented shape, 200 when ok, with its ETag, Cache-Control and 304', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:00.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      const early = await app.inject('/api/v1/health')
      assert.equal(early.statusCode, 503, 'before the first check')
      assert.equal(early.json().code, 'not_ready')

      clock.advance(3_600_000)
      await reportHeartbeat(context.database, { shard: 0, status: 'ready', pingMs: 41, guilds: 10, at: new Date(clock.now()) })
      await context.monitor.runOnce()
      const response = await app.inject('/api/v1/health')
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['content-type'], 'application/json; charset=utf-8')
      assert.match(String(response.headers['cache-control']), /^public, max-age=10, s-maxage=\d+, /)
      const body = response.json()
      assert.ok(healthSchema.Check(body), JSON.stringify([...healthSchema.Errors(body)]))
      assert.deepEqual(Object.keys(body), ['status', 'version', 'uptimeSeconds', 'startedAt', 'checkedAt', 'maintenance', 'indicator', 'components'])
      assert.equal(body.indicator, 'none')
      assert.equal(body.status, 'ok')
      assert.equal(body.version, VERSION)
      assert.equal(body.uptimeSeconds, 3600)
      assert.equal(body.startedAt, '2026-11-21T12:00:00.000Z')
      assert.equal(body.checkedAt, '2026-11-21T13:00:00.000Z')
      assert.equal(body.maintenance, false)
      assert.equal(body.components.database.status, 'ok')
      assert.ok(typeof body.components.database.latencyMs === 'number' && body.components.database.latencyMs >= 0)
      assert.deepEqual(body.components.cache, { status: 'ok', latencyMs: 0, message: 'In-process memory cache.' })
      assert.deepEqual(body.components.bot, { status: 'ok', latencyMs: 41, shards: { total: 1, connected: 1 } })

      const etag = response.headers.etag as string
      assert.match(etag, /^"[\w-]+"$/)
      const again = await app.inject({ url: '/api/v1/health', headers: { 'if-none-match': etag } })
      assert.equal(again.statusCode, 304)
      assert.equal(again.body, '')
      const head = await app.inject({ method: 'HEAD', url: '/api/v1/health' })
      assert.equal(head.statusCode, 200)
      assert.equal(head.headers.etag, etag)
    })

    it('answers 503 with the same shape when the bot is down, and says so in the minute history', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:10.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      await reportHeartbeat(context.database, { shard: 0, status: 'ready', pingMs: 41, at: new Date(clock.now() - 600_000) })
      await context.monitor.runOnce()
      const response = await app.inject('/api/v1/health')
      assert.equal(response.statusCode, 503)
      assert.equal(response.json().status, 'down')
      assert.equal(response.json().components.bot.message, 'No bot shard is connected.')
      // Down is the news a surge of readers comes for: as cacheable as ok, so a shared cache answers them (docs/en/architecture.md#edge).
      assert.match(String(response.headers['cache-control']), /^public, max-age=10, s-maxage=10, /)

      const history = (await app.inject('/api/v1/health/history')).json()
      assert.deepEqual(history.checks, [{ at: '2026-11-21T12:00:00.000Z', status: 'down', components: { database: 'ok', cache: 'ok', bot: 'down' } }])
      assert.equal(history.uptime.daily[89].downChecks, 1)
    })

    it('serves health from memory: no database query per request', async (t) => {
      const { app, context } = await buildTestApp(t, await backend.env())
      await context.monitor.runOnce()
      const executor = context.database.db.getExecutor()
      const executeQuery = executor.executeQuery.bind(executor)
      let queries = 0
      executor.executeQuery = (query, options) => { queries++; return executeQuery(query, options) }
      const responses = await Promise.all(Array.from({ length: 20 }, () => app.inject('/api/v1/health')))
      assert.ok(responses.every((r) => r.statusCode === 200))
      assert.equal(queries, 0)
      assert.equal(new Set(responses.map((r) => r.body)).size, 1, 'the same bytes until the next probe')
    })

    it('history: 90 daily entries over a seeded history, recomputed at most once a minute', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:30.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      await seedHistory(context.database, { days: 90, now: clock.now(), replace: false })
      const response = await app.inject('/api/v1/health/history')
      assert.equal(response.statusCode, 200)
      assert.match(String(response.headers['cache-control']), /^public, max-age=60, s-maxage=\d+, /)
      const body = response.json()
      assert.ok(historySchema.Check(body), JSON.stringify([...historySchema.Errors(body)].slice(0, 3)))
      assert.equal(body.uptime.daily.length, 90)
      assert.equal(body.uptime.to, '2026-11-21')
      assert.equal(body.checks.at(-1)?.at, '2026-11-21T12:00:00.000Z')
      assert.equal(body.generatedAt, '2026-11-21T12:00:30.000Z')

      // A new check in the same minute does not recompute; the next minute does (in the background).
      await context.monitor.runOnce()
      clock.advance(20_000)
      assert.equal((await app.inject('/api/v1/health/history')).body, response.body)
      clock.advance(30_000)
      await context.monitor.runOnce()
      const next = (await app.inject('/api/v1/health/history')).json()
      assert.equal(next.generatedAt, '2026-11-21T12:01:20.000Z')
      assert.equal(next.checks.at(-1).at, '2026-11-21T12:01:00.000Z')
      const etag = (await app.inject('/api/v1/health/history')).headers.etag as string
      assert.equal((await app.inject({ url: '/api/v1/health/history', headers: { 'if-none-match': etag } })).statusCode, 304)
    })
  })
}

describe('maintenance flag', () => {
  it('follows the maintenance window by the clock on every request, without a new probe', async (t) => {
    const clock = new ManualClock('2026-11-21T12:00:00.000Z')
    const { app, context } = await buildTestApp(t, {}, { clock })
    await scheduleMaintenance(context.database.db, { title: 'Upgrade', message: 'Brief pause.', startsAt: clock.now() + 60_000, endsAt: clock.now() + 120_000 }, clock.now())
    await context.incidents.refresh()
    await context.monitor.runOnce()
    assert.equal((await app.inject('/api/v1/health')).json().maintenance, false)
    clock.advance(60_000)
    const during = await app.inject('/api/v1/health')
    assert.equal(during.json().maintenance, true)
    clock.advance(60_000)
    const after = await app.inject('/api/v1/health')
    assert.equal(after.json().maintenance, false)
    assert.notEqual(during.headers.etag, after.headers.etag)
  })
})
