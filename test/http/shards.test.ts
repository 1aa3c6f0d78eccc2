// GET /api/v1/health/shards and /shards/{guildId} on SQLite and PostgreSQL: clusters, silent and missing shards,
// BigInt lookups, 400 and 503 problems, ETags, and no database query per request.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Compile } from 'typebox/compile'
import { SNOWFLAKE_PATTERN, ShardLookupBody, ShardsBody } from '../../src/api/shards.ts'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

const shardsSchema = Compile(ShardsBody)
const lookupSchema = Compile(ShardLookupBody)

for (const backend of databaseBackends()) {
  describe(`shard endpoints on ${backend.name}`, { skip: backend.skip }, () => {
    it('503 problem until a shard reports, then the shards by cluster with silent and missing ones', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:00.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      await context.monitor.runOnce()
      for (const url of ['/api/v1/health/shards', '/api/v1/health/shards/81384788765712384']) {
        const early = await app.inject(url)
        assert.equal(early.statusCode, 503, url)
        assert.match(String(early.headers['content-type']), /^application\/problem\+json/)
        assert.equal(early.json().code, 'not_ready')
      }

      const at = new Date(clock.now())
      // 16 shards in two clusters; 9 never reported, 12 silent for 10 minutes, 3 reconnecting.
      for (let shard = 0; shard < 16; shard++) {
        if (shard === 9) continue
        await reportHeartbeat(context.database, {
          shard,
          cluster: shard < 8 ? 0 : 1,
          status: shard === 3 ? 'reconnecting' : 'ready',
          pingMs: 40 + shard,
          at: shard === 12 ? new Date(clock.now() - 600_000) : at
        })
      }
      await context.monitor.runOnce()
      const response = await app.inject('/api/v1/health/shards')
      assert.equal(response.statusCode, 200)
      assert.match(String(response.headers['cache-control']), /^public, max-age=10, s-maxage=\d+, /)
      const body = response.json() as ShardsBody
      assert.ok(shardsSchema.Check(body), JSON.stringify([...shardsSchema.Errors(body)].slice(0, 3)))
      assert.equal(body.total, 16)
      assert.equal(body.connected, 13)
      assert.deepEqual(body.clusters.map((c) => [c.id, c.shards.map((s) => s.id)]), [[0, [0, 1, 2, 3, 4, 5, 6, 7]], [1, [8, 9, 10, 11, 12, 13, 14, 15]]])
      const shard = (id: number) => body.clusters.flatMap((c) => c.shards).find((s) => s.id === id)!
      assert.deepEqual(shard(0), { id: 0, status: 'ready', connected: true, latencyMs: 40, lastHeartbeatAt: '2026-11-21T12:00:00.000Z' })
      assert.deepEqual(shard(3), { id: 3, status: 'reconnecting', connected: false, latencyMs: 43, lastHeartbeatAt: '2026-11-21T12:00:00.000Z' })
      assert.deepEqual(shard(9), { id: 9, status: 'missing', connected: false, latencyMs: null, lastHeartbeatAt: null })
      assert.equal(shard(12).status, 'silent')
      const health = (await app.inject('/api/v1/health')).json()
      assert.deepEqual(health.components.bot.shards, { total: 16, connected: 13 }, 'health counts the same shards')

      const etag = String(response.headers.etag)
      assert.equal((await app.inject({ url: '/api/v1/health/shards', headers: { 'if-none-match': etag } })).statusCode, 304)
    })

    it('finds a guild\'s shard with 64-bit arithmetic, and refuses what is not a snowflake with 400', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:00.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      for (let shard = 0; shard < 16; shard++) {
        await reportHeartbeat(context.database, { shard, cluster: Math.floor(shard / 4), status: shard === 15 ? 'resuming' : 'ready', at: new Date(clock.now()) })
      }
      await context.monitor.runOnce()
      const top = await app.inject('/api/v1/health/shards/18446744073709551615')
      assert.equal(top.statusCode, 200)
      assert.equal(top.body, '{"guildId":"18446744073709551615","shard":15,"cluster":3,"status":"resuming","connected":false}')
      assert.ok(lookupSchema.Check(top.json()))
      const discord = (await app.inject('/api/v1/health/shards/81384788765712384')).json()
      assert.deepEqual(discord, { guildId: '81384788765712384', shard: 2, cluster: 0, status: 'ready', connected: true })
      const etag = String(top.headers.etag)
      assert.equal((await app.inject({ url: '/api/v1/health/shards/18446744073709551615', headers: { 'if-none-match': etag } })).statusCode, 304)
      assert.notEqual((await app.inject('/api/v1/health/shards/81384788765712384')).headers.etag, etag)

      for (const bad of ['18446744073709551616', '99999999999999999999', '8138478876571238', '081384788765712384', 'abc', '1e18', '%20']) {
        const response = await app.inject(`/api/v1/health/shards/${bad}`)
        assert.equal(response.statusCode, 400, bad)
        assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
        assert.equal(response.json().code, 'invalid_request')
        assert.match(response.json().detail, /snowflake/)
      }
    })

    it('answers from the snapshot: no database query per request', async (t) => {
      const { app, context } = await buildTestApp(t, await backend.env())
      await reportHeartbeat(context.database, { shard: 0, status: 'ready' })
      await context.monitor.runOnce()
      const executor = context.database.db.getExecutor()
      const executeQuery = executor.executeQuery.bind(executor)
      let queries = 0
      executor.executeQuery = (query, options) => { queries++; return executeQuery(query, options) }
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => app.inject(i % 2 === 0 ? '/api/v1/health/shards' : '/api/v1/health/shards/81384788765712384')))
      assert.ok(responses.every((r) => r.statusCode === 200))
      assert.equal(queries, 0)
    })
  })
}

describe('the guildId contract', () => {
  it('declares guildId in the OpenAPI document with the pattern the server applies: nothing at or above 2^64', async (t) => {
    const { app } = await buildTestApp(t)
    const openapi = (await app.inject('/api/v1/openapi.json')).json() as { paths: Record<string, { get: { parameters: Array<{ name: string, schema: { pattern?: string } }> } }> }
    const pattern = openapi.paths['/api/v1/health/shards/{guildId}']!.get.parameters.find((parameter) => parameter.name === 'guildId')!.schema.pattern!
    assert.equal(pattern, SNOWFLAKE_PATTERN)
    for (const [id, admitted] of [['18446744073709551615', true], ['18446744073709551616', false], ['99999999999999999999', false], ['81384788765712384', true]] as const) {
      assert.equal(new RegExp(pattern).test(id), admitted, id)
      assert.equal((await app.inject(`/api/v1/health/shards/${id}`)).statusCode === 400, !admitted, id)
    }
  })
})
