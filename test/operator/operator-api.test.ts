// The operator API on a real process (SQLite): every route, tokens (401, 403, 429), Idempotency-Key, a 1,000-report
// heartbeat batch, changes reaching the public API, its OpenAPI document (valid, and true of real answers), and the
// public port staying GET-only with no trace of the operator API or of who made a change.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import type { LightMyRequestResponse } from 'fastify'
import { OpenApiContract, type OperationEntry } from '../discovery/openapi-contract.ts'
import { TOKENS, eventually, startOperatorProcess, type Answer, type OperatorProcess } from './operator-process.ts'

let service: OperatorProcess
let dir: string
const answers: Array<{ method: string, path: string, answer: Answer }> = []

/** A call whose answer is kept, to hold it to the OpenAPI document at the end. */
async function call (method: string, pathname: string, options: Parameters<OperatorProcess['call']>[2] = {}): Promise<Answer> {
  const answer = await service.call(method, pathname, options)
  answers.push({ method, path: pathname, answer })
  return answer
}

const publicJson = async (pathname: string) => (await fetch(`${service.app.url}${pathname}`)).json() as Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the operator API on a real process', { timeout: 240_000 }, () => {
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-operator-'))
    service = await startOperatorProcess(dir)
  })
  after(async () => {
    await service?.app.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('opens, updates, resolves and lists incidents, recording the token name; the public API shows them without it', async () => {
    const opened = await call('POST', '/v1/incidents', { token: TOKENS.ci, body: { title: 'Music stutters', impact: 'minor', message: 'Looking into it.', components: ['music'] } })
    assert.equal(opened.status, 201, opened.text)
    assert.equal(opened.json.status, 'investigating')
    assert.deepEqual(opened.json.components, [{ id: 'music', status: 'degraded_performance' }])
    assert.equal(opened.json.updates[0].by, 'ci')
    const id = opened.json.id as number

    const updated = await call('POST', `/v1/incidents/${id}/updates`, { token: TOKENS.ops, body: { status: 'identified', message: 'A node is slow.', components: ['music=major_outage'] } })
    assert.equal(updated.status, 201, updated.text)
    assert.deepEqual(updated.json.updates.map((u: { by: string }) => u.by), ['ops', 'ci'])
    assert.deepEqual(updated.json.components, [{ id: 'music', status: 'major_outage' }])

    const open = await call('GET', '/v1/incidents', { token: TOKENS.ci })
    assert.deepEqual(open.json.incidents.map((i: { id: number }) => i.id), [id])

    // Within 15 s on the public API (this replica refreshes at once).
    const shown = await eventually(() => publicJson('/api/v1/health/incidents'), (body) => body.incidents[0]?.status === 'identified', 15_000)
    assert.ok(!JSON.stringify(shown).includes('"by"'), 'by is never published')
    const components = await eventually(() => publicJson('/api/v1/health/components'), (body) => body.components.find((c: { id: string }) => c.id === 'music')?.status === 'major_outage', 15_000)
    assert.equal(components.indicator, 'critical')

    const resolved = await call('POST', `/v1/incidents/${id}/resolve`, { token: TOKENS.ci, body: {} })
    assert.equal(resolved.status, 200, resolved.text)
    assert.equal(resolved.json.status, 'resolved')
    assert.equal(resolved.json.updates[0].message, 'This incident has been resolved.')
    assert.deepEqual((await call('GET', '/v1/incidents?state=open', { token: TOKENS.ci })).json.incidents, [])
    assert.equal((await call('GET', '/v1/incidents?state=all', { token: TOKENS.ci })).json.incidents[0].id, id)
  })

  it('refuses bad input with the CLI\'s words as a 400 problem, writing nothing', async () => {
    const before = (await call('GET', '/v1/incidents?state=all', { token: TOKENS.ops })).json.incidents.length
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/v1/incidents', { title: '', impact: 'minor', message: 'm' }, /^title must not be empty$/],
      ['POST', '/v1/incidents', { title: 't', impact: 'huge', message: 'm' }, /^impact must be one of none, minor, major, critical \(got "huge"\)$/],
      ['POST', '/v1/incidents', { title: 't', impact: 'minor', message: 'm', status: 'resolved' }, /^status resolved makes no sense for a new incident$/],
      ['POST', '/v1/incidents', { title: 't', impact: 'minor', message: 'm', components: ['nope'] }, /^component "nope" is not a declared component \(declared: bot, music, api, website, reminders\)$/],
      ['POST', '/v1/incidents', { title: 't', impact: 'minor' }, /^message is required$/],
      ['POST', '/v1/incidents', { title: 't', impact: 'minor', message: 'm', extra: 1 }, /unknown field "extra"/],
      ['POST', '/v1/incidents/abc/updates', { message: 'm' }, /^"abc" is not a valid incident id/],
      ['POST', '/v1/incidents/999/updates', { message: 'm' }, /^there is no incident 999$/],
      ['POST', '/v1/maintenance', { title: 't', message: 'm', from: '2026-11-21T22:00', to: '+1h' }, /^from "2026-11-21T22:00" has no time zone/],
      ['POST', '/v1/maintenance', { title: 't', message: 'm', from: '+2h', to: '+1h' }, /^to \(.*\) must be after from/],
      ['POST', '/v1/maintenance/999/end', {}, /^there is no maintenance 999$/],
      ['PUT', '/v1/components/website/status', { status: 'major_outage' }, /"website" is measured by its http check/],
      ['PUT', '/v1/components/music/status', { status: 'under_maintenance' }, /^the status must be one of operational/],
      ['POST', '/v1/heartbeats', { reports: [{ shard: 0, status: 'ready' }, { shard: -1, status: 'ready' }] }, /^reports\[1\]: shard must be a whole number from 0/],
      ['POST', '/v1/heartbeats', { reports: [{ shard: 4, status: 'ready', total: 4 }] }, /^shard 4 is not below total 4/],
      ['POST', '/v1/shards/forget', { shards: '5-2' }, /^shards: "5-2" is not a shard id/]
    ]
    for (const [method, pathname, body, detail] of cases) {
      const answer = await call(method, pathname, { token: TOKENS.ops, body })
      assert.equal(answer.status, 400, `${method} ${pathname}: ${answer.text}`)
      assert.match(answer.headers.get('content-type')!, /^application\/problem\+json/)
      assert.match(answer.json.detail, detail, `${method} ${pathname}`)
    }
    assert.equal((await call('GET', '/v1/incidents?state=all', { token: TOKENS.ops })).json.incidents.length, before)
    assert.equal((await publicJson('/api/v1/health/shards').catch(() => undefined))?.total ?? 0, 0, 'no shard was recorded')
  })

  it('schedules, lists and ends maintenance with the CLI\'s time forms', async () => {
    const scheduled = await call('POST', '/v1/maintenance', { token: TOKENS.ci, body: { title: 'Database upgrade', message: 'Slow for a bit.', from: 'now', to: '+1h', components: ['api'] } })
    assert.equal(scheduled.status, 201, scheduled.text)
    assert.equal(scheduled.json.state, 'active')
    assert.equal(scheduled.json.by, 'ci')
    await eventually(() => publicJson('/api/v1/health/components'), (body) => body.components.find((c: { id: string }) => c.id === 'api')?.status === 'under_maintenance', 15_000)
    const listed = await call('GET', '/v1/maintenance', { token: TOKENS.ci })
    assert.ok(listed.json.maintenance.some((w: { id: number }) => w.id === scheduled.json.id))
    const ended = await call('POST', `/v1/maintenance/${scheduled.json.id}/end`, { token: TOKENS.ops })
    assert.equal(ended.status, 200, ended.text)
    assert.equal(ended.json.was, 'active')
    assert.equal(ended.json.endedBy, 'ops')
  })

  it('sets and clears a manual component; every surface shows it within 15 s', async () => {
    const set = await call('PUT', '/v1/components/api/status', { token: TOKENS.ops, body: { status: 'partial_outage', message: 'Some requests fail.' } })
    assert.equal(set.status, 200, set.text)
    assert.deepEqual(set.json, { id: 'api', status: 'partial_outage', message: 'Some requests fail.', by: 'ops' })
    const shown = await eventually(() => publicJson('/api/v1/health/components'), (body) => body.components.find((c: { id: string }) => c.id === 'api')?.status === 'partial_outage', 15_000)
    assert.equal(shown.components.find((c: { id: string }) => c.id === 'api').message, 'Some requests fail.')
    const cleared = await call('DELETE', '/v1/components/api/status', { token: TOKENS.ops })
    assert.equal(cleared.status, 200, cleared.text)
    assert.deepEqual(cleared.json, { id: 'api', status: 'operational', message: null, by: 'ops' }, 'who cleared it, as who set it')
    await eventually(() => publicJson('/api/v1/health/components'), (body) => body.components.find((c: { id: string }) => c.id === 'api')?.status === 'operational', 15_000)
    assert.equal((await call('PUT', '/v1/components/api/status', { token: TOKENS.ci, body: { status: 'operational' } })).status, 403, 'components needs its scope')
  })

  it('records a push of a push component, shown within 15 s; anything else is a 404, a bad push a 400 in the CLI\'s words', async () => {
    const pushed = await call('POST', '/v1/push/reminders', { token: TOKENS.worker, body: { status: 'degraded', latencyMs: 812, message: 'The queue is long.' } })
    assert.equal(pushed.status, 200, pushed.text)
    assert.deepEqual({ ...pushed.json, at: undefined }, { component: 'reminders', status: 'degraded', latencyMs: 812, message: 'The queue is long.', at: undefined })
    const shown = await eventually(() => publicJson('/api/v1/health/components'), (body) => body.components.find((c: { id: string }) => c.id === 'reminders')?.status === 'degraded_performance', 15_000)
    assert.equal(shown.components.find((c: { id: string }) => c.id === 'reminders').message, 'The queue is long.')
    const bare = await call('POST', '/v1/push/reminders', { token: TOKENS.worker })
    assert.equal(bare.status, 200, bare.text)
    assert.equal(bare.json.status, 'ok', 'a bare push says ok, alive')
    await eventually(() => publicJson('/api/v1/health/components'), (body) => body.components.find((c: { id: string }) => c.id === 'reminders')?.status === 'operational', 15_000)
    for (const component of ['music', 'nope']) {
      const missing = await call('POST', `/v1/push/${component}`, { token: TOKENS.worker, body: {} })
      assert.equal(missing.status, 404, missing.text)
      assert.equal(missing.json.detail, 'There is no push component with this id (push components: reminders).')
    }
    const bad = await call('POST', '/v1/push/reminders', { token: TOKENS.worker, body: { status: 'fine' } })
    assert.equal(bad.status, 400, bad.text)
    assert.equal(bad.json.detail, 'status must be one of ok, degraded, down (got "fine")')
    assert.equal((await call('POST', '/v1/push/reminders', { token: TOKENS.bot, body: {} })).status, 403, 'push needs its scope')
    const after = await publicJson('/api/v1/health/components')
    assert.equal(after.components.find((c: { id: string }) => c.id === 'reminders').status, 'operational', 'refused pushes wrote nothing')
  })

  it('records a batch of 1,000 heartbeats in one request, shown on /api/v1/health/shards', async () => {
    const reports = Array.from({ length: 1000 }, (_, shard) => ({ shard, status: shard % 100 === 7 ? 'reconnecting' : 'ready', pingMs: 40 + (shard % 30), guilds: 1200 + shard, cluster: Math.floor(shard / 16) }))
    const started = performance.now()
    const answer = await call('POST', '/v1/heartbeats', { token: TOKENS.bot, body: { reports } })
    const ms = performance.now() - started
    assert.equal(answer.status, 200, answer.text)
    assert.deepEqual(answer.json, { recorded: 1000 })
    const tooMany = await call('POST', '/v1/heartbeats', { token: TOKENS.bot, body: { reports: [...reports, { shard: 1000, status: 'ready' }] } })
    assert.equal(tooMany.status, 400)
    const shards = await eventually(() => publicJson('/api/v1/health/shards'), (body) => body.total === 1000, 20_000)
    assert.equal(shards.connected, 990)
    const forgotten = await call('POST', '/v1/shards/forget', { token: TOKENS.bot, body: { shards: '998-' } })
    assert.deepEqual(forgotten.json, { forgotten: 2 })
    await eventually(() => publicJson('/api/v1/health/shards'), (body) => body.total === 998, 20_000)
    console.log(`# 1,000 heartbeats in one request: ${ms.toFixed(0)} ms (loaded machine)`)
  })

  it('answers 401 with WWW-Authenticate, 403 for a missing scope, and 429 with Retry-After after repeated failures', async () => {
    const missing = await call('GET', '/v1/incidents')
    assert.equal(missing.status, 401)
    assert.match(missing.headers.get('www-authenticate')!, /^Bearer /)
    const forbidden = await call('POST', '/v1/incidents', { token: TOKENS.bot, body: { title: 't', impact: 'minor', message: 'm' } })
    assert.equal(forbidden.status, 403)
    assert.match(forbidden.json.detail, /incidents scope/)
    // Ten failures within a minute (the first one above counts), then further failures of this address get 429.
    let limited: Answer | undefined
    for (let attempt = 0; attempt < 12 && limited === undefined; attempt++) {
      const answer = await call('GET', '/v1/incidents', { token: `wrong-${attempt}-${'x'.repeat(40)}` })
      if (answer.status === 429) limited = answer
      else {
        assert.equal(answer.status, 401)
        assert.match(answer.headers.get('www-authenticate')!, /invalid_token/)
        assert.ok(!answer.text.includes('wrong-'), 'the token is never echoed')
      }
    }
    assert.ok(limited !== undefined, 'no 429 after repeated failures')
    assert.ok(Number(limited.headers.get('retry-after')) >= 1)
    assert.equal((await call('GET', '/v1/incidents', { token: `wrong-again-${'x'.repeat(40)}` })).status, 429, 'wrong tokens stay limited')
    assert.equal((await call('GET', '/v1/incidents', { token: TOKENS.ops })).status, 200, 'a valid token is never locked out')
    assert.ok(!service.app.output.includes(TOKENS.ops) && !service.app.output.includes('wrong-'), 'no token in the log')
  })
})

