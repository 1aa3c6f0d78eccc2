// OPERATOR_TOKENS and OPERATOR_PORT as the configuration reads them (refused at start, never echoing a secret),
// `status-api token new`, the constant-time matcher, and `status-api component set|clear` on the database.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadConfig } from '../../src/config/index.ts'
import { ConfigError } from '../../src/config/values.ts'
import { tokenMatcher } from '../../src/http/operator/auth.ts'
import { loadManualComponents } from '../../src/store/repositories/manual-components.ts'
import { buildTestApp } from '../helper.ts'
import { declaring, runInProcess, runOnEnvironment } from '../cli/run-bin.ts'

const secret = 's'.repeat(31)
const load = (env: Record<string, string>) => () => loadConfig({ LOG_LEVEL: 'silent', ...env })

describe('OPERATOR_TOKENS and OPERATOR_PORT', () => {
  it('reads name:scopes:secret entries, scopes joined by +, a secret that may contain colons', () => {
    const config = loadConfig({ OPERATOR_PORT: '3001', OPERATOR_TOKENS: `ops:admin:${'a'.repeat(32)}, ci:maintenance+incidents:${'b:'.repeat(20)}` })
    assert.equal(config.operatorPort, 3001)
    assert.equal(config.operatorHost, '127.0.0.1')
    assert.deepEqual(config.operatorTokens, [
      { name: 'ops', scopes: ['admin'], secret: 'a'.repeat(32) },
      { name: 'ci', scopes: ['maintenance', 'incidents'], secret: 'b:'.repeat(20) }
    ])
    assert.equal(loadConfig({}).operatorPort, undefined, 'off unless set')
  })

  it('refuses short secrets, unknown scopes, bad names, duplicates and clashing ports, naming the entry but never the secret', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ OPERATOR_TOKENS: `ops:admin:${secret}` }, /entry 1 \(ops\): the secret is shorter than 32 characters; make one with status-api token new/],
      [{ OPERATOR_TOKENS: `ops:root:${'a'.repeat(32)}` }, /scopes must be admin, incidents, maintenance, components, heartbeat, push/],
      [{ OPERATOR_TOKENS: `${'a'.repeat(32)}` }, /entry 1 must be NAME:SCOPES:SECRET/],
      [{ OPERATOR_TOKENS: `a b:admin:${'a'.repeat(32)}` }, /the name must be/],
      [{ OPERATOR_TOKENS: `ops:admin:${'a'.repeat(32)},ops:push:${'c'.repeat(32)}` }, /names the token "ops" twice/],
      [{ OPERATOR_TOKENS: `ops:admin:${'a'.repeat(32)},ci:push:${'a'.repeat(32)}` }, /two tokens share one secret/],
      [{ OPERATOR_PORT: '3000' }, /OPERATOR_PORT must differ from PORT/],
      [{ OPERATOR_PORT: '9100', METRICS_PORT: '9100' }, /OPERATOR_PORT must differ from METRICS_PORT/]
    ]
    for (const [env, message] of cases) {
      assert.throws(load(env), (error: Error) => error instanceof ConfigError && message.test(error.message) && !error.message.includes('aaaa') && !error.message.includes(secret), JSON.stringify(env))
    }
  })

  it('matches a presented secret to its token, and nothing else', () => {
    const tokens = [{ name: 'ops', scopes: ['admin'] as const, secret: 'o'.repeat(40) }, { name: 'bot', scopes: ['heartbeat'] as const, secret: 'b'.repeat(40) }]
    const match = tokenMatcher(tokens)
    assert.equal(match('b'.repeat(40))?.name, 'bot')
    for (const wrong of ['', 'b'.repeat(39), 'b'.repeat(41), 'B'.repeat(40), 'ops']) assert.equal(match(wrong), undefined, wrong)
  })
})

describe('status-api token new', () => {
  it('prints a random 43-character secret, or the whole entry with a name and scopes', async () => {
    const first = await runOnEnvironment({}, ['token', 'new'])
    const second = await runOnEnvironment({}, ['token', 'new'])
    assert.equal(first.code, 0)
    assert.match(first.stdout, /^[A-Za-z0-9_-]{43}\n$/)
    assert.notEqual(first.stdout, second.stdout)
    const entry = await runOnEnvironment({}, ['token', 'new', 'ci', 'maintenance+incidents'])
    assert.match(entry.stdout, /^ci:maintenance\+incidents:[A-Za-z0-9_-]{43}\n$/)
    assert.doesNotThrow(() => loadConfig({ OPERATOR_TOKENS: entry.stdout.trim() }), 'what it prints is accepted')
    const bad = await runOnEnvironment({}, ['token', 'new', 'ci', 'root'])
    assert.equal(bad.code, 2)
    assert.match(bad.stderr, /scopes must be/)
  })
})

describe('status-api component set|clear on the database', () => {
  it('sets and clears a manual component; refuses other components and statuses with exit 2, writing nothing', async (t) => {
    const test = await buildTestApp(t)
    const config = declaring(test, 'music', 'api')
    const set = await runInProcess(config, ['component', 'set', 'music', 'partial_outage', '--message', 'Queues are slow.'])
    assert.equal(set.code, 0, set.stderr)
    assert.deepEqual((await loadManualComponents(test.context.database.db)).map((row) => [row.component, row.status, row.message, row.by]),
      [['music', 'partial_outage', 'Queues are slow.', null]])
    const refusals = [
      [['component', 'set', 'nope', 'major_outage'], /"nope" is not a declared component \(manual ones: music, api\)/],
      [['component', 'set', 'music', 'under_maintenance'], /the status must be one of operational, degraded_performance, partial_outage, major_outage/],
      [['component', 'set', 'music'], /the status is missing/]
    ] as const
    for (const [args, message] of refusals) {
      const result = await runInProcess(config, [...args])
      assert.equal(result.code, 2, result.stderr)
      assert.match(result.stderr, message)
    }
    assert.deepEqual((await loadManualComponents(test.context.database.db)).map((row) => row.status), ['partial_outage'], 'the refusals wrote nothing')
    const cleared = await runInProcess(config, ['component', 'clear', 'music'])
    assert.equal(cleared.code, 0, cleared.stderr)
    assert.deepEqual((await loadManualComponents(test.context.database.db)).map((row) => [row.component, row.status, row.message, row.by]),
      [['music', 'operational', null, null]], 'cleared: operational, by nobody (the CLI on the server)')
    const never = await runInProcess(config, ['component', 'clear', 'api'])
    assert.equal(never.code, 0, never.stderr)
    assert.deepEqual((await loadManualComponents(test.context.database.db)).map((row) => row.component), ['music'], 'clearing what nobody set writes nothing')
  })
})
