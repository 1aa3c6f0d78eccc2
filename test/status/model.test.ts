// The status model's rules (docs/en/architecture.md#status-model): effective component status, groups, and the page indicator.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { type StatusDeclaration, localizedText } from '../../src/declaration/declaration.ts'
import type { Measurement } from '../../src/monitor/measure.ts'
import { computeStatus, type ModelInput } from '../../src/status/model.ts'

const text = (en: string) => localizedText(en)
const declaration: StatusDeclaration = {
  file: 'status.yaml',
  product: { name: 'Acme', url: undefined, description: undefined, links: [], footer: undefined, logo: undefined, logoDark: undefined, favicon: undefined, accent: undefined, accentDark: undefined },
  groups: [{ id: 'bot', name: text('Bot'), collapsed: false }, { id: 'web', name: text('Web'), collapsed: true }, { id: 'empty', name: text('Empty'), collapsed: false }],
  components: [
    { id: 'bot', name: text('Commands'), description: undefined, group: 'bot', critical: true, check: { kind: 'builtin', probe: 'bot' } },
    { id: 'music', name: text('Music'), description: undefined, group: 'bot', critical: false, check: { kind: 'manual' } },
    { id: 'dashboard', name: text('Dashboard'), description: undefined, group: 'web', critical: false, check: { kind: 'manual' } },
    { id: 'voice', name: text('Voice'), description: undefined, group: undefined, critical: false, check: { kind: 'platform', component: 'Voice' } }
  ]
}

const ok: Measurement = { status: 'ok', latencyMs: 12, public: 'operational' }
function input (overrides: Partial<ModelInput> = {}): ModelInput {
  return {
    declaration,
    measurements: new Map([['bot', ok], ['music', ok], ['dashboard', ok], ['voice', ok]]),
    incidents: [],
    windows: [],
    ...overrides
  }
}
const statuses = (model: ReturnType<typeof computeStatus>) => Object.fromEntries(model.components.map((c) => [c.id, c.status]))

