// A fuzz of the operator routes (fast-check): bad, unknown and missing tokens, bodies that are not JSON, not objects,
// with wrong types, unknown keys or values outside the vocabularies — never a 5xx, every error problem+json, and not a
// row written (the answers Idempotency-Key keeps aside: a kept refusal changes nothing).
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../src/config/index.ts'
import { openContext, type Context } from '../../src/context.ts'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import { OPERATOR_TOKENS, STATUS_FILE, TOKENS } from './operator-process.ts'

const ROUTES: Array<[string, string]> = [
  ['POST', '/v1/incidents'], ['POST', '/v1/incidents/1/updates'], ['POST', '/v1/incidents/1/resolve'], ['GET', '/v1/incidents'],
  ['POST', '/v1/maintenance'], ['POST', '/v1/maintenance/1/end'], ['GET', '/v1/maintenance'],
  ['PUT', '/v1/components/music/status'], ['DELETE', '/v1/components/music/status'], ['PUT', '/v1/components/website/status'],
  ['POST', '/v1/heartbeats'], ['POST', '/v1/push/music'], ['POST', '/v1/nowhere'], ['PATCH', '/v1/incidents'], ['GET', '/v1/incidents/%zz']
]

const FIELDS = ['title', 'impact', 'status', 'message', 'components', 'from', 'to', 'reports', 'shard', 'pingMs', '__proto__', 'constructor', 'extra']

const value = fc.oneof(
  fc.string({ maxLength: 20 }), fc.constantFrom('', ' ', '\u0000', 'x'.repeat(6000), '2026-02-30T10:00Z', '+99999999w', 'resolved', 'nope', 'music=nope', 'website'),
  fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.record({ shard: fc.oneof(fc.integer(), fc.string()), status: fc.string({ maxLength: 8 }) })), { maxLength: 5 })
)

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }).map((object) => JSON.stringify(object)),
  fc.json(),
  fc.constantFrom('', '{', '[]', 'null', '"text"', '{"reports":' + '['.repeat(2000), '{"title":"a","title":"b"}', 'x'.repeat(70_000)),
  fc.constant(JSON.stringify({ reports: Array.from({ length: 1001 }, (_, shard) => ({ shard, status: 'ready' })) }))
)

const token = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(TOKENS.ops, TOKENS.ops, TOKENS.bot, TOKENS.ci),
  fc.constantFrom(`${TOKENS.ops}x`, TOKENS.ops.slice(1), TOKENS.ops.toUpperCase(), '', ' ', 'Bearer', 'null'),
  fc.string({ maxLength: 80 })
)

const scheme = fc.constantFrom('Bearer ', 'bearer ', 'Basic ', 'Bearer  ', 'Token ', '')
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined)
const idempotencyKey = fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('k1', 'a b', 'x'.repeat(300))), { nil: undefined })

let dir: string
let context: Context
let app: FastifyInstance

async function rowCounts (): Promise<Record<string, number>> {
  const { db } = context.database
  const tables = ['incidents', 'incident_updates', 'incident_components', 'maintenances', 'maintenance_components', 'manual_components', 'bot_heartbeats', 'notify_events'] as const
  const counts: Record<string, number> = {}
  for (const table of tables) counts[table] = Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  return counts
}

describe('a fuzz of the operator routes', { timeout: 180_000 }, () => {
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-operator-fuzz-'))
    const statusFile = path.join(dir, 'status.yaml')
    writeFileSync(statusFile, STATUS_FILE)
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, STATUS_FILE: statusFile, OPERATOR_PORT: '1', OPERATOR_TOKENS })
    context = await openContext(config, { migrate: true })
    app = await buildOperatorApp(context)
  })
  after(async () => {
    await app?.close()
    await context?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('never answers 5xx, answers every error as problem+json, and writes nothing', async () => {
    const before = await rowCounts()
    const statuses = new Map<number, number>()
    let requests = 0
    await fc.assert(fc.asyncProperty(fc.constantFrom(...ROUTES), token, scheme, body, contentType, idempotencyKey, fc.boolean(),
      async ([method, url], secret, prefix, payload, type, key, sendBody) => {
        const headers: Record<string, string> = {}
        if (secret !== undefined) headers.authorization = `${prefix}${secret}`
        if (type !== undefined) headers['content-type'] = type
        if (key !== undefined) headers['idempotency-key'] = key
        // A new address each time, so the failed-attempt limit (tested on its own) does not answer everything with 429.
        const remoteAddress = `10.${(++requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`
        const response = await app.inject({ method: method as 'GET', url, headers, remoteAddress, ...(sendBody && method !== 'GET' ? { payload } : {}) })
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
        assert.ok(response.statusCode < 500, `${method} ${url} → ${response.statusCode}: ${response.body.slice(0, 300)}`)
        if (response.statusCode >= 400) {
          assert.match(String(response.headers['content-type']), /^application\/problem\+json/, `${method} ${url} → ${response.statusCode}`)
          const problem = response.json()
          assert.equal(problem.status, response.statusCode)
          for (const known of Object.values(TOKENS)) assert.ok(!response.body.includes(known), 'a token was echoed')
        }
      }), { numRuns: 600 })
    assert.deepEqual(await rowCounts(), before, 'nothing was written')
    // The fuzz reached the routes themselves, not only the token check.
    for (const status of [400, 401, 403, 404]) assert.ok((statuses.get(status) ?? 0) > 0, `no ${status} in ${JSON.stringify([...statuses])}`)
  })
})
