// Every operation of the served OpenAPI document, called for real in its success and error cases (HEAD, 304, 400,
// 404, 405, 429), on SQLite and PostgreSQL: each response must be one the document describes, body and headers.
// Routes that land later are covered without touching this file.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp, databaseBackends, type Env } from '../helper.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { OpenApiContract, invalidValues, operationUrl } from './openapi-contract.ts'

const MISSING = '/no-such-resource'

/** A chat platform status page and a bot status endpoint on loopback, answering well or badly. */
async function upstreams (t: Parameters<typeof buildTestApp>[0], healthy: boolean): Promise<Env> {
  const platform = await StatuspageServer.start()
  const bot = await StatuspageServer.start()
  t.after(() => Promise.all([platform.close(), bot.close()]))
  platform.serve(healthy ? { kind: 'fixture', name: 'minor-incident' } : { kind: 'status', status: 500 })
  bot.serve(healthy ? { kind: 'body', body: '{"status":"ready","shards":{"total":2,"connected":2}}' } : { kind: 'hang' })
  return { DISCORD_STATUS_URL: platform.url, BOT_STATUS_URL: bot.url }
}

for (const backend of databaseBackends()) {
  describe(`the OpenAPI contract on ${backend.name}`, { skip: backend.skip }, () => {
    it('every operation answers as documented: GET, HEAD, 304, 400, 404 and 405', async (t) => {
      const { app, context } = await buildTestApp(t, { ...await backend.env(), ...await upstreams(t, true) })
      // Fastify calls preSerialization hooks for bodies it serialises itself (objects), never for bytes.
      const serialisedByFastify: string[] = []
      app.addHook('preSerialization', async (request, _reply, payload) => {
        serialisedByFastify.push(`${request.method} ${request.url}`)
        return payload
      })
      await reportHeartbeat(context.database, { shard: 0, status: 'ready', pingMs: 40, cluster: 0 })
      await reportHeartbeat(context.database, { shard: 1, status: 'resuming', cluster: 1 })
      await context.monitor.runOnce()
      const served = await app.inject('/api/v1/openapi.json')
      assert.equal(served.statusCode, 200)
      const contract = new OpenApiContract(served.json())
      const entries = contract.operations()
      assert.ok(entries.length >= 4, 'the document lists the operations')
      let succeeded = 0

      for (const entry of entries) {
        await t.test(`${entry.method.toUpperCase()} ${entry.path}`, async () => {
          const method = entry.method.toUpperCase() as 'GET'
          const headOnly = entry.method === 'head' // a HEAD operation: GET's responses, without their bodies
          const url = operationUrl(entry)
          const response = await app.inject({ method, url })
          assert.deepEqual(contract.check(entry, response, { head: headOnly }), [], `${method} ${url}`)

          const head = await app.inject({ method: 'HEAD', url })
          assert.equal(head.statusCode, response.statusCode)
          assert.deepEqual(contract.check(entry, head, { head: true }), [], `HEAD ${url}`)

          if (response.statusCode === 200) {
            succeeded++
            const etag = String(response.headers.etag)
            const notModified = await app.inject({ method, url, headers: { 'if-none-match': etag } })
            assert.equal(notModified.statusCode, 304, 'If-None-Match with the current ETag')
            assert.deepEqual(contract.check(entry, notModified, { head: headOnly }), [], `304 for ${url}`)
          }

          for (const other of ['POST', 'PUT', 'DELETE'] as const) {
            const refused = await app.inject({ method: other, url })
            assert.equal(refused.statusCode, 405, `${other} ${url}`)
            assert.deepEqual(contract.check(entry, refused), [], `${other} ${url}`)
          }

          for (const parameter of (entry.operation.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path')) {
            for (const { value, why } of invalidValues(parameter).filter((v) => parameter.in === 'query' || v.why !== 'missing')) {
              const bad = await app.inject({ method, url: operationUrl(entry, { [parameter.name]: value }) })
              assert.equal(bad.statusCode, 400, `${parameter.name} ${why}`)
              assert.deepEqual(contract.check(entry, bad, { head: headOnly }), [], `${parameter.name} ${why}`)
            }
          }

          // A mistyped path below an API path; the documentation's own pages decide what lies below /docs/.
          // (Unless another operation's path template takes that URL, as /shards/{guildId} takes /shards/anything.)
          const missingUrl = `${operationUrl(entry).split('?')[0]!}${MISSING}`
          const shadowed = entries.some((other) => new RegExp(`^${other.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(missingUrl))
          if (/^\/(api|\.well-known)\//.test(entry.path) && !shadowed) {
            const missing = await app.inject({ method, url: missingUrl })
            assert.equal(missing.statusCode, 404)
            assert.deepEqual(contract.check(entry, missing, { head: headOnly }), [], `${entry.path}${MISSING}`)
          }
        })
      }
      assert.equal(succeeded, entries.length, 'with the stores and upstreams well, every operation answers 200')
      // So Fastify need not compile the response schemas into serializers (src/app.ts).
      assert.deepEqual(serialisedByFastify, [], 'every response, error or not, is sent as bytes serialised once (src/lib/serialized.ts)')
    })

    it('the designed failures answer as documented: health down, no platform status, not ready', async (t) => {
      const { app, context } = await buildTestApp(t, { ...await backend.env(), ...await upstreams(t, false) })
      const contract = new OpenApiContract((await app.inject('/api/v1/openapi.json')).json())
      const entry = (path: string) => contract.operations().find((e) => e.path === path && e.method === 'get')!
      const expect = async (path: string, status: number) => {
        const response = await app.inject(path)
        assert.equal(response.statusCode, status, path)
        assert.deepEqual(contract.check(entry(path), response), [], path)
      }
      await expect('/api/v1/health', 503) // no check yet: a problem
      const lookup = contract.operations().find((e) => e.path === '/api/v1/health/shards/{guildId}')!
      const noShards = await app.inject(operationUrl(lookup))
      assert.equal(noShards.statusCode, 503, 'no shard has reported')
      assert.deepEqual(contract.check(lookup, noShards), [])
      await expect('/api/v1/health/shards', 503)
      await context.monitor.runOnce() // the bot's endpoint hangs: the bot is down, and so is the service
      await expect('/api/v1/health', 503) // the health body itself
      await expect('/api/v1/health/discord', 503)
      context.readiness.markShuttingDown()
      await expect('/api/v1/readiness', 503)
    })

    it('every rate-limited operation documents its 429, and exempt ones never give it', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:10.000Z')
      const { app } = await buildTestApp(t, { ...await backend.env(), RATE_LIMIT_PER_MINUTE: '1' }, { clock })
      const contract = new OpenApiContract((await app.inject('/api/v1/openapi.json')).json())
      let limited = 0
      for (const entry of contract.operations()) {
        const response = await app.inject({ method: entry.method.toUpperCase() as 'GET', url: operationUrl(entry) })
        if (entry.operation.responses['429'] === undefined) {
          assert.notEqual(response.statusCode, 429, `${entry.path} is documented as exempt from the rate limit`)
        } else {
          assert.equal(response.statusCode, 429, `${entry.path}: the one request of this minute is used up`)
          limited++
        }
        assert.deepEqual(contract.check(entry, response, { head: entry.method === 'head' }), [], entry.path)
      }
      assert.ok(limited >= 2, 'the catalog and the OpenAPI description count toward the limit')
    })
  })
}