describe('Idempotency-Key on a real process', { timeout: 120_000 }, () => {
  let idem: OperatorProcess
  let idemDir: string
  before(async () => {
    idemDir = mkdtempSync(path.join(tmpdir(), 'status-api-operator-'))
    idem = await startOperatorProcess(idemDir)
  })
  after(async () => {
    await idem?.app.stop()
    rmSync(idemDir, { recursive: true, force: true })
  })

  it('gives the first answer to a retry and writes once; another body under the key gets 422', async () => {
    const body = { title: 'Gateway trouble', impact: 'major', message: 'Shards reconnecting.' }
    const headers = { 'idempotency-key': 'retry-7f3c' }
    const first = await idem.call('POST', '/v1/incidents', { token: TOKENS.ops, body, headers })
    const second = await idem.call('POST', '/v1/incidents', { token: TOKENS.ops, body, headers })
    assert.equal(first.status, 201)
    assert.equal(second.status, 201)
    assert.equal(second.text, first.text)
    assert.equal(second.headers.get('idempotent-replayed'), 'true')
    const other = await idem.call('POST', '/v1/incidents', { token: TOKENS.ops, body: { ...body, title: 'Other' }, headers })
    assert.equal(other.status, 422)
    const listed = await idem.call('GET', '/v1/incidents?state=all', { token: TOKENS.ops })
    assert.equal(listed.json.incidents.length, 1, 'one incident for two requests')
    // A refusal is kept too: the retry of a 400 is the same 400.
    const bad = { title: '', impact: 'minor', message: 'm' }
    const refused = await idem.call('POST', '/v1/incidents', { token: TOKENS.ops, body: bad, headers: { 'idempotency-key': 'bad-1' } })
    const again = await idem.call('POST', '/v1/incidents', { token: TOKENS.ops, body: bad, headers: { 'idempotency-key': 'bad-1' } })
    assert.deepEqual([refused.status, again.status], [400, 400])
    assert.equal(again.json.detail, refused.json.detail)
    assert.equal((await idem.call('POST', '/v1/incidents', { token: TOKENS.ops, body, headers: { 'idempotency-key': 'bad key with spaces' } })).status, 400)
  })

  it('a retry of every other keyed POST gets its first answer, byte for byte', async () => {
    const writes: Array<[string, string, object]> = [
      [TOKENS.bot, '/v1/heartbeats', { reports: [{ shard: 0, status: 'ready', pingMs: 40 }, { shard: 1, status: 'ready' }] }],
      [TOKENS.bot, '/v1/shards/forget', { shards: '1' }],
      [TOKENS.worker, '/v1/push/reminders', { status: 'ok', latencyMs: 12, message: 'Sent 12 reminders.' }],
      [TOKENS.ci, '/v1/maintenance', { title: 'Database upgrade', message: 'Writes pause.', from: '+1h', to: '+2h' }]
    ]
    for (const [token, path, body] of writes) {
      const headers = { 'idempotency-key': `replay-${path}` }
      const first = await idem.call('POST', path, { token, body, headers })
      const second = await idem.call('POST', path, { token, body, headers })
      assert.ok(first.status >= 200 && first.status < 300, `${path}: ${first.status} ${first.text}`)
      assert.equal(second.status, first.status, path)
      assert.equal(second.text, first.text, path)
      assert.equal(second.headers.get('idempotent-replayed'), 'true', path)
    }
  })
})

