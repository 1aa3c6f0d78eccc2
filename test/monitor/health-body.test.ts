// The health body with declared components: the three always first, each other declared one by id in the file's order,
// and the overall rule — a declared component's down makes it degraded, or down when critical; unknown never counts.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildHealthBody, type ProbeResults } from '../../src/monitor/health-body.ts'
import type { ComponentStatus } from '../../src/monitor/status.ts'
import { builtinDeclaration, type DeclaredComponent, type StatusDeclaration, localizedText } from '../../src/declaration/declaration.ts'
import { measureComponents, type ManualStatus } from '../../src/monitor/measure.ts'

const ok = { status: 'ok' as const, latencyMs: 1 }
const probes = (overrides: Partial<Record<keyof ProbeResults, ComponentStatus>> = {}): ProbeResults => ({
  database: { ...ok, status: overrides.database ?? 'ok' },
  cache: { ...ok, status: overrides.cache ?? 'ok' },
  bot: { ...ok, status: overrides.bot ?? 'ok', shards: null }
})

function declaration (components: Array<Partial<DeclaredComponent> & { id: string }>): StatusDeclaration {
  const builtin = builtinDeclaration()
  return {
    ...builtin,
    components: [...builtin.components, ...components.map((c) => ({ name: localizedText({ en: c.id, de: c.id }), description: undefined, group: undefined, critical: false, check: { kind: 'manual' as const }, ...c }))]
  }
}

function body (file: StatusDeclaration, manual: Record<string, ManualStatus['status']>, results = probes()) {
  const measurements = measureComponents({
    declaration: file, builtin: results, platform: undefined, manual: new Map(Object.entries(manual).map(([id, status]) => [id, { status }]))
  })
  return buildHealthBody({ results, declaration: file, measurements, version: '1.0.0', startedAt: 0, checkedAt: 60_000, uptimeMs: 60_000, maintenance: false })
}

describe('health body with declared components', () => {
  it('keeps the three as the spec says and adds each declared component after them, in order', () => {
    const file = declaration([{ id: 'music', check: { kind: 'push', withinMs: 60_000 } }, { id: 'api' }])
    const result = body(file, { api: 'degraded_performance' })
    assert.deepEqual(Object.keys(result.components), ['database', 'cache', 'bot', 'music', 'api'])
    assert.deepEqual(result.components.bot, { status: 'ok', latencyMs: 1, shards: null })
    assert.deepEqual(result.components.music, { status: 'unknown', latencyMs: null, message: 'Not checked yet.' })
    assert.deepEqual(result.components.api, { status: 'degraded', latencyMs: null })
    assert.equal(result.status, 'degraded', 'a degraded component degrades the whole, as §4 says of any component')
  })

  const cases: Array<[string, Array<Partial<DeclaredComponent> & { id: string }>, Record<string, ManualStatus['status']>, string]> = [
    ['all operational', [{ id: 'api' }], {}, 'ok'],
    ['a component down', [{ id: 'api' }], { api: 'major_outage' }, 'degraded'],
    ['a critical component down', [{ id: 'api', critical: true }], { api: 'major_outage' }, 'down'],
    ['a critical component in partial outage (degraded)', [{ id: 'api', critical: true }], { api: 'partial_outage' }, 'degraded'],
    ['a critical component unknown', [{ id: 'api', critical: true, check: { kind: 'tcp', host: 'h', port: 1, everyMs: 1, timeoutMs: 1, confirm: 1 } }], {}, 'ok'],
    ['one down, one critical operational', [{ id: 'api' }, { id: 'web', critical: true }], { api: 'major_outage' }, 'degraded']
  ]
  for (const [name, components, manual, expected] of cases) {
    it(`${name} → ${expected}`, () => assert.equal(body(declaration(components), manual).status, expected))
  }

  it('the spec\'s rule still holds for the three, and a critical builtin makes its own down count', () => {
    assert.equal(body(declaration([]), {}, probes({ cache: 'down' })).status, 'degraded')
    assert.equal(body(declaration([]), {}, probes({ bot: 'down' })).status, 'down')
    const critical = builtinDeclaration()
    critical.components = critical.components.map((c) => c.id === 'cache' ? { ...c, critical: true } : c)
    assert.equal(body(critical, {}, probes({ cache: 'down' })).status, 'down')
    assert.deepEqual(Object.keys(body(critical, {}).components), ['database', 'cache', 'bot'], 'a declared builtin id is that same entry')
  })
})
