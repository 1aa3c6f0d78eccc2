// The property of the one model (docs/en/status-definitions.md#one-model): for random states — measurements of every kind of component (builtin probes,
// a platform mirror, manual ones), incidents naming random components with and without a status, active windows — the
// page (EN, DE), the Statuspage copy, badges, /status.md, MCP get_status and the metrics all show the indicator and the
// component statuses the model computed, read back over HTTP from a listening instance.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { ComponentsBody } from '../../src/api/components.ts'
import { type DeclaredComponent, type StatusDeclaration, localizedText } from '../../src/declaration/declaration.ts'
import { measureComponents, type ManualStatus } from '../../src/monitor/measure.ts'
import { computeStatus, type AffectingIncident, type OutageStatus } from '../../src/status/model.ts'
import type { PlatformStatusBody } from '../../src/api/platform-status.ts'
import type { ProbeResult } from '../../src/monitor/probes/probe.ts'
import { SURFACES, expectedReading, fromModel, listeningWithModel, readSurfaces } from './surfaces.ts'

const text = (en: string, de = en) => localizedText({ en, de })
const component = (id: string, group: string | undefined, check: DeclaredComponent['check']): DeclaredComponent =>
  ({ id, name: text(id.toUpperCase()), description: undefined, group, critical: false, check })

const DECLARATION: StatusDeclaration = {
  file: 'status.yaml',
  product: { name: 'Acme', url: undefined, description: undefined, links: [], footer: undefined, logo: undefined, logoDark: undefined, favicon: undefined, accent: undefined, accentDark: undefined },
  groups: [{ id: 'bot', name: text('Bot'), collapsed: false }, { id: 'web', name: text('Web'), collapsed: true }],
  components: [
    component('commands', 'bot', { kind: 'builtin', probe: 'bot' }),
    component('music', 'bot', { kind: 'manual' }),
    component('dashboard', 'web', { kind: 'manual' }),
    component('voice', undefined, { kind: 'platform', component: 'Voice' }),
    component('database', undefined, { kind: 'builtin', probe: 'database' }),
    component('cache', 'web', { kind: 'builtin', probe: 'cache' })
  ]
}
const IDS = DECLARATION.components.map((c) => c.id)

const probe = fc.constantFrom<ProbeResult>(
  { status: 'ok', latencyMs: 12 }, { status: 'degraded', latencyMs: 900, message: 'Slow.' },
  { status: 'down', latencyMs: null, message: 'No answer.' }, { status: 'unknown', latencyMs: null })
const outage = fc.constantFrom<OutageStatus>('degraded_performance', 'partial_outage', 'major_outage')
const platformStatus = fc.option(fc.constantFrom<PlatformStatusBody['components'][number]['status']>(
  'operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance'), { nil: undefined })
const incident = fc.record({
  impact: fc.constantFrom<AffectingIncident['impact']>('none', 'minor', 'major', 'critical'),
  // Named components, some with a status of their own, some following the impact; an id the file dropped now and then.
  named: fc.uniqueArray(fc.record({ id: fc.constantFrom(...IDS, 'retired'), status: fc.option(outage, { nil: undefined }) }), { selector: (n) => n.id, maxLength: 3 })
})
const state = fc.record({
  database: probe, cache: probe, bot: probe,
  voice: platformStatus,
  manual: fc.dictionary(fc.constantFrom('music', 'dashboard'), outage, { maxKeys: 2 }),
  incidents: fc.array(incident, { maxLength: 3 }),
  windows: fc.array(fc.uniqueArray(fc.constantFrom(...IDS), { maxLength: 3 }), { maxLength: 2 })
})
type State = typeof state extends fc.Arbitrary<infer T> ? T : never

const FROM_IMPACT = { none: 'operational', minor: 'degraded_performance', major: 'partial_outage', critical: 'major_outage' } as const

/** The model of a random state: its measurements as the monitor would make them, then computeStatus. */
function modelOf (s: State): ComponentsBody {
  const platform: PlatformStatusBody | undefined = s.voice === undefined
    ? undefined
    : { indicator: 'none', description: '', components: [{ name: 'Voice', status: s.voice }], incidents: [], pageUrl: 'https://discordstatus.com', updatedAt: '2026-11-21T12:00:00.000Z', fetchedAt: '2026-11-21T12:00:00.000Z', stale: false }
  const manual = new Map<string, ManualStatus>(Object.entries(s.manual).map(([id, status]) => [id, { status }]))
  const measurements = measureComponents({ declaration: DECLARATION, builtin: { database: s.database, cache: s.cache, bot: s.bot }, platform, manual })
  const incidents = s.incidents.map((i, index) => ({ id: index + 1, impact: i.impact, components: i.named.map((n) => ({ id: n.id, status: n.status ?? FROM_IMPACT[i.impact] })) }))
  const windows = s.windows.map((components, index) => ({ id: index + 1, components }))
  return { ...computeStatus({ declaration: DECLARATION, measurements, incidents, windows }), updatedAt: new Date().toISOString() }
}

const FINE: State = {
  database: { status: 'ok', latencyMs: 1 }, cache: { status: 'ok', latencyMs: 1 }, bot: { status: 'ok', latencyMs: 40 }, voice: 'operational', manual: {}, incidents: [], windows: []
}

describe('one model, every surface', () => {
  it('random states read the same indicator and component statuses on every surface', { timeout: 300_000 }, async (t) => {
    const { base, metrics, set } = await listeningWithModel(t, DECLARATION)
    const transport = new StdioClientTransport({
      command: process.execPath, args: ['src/main.ts', 'mcp', '--url', base], env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' }, stderr: 'pipe'
    })
    const mcp = new Client({ name: 'agreement-test', version: '1.0.0' })
    await mcp.connect(transport)
    t.after(() => mcp.close())
    const seen = new Set<string>()

    await fc.assert(fc.asyncProperty(state, async (s) => {
      const model = modelOf(s)
      seen.add(model.indicator)
      set(model)
      const readings = await readSurfaces({ baseUrl: base, componentIds: IDS, mcp, metrics: async () => await metrics.registry.metrics() })
      const expected = fromModel(model)
      for (const surface of SURFACES) assert.deepEqual(readings[surface], expectedReading(surface, expected), surface)
    }), {
      numRuns: 40,
      // Random states are rarely all fine, fine but for a window, for one component that has not reported (the headline
      // then says so) or for one slow one: those are run every time.
      examples: [[FINE], [{ ...FINE, windows: [['dashboard', 'voice']] }], [{ ...FINE, bot: { status: 'unknown', latencyMs: null } }],
        [{ ...FINE, database: { status: 'degraded', latencyMs: 900, message: 'Slow.' } }]]
    })
    // The property ranged over every indicator (a generator that never left `none` would prove little).
    assert.deepEqual([...seen].sort(), ['critical', 'maintenance', 'major', 'minor', 'none'])
  })
})
