// Each declared component's measurement: builtin probes, the chat platform's mirrored status, manual components.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { PlatformStatusBody } from '../../src/api/platform-status.ts'
import { builtinDeclaration, type StatusDeclaration, localizedText } from '../../src/declaration/declaration.ts'
import { measureComponents } from '../../src/monitor/measure.ts'

const builtin = {
  database: { status: 'ok' as const, latencyMs: 1.2 },
  cache: { status: 'down' as const, latencyMs: null, message: 'The cache does not answer.' },
  bot: { status: 'unknown' as const, latencyMs: null }
}
const platform: PlatformStatusBody = {
  indicator: 'minor', description: 'Minor Service Outage', incidents: [], pageUrl: 'https://discordstatus.com',
  components: [{ name: 'API', status: 'operational' }, { name: 'Voice: EU West', status: 'partial_outage' }],
  updatedAt: '2026-11-21T12:00:00.000Z', fetchedAt: '2026-11-21T12:00:00.000Z', stale: false
}
const declared: StatusDeclaration = {
  ...builtinDeclaration(),
  components: [
    { id: 'voice-eu', name: localizedText({ en: 'Voice', de: 'Voice' }), description: undefined, group: undefined, critical: false, check: { kind: 'platform', component: 'Voice: EU West' } },
    { id: 'gone', name: localizedText({ en: 'Gone', de: 'Gone' }), description: undefined, group: undefined, critical: false, check: { kind: 'platform', component: 'Stage' } },
    { id: 'api', name: localizedText({ en: 'API', de: 'API' }), description: undefined, group: undefined, critical: false, check: { kind: 'manual' } },
    { id: 'site', name: localizedText({ en: 'Site', de: 'Site' }), description: undefined, group: undefined, critical: false, check: { kind: 'http', url: 'https://example.com', method: 'GET', headers: {}, everyMs: 60_000, timeoutMs: 10_000, confirm: 2, expect: { status: [200], certDays: 14 } } }
  ]
}

describe('measurements', () => {
  it('the built-in model: the three probes, the cache\'s outage a partial one, unknown stays unknown', () => {
    const measured = measureComponents({ declaration: builtinDeclaration(), builtin, platform: undefined })
    assert.deepEqual([...measured.keys()], ['database', 'cache', 'bot'])
    assert.equal(measured.get('database')!.public, 'operational')
    assert.deepEqual(measured.get('cache'), { ...builtin.cache, public: 'partial_outage' })
    assert.equal(measured.get('bot')!.public, undefined)
  })

  it('a platform component mirrors its exact status; missing there or no platform status at all: unknown, said plainly', () => {
    const measured = measureComponents({ declaration: declared, builtin, platform })
    assert.deepEqual([measured.get('voice-eu')!.status, measured.get('voice-eu')!.public], ['degraded', 'partial_outage'])
    assert.equal(measured.get('gone')!.status, 'unknown')
    assert.match(measured.get('gone')!.message!, /does not list this component/)
    const without = measureComponents({ declaration: declared, builtin, platform: undefined })
    assert.equal(without.get('voice-eu')!.status, 'unknown')
    const stale = measureComponents({ declaration: declared, builtin, platform: { ...platform, stale: true } })
    assert.match(stale.get('voice-eu')!.message!, /last known status/)
  })

  it('a manual component is operational until an operator sets it; a check not run yet is unknown', () => {
    assert.equal(measureComponents({ declaration: declared, builtin, platform }).get('api')!.public, 'operational')
    const set = measureComponents({ declaration: declared, builtin, platform, manual: new Map([['api', { status: 'major_outage', message: 'Down for everyone.' }]]) })
    assert.deepEqual(set.get('api'), { status: 'down', latencyMs: null, public: 'major_outage', message: 'Down for everyone.' })
    assert.equal(measureComponents({ declaration: declared, builtin, platform }).get('site')!.status, 'unknown')
  })
})
