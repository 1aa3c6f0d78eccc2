// Every publishing surface shows exactly the model's indicator and component statuses (docs/en/status-definitions.md#one-model), read
// back from a listening instance whose public status is set to fixture situations built with computeStatus: a minor
// incident with a degraded component and one under maintenance through a window; maintenance alone; a critical state.
// The Statuspage copy validates against the OpenAPI document and the npm statuspage.io client parses it; the badges are
// valid Shields endpoint JSON; the metrics pass promtool.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { Statuspage } from 'statuspage.io'
import { STATUSPAGE_DOCUMENTS } from '../../src/publish/statuspage-copy.ts'
import type { ComponentsBody } from '../../src/api/components.ts'
import { type DeclaredComponent, type StatusDeclaration, localizedText } from '../../src/declaration/declaration.ts'
import type { Measurement, PublicComponentStatus } from '../../src/monitor/measure.ts'
import { computeStatus, type ActiveWindow, type AffectingIncident } from '../../src/status/model.ts'
import { OpenApiContract } from '../discovery/openapi-contract.ts'
import { promtoolBinary } from '../services/prometheus.ts'
import { promtoolCheck } from '../metrics/exposition.ts'
import { shieldsEndpointValidator } from './shields-endpoint-schema.ts'
import { SURFACES, expectedReading, fromModel, listeningWithModel, readSurfaces } from '../status/surfaces.ts'

const text = (en: string, de = en) => localizedText({ en, de })
const component = (id: string, name: string, group: string | undefined, check: DeclaredComponent['check'] = { kind: 'manual' }): DeclaredComponent =>
  ({ id, name: text(name), description: undefined, group, critical: false, check })

/** Acme: a bot group (the builtin bot probe and music), a web group (dashboard, website), an API alone, a platform mirror. */
export const DECLARATION: StatusDeclaration = {
  file: 'status.yaml',
  product: { name: 'Acme', url: undefined, description: undefined, links: [], footer: undefined, logo: undefined, logoDark: undefined, favicon: undefined, accent: undefined, accentDark: undefined },
  groups: [
    { id: 'bot', name: text('Bot'), collapsed: false },
    { id: 'web', name: text('Website and dashboard', 'Website und Dashboard'), collapsed: true }
  ],
  components: [
    component('bot', 'Commands and gateway', 'bot', { kind: 'builtin', probe: 'bot' }),
    component('music', 'Music', 'bot'),
    component('api', 'Public API', undefined),
    component('dashboard', 'Dashboard', 'web'),
    component('website', 'Website', 'web'),
    component('voice-eu', 'Voice (EU)', undefined, { kind: 'platform', component: 'Voice: EU West' })
  ]
}

interface Situation {
  name: string
  measured: Record<string, PublicComponentStatus>
  incidents: AffectingIncident[]
  windows: ActiveWindow[]
  indicator: ComponentsBody['indicator']
}

const ALL_OPERATIONAL = { bot: 'operational', music: 'operational', api: 'operational', dashboard: 'operational', website: 'operational' } as const

const SITUATIONS: Situation[] = [
  {
    name: 'a minor incident, a degraded component, a component under maintenance through a window',
    measured: { ...ALL_OPERATIONAL, website: 'degraded_performance' },
    incidents: [{ id: 9, impact: 'minor', components: [] }],
    windows: [{ id: 3, components: ['dashboard'] }],
    indicator: 'minor'
  },
  { name: 'maintenance alone', measured: ALL_OPERATIONAL, incidents: [], windows: [{ id: 4, components: ['dashboard', 'website'] }], indicator: 'maintenance' },
  {
    name: 'a major incident naming music, the API down',
    measured: { ...ALL_OPERATIONAL, api: 'major_outage' },
    incidents: [{ id: 11, impact: 'major', components: [{ id: 'music', status: 'partial_outage' }] }],
    windows: [],
    indicator: 'critical'
  }
]

function modelOf (situation: Situation, updatedAt: string): ComponentsBody {
  const measurements = new Map<string, Measurement>(Object.entries(situation.measured).map(([id, status]) =>
    [id, { status: status === 'operational' ? 'ok' : status === 'major_outage' ? 'down' : 'degraded', latencyMs: 40, public: status }]))
  return { ...computeStatus({ declaration: DECLARATION, measurements, incidents: situation.incidents, windows: situation.windows }), updatedAt }
}