describe('the status model', () => {
  it('all measured fine and nothing open: none, every component operational, groups in file order without empty ones', () => {
    const model = computeStatus(input())
    assert.equal(model.indicator, 'none')
    assert.equal(model.description, 'All Systems Operational')
    assert.equal(model.unknownComponents, 0)
    assert.deepEqual(statuses(model), { bot: 'operational', music: 'operational', dashboard: 'operational', voice: 'operational' })
    assert.deepEqual(model.groups.map((g) => [g.id, g.status, g.components, g.collapsed]), [['bot', 'operational', ['bot', 'music'], false], ['web', 'operational', ['dashboard'], true]])
  })

  it('the demo situation: a minor incident on music and a window on the dashboard read minor, one degraded, one under maintenance', () => {
    const model = computeStatus(input({
      incidents: [{ id: 7, impact: 'minor', components: [{ id: 'music', status: 'degraded_performance' }] }],
      windows: [{ id: 3, components: ['dashboard'] }]
    }))
    assert.equal(model.indicator, 'minor')
    assert.deepEqual(statuses(model), { bot: 'operational', music: 'degraded_performance', dashboard: 'under_maintenance', voice: 'operational' })
    const music = model.components.find((c) => c.id === 'music')!
    assert.deepEqual([music.incidents, music.maintenance], [[7], []])
    assert.deepEqual(model.components.find((c) => c.id === 'dashboard')!.maintenance, [3])
    assert.deepEqual(model.groups.map((g) => g.status), ['degraded_performance', 'under_maintenance'])
  })

  it('components that have not reported are counted, and the words of `none` do not claim that they work', () => {
    const two = computeStatus(input({ measurements: new Map([['dashboard', ok], ['voice', ok]]) }))
    assert.equal(two.indicator, 'none', 'the indicator stays Statuspage\'s')
    assert.equal(two.unknownComponents, 2)
    assert.equal(two.description, 'All Reporting Systems Operational; 2 Components Have Not Reported Yet')
    const one = computeStatus(input({ measurements: new Map([['bot', ok], ['dashboard', ok], ['voice', ok]]) }))
    assert.equal(one.description, 'All Reporting Systems Operational; 1 Component Has Not Reported Yet')
    const none = computeStatus(input({ measurements: undefined }))
    assert.deepEqual([none.indicator, none.unknownComponents, none.description], ['none', 4, 'No Component Has Reported Yet'])
    // Worse news says that not everything works already: Statuspage's words, and the count beside them.
    const minor = computeStatus(input({ measurements: new Map([['voice', ok]]), incidents: [{ id: 1, impact: 'minor', components: [] }] }))
    assert.deepEqual([minor.indicator, minor.unknownComponents, minor.description], ['minor', 3, 'Minor Service Outage'])
    // A component an incident names is known to be affected, measured or not.
    const named = computeStatus(input({ measurements: new Map([['voice', ok]]), incidents: [{ id: 2, impact: 'none', components: [{ id: 'bot', status: 'operational' }] }] }))
    assert.equal(named.unknownComponents, 2)
  })

  it('maintenance alone gives the maintenance indicator; a window naming no component changes nothing', () => {
    assert.equal(computeStatus(input({ windows: [{ id: 1, components: ['dashboard'] }] })).indicator, 'maintenance')
    const informing = computeStatus(input({ windows: [{ id: 2, components: [] }] }))
    assert.equal(informing.indicator, 'none')
    assert.ok(informing.components.every((c) => c.status === 'operational'))
  })

  it('a window hides what is measured during it, but an incident naming the component shows', () => {
    const down: Measurement = { status: 'down', latencyMs: null, public: 'major_outage', message: 'No answer.' }
    const measurements = new Map([['bot', ok], ['music', ok], ['dashboard', down], ['voice', ok]])
    const during = computeStatus(input({ measurements, windows: [{ id: 1, components: ['dashboard'] }] }))
    assert.equal(statuses(during).dashboard, 'under_maintenance')
    assert.equal(during.indicator, 'maintenance')
    const wentWrong = computeStatus(input({ measurements, windows: [{ id: 1, components: ['dashboard'] }], incidents: [{ id: 9, impact: 'major', components: [{ id: 'dashboard', status: 'partial_outage' }] }] }))
    assert.equal(statuses(wentWrong).dashboard, 'partial_outage')
    assert.equal(wentWrong.indicator, 'major')
    const noImpact = computeStatus(input({ windows: [{ id: 1, components: ['dashboard'] }], incidents: [{ id: 9, impact: 'none', components: [{ id: 'dashboard', status: 'operational' }] }] }))
    assert.equal(statuses(noImpact).dashboard, 'under_maintenance')
  })

  it('a component is the worst of its measurement and the incidents naming it; the indicator maps the worst component', () => {
    const degraded: Measurement = { status: 'degraded', latencyMs: 900, public: 'degraded_performance' }
    const model = computeStatus(input({
      measurements: new Map([['bot', degraded], ['music', ok], ['dashboard', ok], ['voice', { status: 'down', latencyMs: null, public: 'major_outage' }]]),
      incidents: [{ id: 1, impact: 'minor', components: [{ id: 'bot', status: 'partial_outage' }] }]
    }))
    assert.deepEqual(statuses(model), { bot: 'partial_outage', music: 'operational', dashboard: 'operational', voice: 'major_outage' })
    assert.equal(model.indicator, 'critical')
  })

  it('an unresolved incident counts by its impact even when it names nothing; unknown components count for nothing', () => {
    const model = computeStatus(input({ measurements: undefined, incidents: [{ id: 1, impact: 'major', components: [] }] }))
    assert.equal(model.indicator, 'major')
    assert.ok(model.components.every((c) => c.status === 'unknown' && c.message === null && c.latencyMs === null))
    assert.equal(computeStatus(input({ measurements: undefined })).indicator, 'none')
  })

  it('ids an incident names that the file does not declare change nothing', () => {
    const model = computeStatus(input({ incidents: [{ id: 1, impact: 'minor', components: [{ id: 'gone', status: 'major_outage' }] }] }))
    assert.equal(model.indicator, 'minor')
    assert.ok(model.components.every((c) => c.status === 'operational'))
  })
})