describe('after the operator calls above', { timeout: 60_000 }, () => {
  it('the operator OpenAPI document validates as 3.1, and every answer kept validates against it', async () => {
    const dir2 = mkdtempSync(path.join(tmpdir(), 'status-api-operator-'))
    const fresh = await startOperatorProcess(dir2)
    try {
      const document = (await fresh.call('GET', '/openapi.json')).json
      const validator = new Validator()
      assert.deepEqual(await validator.validate(structuredClone(document)), { valid: true })
      assert.equal(validator.version, '3.1')
      const contract = new OpenApiContract(document)
      const operations = contract.operations()
      const expected = ['post /v1/incidents', 'post /v1/incidents/{id}/updates', 'post /v1/incidents/{id}/resolve', 'get /v1/incidents',
        'post /v1/maintenance', 'post /v1/maintenance/{id}/end', 'get /v1/maintenance', 'get /v1/maintenance/series/{seriesId}',
        'post /v1/maintenance/series/{seriesId}/end', 'post /v1/push/{component}', 'post /v1/shards/forget', 'put /v1/components/{id}/status',
        'delete /v1/components/{id}/status', 'post /v1/heartbeats', 'put /v1/incidents/{id}/postmortem', 'delete /v1/incidents/{id}/postmortem', 'get /v1/reports/uptime']
      assert.deepEqual(operations.map((o) => `${o.method} ${o.path}`).sort(), expected.sort())
      assert.ok(answers.length > 30, `answers kept: ${answers.length}`)
      const failures: string[] = []
      for (const { method, path: pathname, answer } of answers) {
        if (answer.status === 429 || answer.status === 401 && method === 'GET' && pathname === '/openapi.json') continue
        const entry = operationOf(operations, method, pathname)
        if (entry === undefined) continue
        const response = { statusCode: answer.status, headers: Object.fromEntries(answer.headers), body: answer.text } as unknown as LightMyRequestResponse
        failures.push(...contract.check(entry, response).map((error) => `${method} ${pathname} → ${answer.status}: ${error}`))
      }
      assert.deepEqual(failures, [])

      // The public port: GET-only, and its description and catalog know nothing of the operator API.
      for (const pathname of ['/v1/incidents', '/api/v1/health/incidents', '/v1/heartbeats']) {
        const response = await fetch(`${fresh.app.url}${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${TOKENS.ops}`, 'content-type': 'application/json' }, body: '{}' })
        assert.equal(response.status, 405, pathname)
      }
      const publicDocument = await (await fetch(`${fresh.app.url}/api/v1/openapi.json`)).text()
      const catalog = await (await fetch(`${fresh.app.url}/.well-known/api-catalog`)).text()
      for (const text of [publicDocument, catalog]) {
        for (const trace of ['"/v1/', 'Idempotency-Key', 'OPERATOR_', 'bearer']) {
          assert.ok(!text.toLowerCase().includes(trace.toLowerCase()), `the public port mentions ${trace}`)
        }
      }
    } finally {
      await fresh.app.stop()
      rmSync(dir2, { recursive: true, force: true })
    }
  })
})

function operationOf (operations: OperationEntry[], method: string, pathname: string): OperationEntry | undefined {
  const bare = pathname.split('?')[0]!
  return operations.find((o) => o.method === method.toLowerCase() && new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare))
}
