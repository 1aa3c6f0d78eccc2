// Post-mortems on SQLite and PostgreSQL: published through the operator API (PUT/DELETE /v1/incidents/{id}/postmortem)
// and the CLI (`incident postmortem ID --file F|-`), replacing keeps publishedAt, every refusal is a problem and writes
// nothing, and the public body carries when and where, never the text.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import { InvalidInput, StateConflict, UnknownTarget } from '../../src/incidents/rules.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { remoteOperations } from '../../src/operations/remote.ts'
import { buildTestApp, databaseBackends, tempDir, type TestApp } from '../helper.ts'
import { OPERATOR_TOKENS, STATUS_FILE, TOKENS } from '../operator/operator-process.ts'
import { BIN } from '../cli/run-bin.ts'
import { OpenApiContract } from '../discovery/openapi-contract.ts'

interface Kept { method: string, pathname: string, status: number, headers: Headers, text: string }
interface Operator { test: TestApp, clock: ManualClock, origin: string, kept: Kept[], call (method: string, pathname: string, body?: unknown): Promise<{ status: number, type: string, json: any }> } // eslint-disable-line @typescript-eslint/no-explicit-any

async function setup (t: TestContext, env: Record<string, string>): Promise<Operator> {
  const dir = tempDir(t)
  const statusFile = path.join(dir, 'status.yaml')
  writeFileSync(statusFile, STATUS_FILE)
  const clock = new ManualClock(Date.now())
  const test = await buildTestApp(t, { ...env, STATUS_FILE: statusFile, OPERATOR_PORT: '1', OPERATOR_TOKENS, PUBLIC_BASE_URL: 'https://status.example.com' }, { clock })
  const operator = await buildOperatorApp(test.context)
  await operator.listen({ port: 0, host: '127.0.0.1' })
  t.after(() => operator.close())
  const origin = `http://127.0.0.1:${(operator.server.address() as AddressInfo).port}`
  const kept: Kept[] = []
  return {
    test,
    clock,
    origin,
    kept,
    async call (method, pathname, body) {
      const response = await fetch(`${origin}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${TOKENS.ci}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
      const text = await response.text()
      kept.push({ method, pathname, status: response.status, headers: response.headers, text })
      return { status: response.status, type: response.headers.get('content-type') ?? '', json: text === '' ? undefined : JSON.parse(text) }
    }
  }
}

async function written (test: TestApp) {
  const { db } = test.context.database
  return {
    postmortems: await db.selectFrom('incident_postmortems').selectAll().orderBy('incident_id').execute(),
    events: await db.selectFrom('notify_events').select(['kind', 'subject']).orderBy('id').execute()
  }
}

for (const backend of databaseBackends()) {
  describe(`post-mortems on ${backend.name}`, { skip: backend.skip, timeout: 60_000 }, () => {
    it('are published, replaced (publishedAt kept, updatedAt moved) and withdrawn; refusals are problems that write nothing', async (t) => {
      const { test, clock, call, origin, kept } = await setup(t, await backend.env())
      const opened = await call('POST', '/v1/incidents', { title: 'Music stops', impact: 'major', message: 'Looking.', components: ['music'] })
      assert.equal(opened.status, 201)
      const id = opened.json.id as number
      const before = await written(test)

      const refusals: Array<[string, string, unknown, number]> = [
        ['PUT', `/v1/incidents/${id}/postmortem`, { markdown: '# What happened' }, 409],
        ['PUT', '/v1/incidents/999999/postmortem', { markdown: '# What happened' }, 404],
        ['PUT', `/v1/incidents/${id}/postmortem`, { markdown: '   \n' }, 400],
        ['PUT', `/v1/incidents/${id}/postmortem`, {}, 400],
        ['PUT', `/v1/incidents/${id}/postmortem`, { markdown: 'x'.repeat(50_001) }, 400],
        ['PUT', '/v1/incidents/abc/postmortem', { markdown: 'x' }, 400],
        ['DELETE', `/v1/incidents/${id}/postmortem`, undefined, 404]
      ]
      for (const [method, pathname, body, status] of refusals) {
        const answer = await call(method, pathname, body)
        assert.equal(answer.status, status, `${method} ${pathname}: ${JSON.stringify(answer.json)}`)
        assert.match(answer.type, /^application\/problem\+json/)
        assert.equal(typeof answer.json.detail, 'string')
      }
      assert.match((await call('PUT', `/v1/incidents/${id}/postmortem`, { markdown: 'x' })).json.detail, /still open/)
      assert.match((await call('PUT', `/v1/incidents/${id}/postmortem`, { markdown: 'x'.repeat(50_001) })).json.detail, /50001 characters long; at most 50000/)

      assert.equal((await call('POST', `/v1/incidents/${id}/resolve`, {})).status, 200)
      const resolved = await written(test)
      assert.deepEqual(resolved.postmortems, before.postmortems, 'nothing was written by the refusals')
      assert.deepEqual(resolved.events.map((e) => e.kind), [...before.events.map((e) => e.kind), 'incident.resolved'])
      for (const [method, pathname, body, status] of refusals.slice(1)) assert.equal((await call(method, pathname, body)).status, status)
      assert.deepEqual((await written(test)).postmortems, [], 'refused on a resolved incident too: nothing written')

      clock.advance(60_000)
      const published = await call('PUT', `/v1/incidents/${id}/postmortem`, { markdown: '# What happened\n\nA node restarted.' })
      assert.equal(published.status, 200, JSON.stringify(published.json))
      const first = published.json.postmortem
      assert.equal(first.publishedAt, new Date(clock.now()).toISOString())
      assert.equal(first.updatedAt, first.publishedAt)
      assert.equal(first.url, `/status/incidents/${id}#postmortem`)

      clock.advance(3_600_000)
      // 50,000 characters of a script of three bytes each: 150 KB of UTF-8, within the route's 256 KiB.
      const long = '日'.repeat(50_000)
      const replaced = await call('PUT', `/v1/incidents/${id}/postmortem`, { markdown: long })
      assert.equal(replaced.status, 200, JSON.stringify(replaced.json))
      assert.equal(replaced.json.postmortem.publishedAt, first.publishedAt, 'replacing keeps publishedAt')
      assert.equal(replaced.json.postmortem.updatedAt, new Date(clock.now()).toISOString(), 'and moves updatedAt')
      const rows = await written(test)
      assert.equal(rows.postmortems.length, 1)
      assert.equal(rows.postmortems[0]!.markdown, long)
      assert.equal(rows.postmortems[0]!.revision, 2)
      assert.equal(rows.postmortems[0]!.by, 'ci')
      assert.deepEqual(rows.events.filter((e) => e.kind === 'incident.postmortem'), [{ kind: 'incident.postmortem', subject: `incident:${id}:postmortem` }], 'notified once')

      await test.context.incidents.refresh()
      const body = (await test.app.inject('/api/v1/health/incidents')).json()
      const shown = body.incidents.find((incident: { id: number }) => incident.id === id)
      assert.deepEqual(shown.postmortem, { publishedAt: first.publishedAt, updatedAt: replaced.json.postmortem.updatedAt, url: `/status/incidents/${id}#postmortem` })
      assert.ok(!JSON.stringify(body).includes('日日'), 'the text is not in the list')

      const withdrawn = await call('DELETE', `/v1/incidents/${id}/postmortem`)
      assert.equal(withdrawn.status, 200)
      assert.equal(withdrawn.json.postmortem, undefined)
      assert.deepEqual((await written(test)).postmortems, [])
      assert.equal((await call('DELETE', `/v1/incidents/${id}/postmortem`)).status, 404)
      await test.context.incidents.refresh()
      const after = (await test.app.inject('/api/v1/health/incidents')).json()
      assert.equal(after.incidents.find((incident: { id: number }) => incident.id === id).postmortem, undefined, 'the memory copy follows a withdrawal')

      // The CLI's --url goes through the remote operations: the same refusals, as the same kinds.
      const remote = remoteOperations({ url: new URL(origin), token: TOKENS.ci }, 'incident postmortem')
      await assert.rejects(remote.publishPostmortem(999_999, 'x'), (error: unknown) => error instanceof UnknownTarget && /no incident 999999/.test(error.message))
      await assert.rejects(remote.publishPostmortem(id, ' '), (error: unknown) => error instanceof InvalidInput && /must not be empty/.test(error.message))
      const open = await call('POST', '/v1/incidents', { title: 'Other', impact: 'minor', message: 'x' })
      await assert.rejects(remote.publishPostmortem(open.json.id, 'x'), (error: unknown) => error instanceof StateConflict && /still open/.test(error.message))

      // Published again: no second notification.
      assert.equal((await call('PUT', `/v1/incidents/${id}/postmortem`, { markdown: 'Again.' })).status, 200)
      assert.equal((await written(test)).events.filter((e) => e.kind === 'incident.postmortem').length, 1)

      // Every answer above is one the operator OpenAPI document describes.
      const document = (await call('GET', '/openapi.json')).json
      const contract = new OpenApiContract(document)
      const operations = contract.operations()
      const failures: string[] = []
      for (const answer of kept.filter((k) => k.pathname.endsWith('/postmortem'))) {
        const entry = operations.find((o) => o.method === answer.method.toLowerCase() && o.path === '/v1/incidents/{id}/postmortem')
        assert.ok(entry !== undefined, `${answer.method} is documented`)
        const response = { statusCode: answer.status, headers: Object.fromEntries(answer.headers), body: answer.text } as unknown as LightMyRequestResponse
        failures.push(...contract.check(entry, response).map((error) => `${answer.method} ${answer.pathname} → ${answer.status}: ${error}`))
      }
      assert.deepEqual(failures, [])
    })

    it('six first publications at once: one row, one publishedAt, one notification', async (t) => {
      const { test, call } = await setup(t, await backend.env())
      const id = (await call('POST', '/v1/incidents', { title: 'Busy', impact: 'minor', message: 'x' })).json.id as number
      await call('POST', `/v1/incidents/${id}/resolve`, {})
      const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => call('PUT', `/v1/incidents/${id}/postmortem`, { markdown: `Version ${n}` })))
      assert.deepEqual(answers.map((answer) => answer.status), [200, 200, 200, 200, 200, 200])
      assert.equal(new Set(answers.map((answer) => answer.json.postmortem.publishedAt)).size, 1, 'every answer has the one publishedAt')
      const rows = await written(test)
      assert.equal(rows.postmortems.length, 1)
      assert.equal(rows.postmortems[0]!.revision, 6)
      assert.equal(rows.events.filter((event) => event.kind === 'incident.postmortem').length, 1)
    })

    it('the CLI publishes from a file or standard input, and refuses an open incident with exit code 2, writing nothing', async (t) => {
      const { test, call } = await setup(t, await backend.env())
      const env = { DATA_DIR: test.config.dataDir, DATABASE_URL: test.config.databaseUrl ?? '', STATUS_FILE: test.config.status.file ?? '' }
      const opened = (await call('POST', '/v1/incidents', { title: 'Slow', impact: 'minor', message: 'Looking.' })).json.id as number
      const file = path.join(tempDir(t), 'pm.md')
      writeFileSync(file, '# Timeline\n\n- 14:02 alerts\n')
      const refused = await bin(env, ['incident', 'postmortem', String(opened), '--file', file])
      assert.equal(refused.code, 2, refused.stderr)
      assert.match(refused.stderr, /still open/)
      assert.deepEqual((await written(test)).postmortems, [])
      assert.equal((await bin(env, ['incident', 'postmortem', String(opened)])).code, 2, '--file is required')

      await call('POST', `/v1/incidents/${opened}/resolve`, {})
      const done = await bin(env, ['incident', 'postmortem', String(opened), '--file', file])
      assert.equal(done.code, 0, done.stderr)
      assert.match(done.stdout, /post-mortem published/)
      const piped = await bin(env, ['incident', 'postmortem', String(opened), '--file', '-'], '# Timeline, corrected\n')
      assert.equal(piped.code, 0, piped.stderr)
      assert.match(piped.stdout, /post-mortem replaced/)
      assert.equal((await written(test)).postmortems[0]!.markdown, '# Timeline, corrected\n')
      const deleted = await bin(env, ['incident', 'postmortem', String(opened), '--delete'])
      assert.equal(deleted.code, 0, deleted.stderr)
      assert.deepEqual((await written(test)).postmortems, [])
      assert.equal((await bin(env, ['incident', 'postmortem', '424242', '--file', file])).code, 2, 'an unknown incident')
    })
  })
}

/** The real bin with `input` on standard input. */
function bin (vars: Record<string, string>, args: string[], input = ''): Promise<{ code: number | null, stdout: string, stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...vars }, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input)
  })
}