describe('every surface renders the one public status', () => {
  it('shows exactly the model\'s indicator and statuses, situation after situation', { timeout: 120_000 }, async (t) => {
    const { app, base, metrics, set } = await listeningWithModel(t, DECLARATION)
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['src/main.ts', 'mcp', '--url', base],
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' },
      stderr: 'pipe'
    })
    const mcp = new Client({ name: 'surfaces-test', version: '1.0.0' })
    await mcp.connect(transport)
    t.after(() => mcp.close())
    const contract = new OpenApiContract((await app.inject('/api/v1/openapi.json')).json())

    for (const situation of SITUATIONS) {
      const model = modelOf(situation, new Date().toISOString())
      assert.equal(model.indicator, situation.indicator, `${situation.name}: the fixture is what it says`)
      set(model)
      const expected = fromModel(model)
      const readings = await readSurfaces({
        baseUrl: base, componentIds: DECLARATION.components.map((c) => c.id), mcp, metrics: async () => await metrics.registry.metrics()
      })
      for (const surface of SURFACES) {
        assert.deepEqual(readings[surface], expectedReading(surface, expected), `${situation.name}: ${surface}`)
      }

      // The Statuspage copy: valid against its schemas, groups before their members, unknown left out.
      for (const name of STATUSPAGE_DOCUMENTS) {
        const response = await app.inject(`/status/api/v2/${name}`)
        const entry = contract.operations().find((operation) => operation.path === `/status/api/v2/${name}` && operation.method === 'get')!
        assert.deepEqual(contract.check(entry, response), [], `${situation.name}: ${name}`)
      }
      const summary = (await app.inject('/status/api/v2/summary.json')).json()
      assert.equal(summary.page.name, 'Acme status')
      assert.deepEqual(summary.status, { indicator: model.indicator, description: model.description })
      assert.deepEqual(summary.components.map((c: { id: string, position: number, group: boolean, group_id: string | null, components?: string[] }) =>
        [c.id, c.position, c.group, c.group_id, c.components]), [
        ['group:bot', 1, true, null, ['bot', 'music']],
        ['bot', 2, false, 'group:bot', undefined],
        ['music', 3, false, 'group:bot', undefined],
        ['api', 4, false, null, undefined],
        ['group:web', 5, true, null, ['dashboard', 'website']],
        ['dashboard', 6, false, 'group:web', undefined],
        ['website', 7, false, 'group:web', undefined]
      ], 'voice-eu is unknown: left out')
      const groups = Object.fromEntries(model.groups.map((group) => [`group:${group.id}`, group.status]))
      for (const c of summary.components.filter((c: { group: boolean }) => c.group)) assert.equal(c.status, groups[c.id], `${c.id} is the model's group status`)

      // Badges: Shields accepts every one.
      for (const query of ['', ...DECLARATION.components.map((c) => `?component=${c.id}`)]) {
        const badge = (await app.inject(`/status/badges/status.json${query}`)).json()
        assert.ok(shieldsEndpointValidator.Check(badge), `${query}: ${JSON.stringify([...shieldsEndpointValidator.Errors(badge)])}`)
      }
      // Metrics: lint clean.
      if (promtoolBinary !== undefined) {
        const lint = promtoolCheck(await metrics.registry.metrics())
        assert.equal(lint.status, 0, lint.output)
      }
    }

    // statuspage.io reads the last situation, groups and all.
    const client = new Statuspage('unused')
    client.setApiUrl(`${base}/status`)
    const read = await client.api.getSummary()
    assert.equal(read.status.indicator, 'critical')
    assert.deepEqual(read.components.map((c) => [c.name, c.status]), [
      ['Bot', 'partial_outage'], ['Commands and gateway', 'operational'], ['Music', 'partial_outage'], ['Public API', 'major_outage'],
      ['Website and dashboard', 'operational'], ['Dashboard', 'operational'], ['Website', 'operational']
    ])
  })

  it('a badge for an undeclared component is 400 problem+json that lists the declared ids (public: the model lists them too)', async (t) => {
    const { app } = await listeningWithModel(t, DECLARATION)
    for (const url of ['/status/badges/status.svg?component=database', '/status/badges/uptime-7d.json?component=nope', '/status/badges/shards.json?component=music']) {
      const response = await app.inject(url)
      assert.equal(response.statusCode, 400, url)
      assert.match(response.headers['content-type'] as string, /^application\/problem\+json/)
      assert.match(response.json().detail, url.includes('shards') ? /must be one of: bot\.$/ : /bot, music, api, dashboard, website, voice-eu/, url)
    }
    assert.equal((await app.inject('/status/badges/shards.json?component=bot')).statusCode, 200)
    assert.equal((await app.inject('/status/badges/uptime-30d.json?component=voice-eu')).json().message, 'no data', 'no history for it yet')
  })
})
