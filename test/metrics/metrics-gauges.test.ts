// Each group of gauges on its own registry, read from plain in-memory sources as a scrape reads them.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { pino } from 'pino'
import { Registry } from 'prom-client'
import type { ComponentsBody } from '../../src/api/components.ts'
import type { MeasuredHealthBody } from '../../src/api/health.ts'
import type { ShardsBody } from '../../src/api/shards.ts'
import type { IncidentWithUpdates } from '../../src/store/repositories/incidents.ts'
import type { PlatformStatusBody } from '../../src/api/platform-status.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { minuteOf } from '../../src/lib/minutes.ts'
import { serialize } from '../../src/lib/serialized.ts'
import { buildHealthBody } from '../../src/monitor/health-body.ts'
import { createHistoryService } from '../../src/monitor/history-service.ts'
import { registerBotGauges, registerComponentGauges } from '../../src/metrics/health-gauges.ts'
import { registerHistoryGauges } from '../../src/metrics/history-gauges.ts'
import { registerActiveIncidentsGauge, registerMaintenanceGauge } from '../../src/metrics/incident-gauges.ts'
import { registerPlatformGauges } from '../../src/metrics/platform-gauges.ts'
import { registerStatusGauges } from '../../src/metrics/status-gauges.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { OVERALL, upsertComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { tempDir } from '../helper.ts'
import { parseExposition, sampleValue } from './exposition.ts'

/** Scrapes the registry: every sample, and the value of one. */
async function scrape (registry: Registry) {
  const samples = parseExposition(await registry.metrics())
  return { names: [...new Set(samples.map((sample) => sample.name))], value: (name: string, labels?: Record<string, string>) => sampleValue(samples, `status_api_${name}`, labels) }
}

function health (bot: MeasuredHealthBody['components']['bot'] | 'unknown'): MeasuredHealthBody {
  return buildHealthBody({
    results: {
      database: { status: 'ok', latencyMs: 1 },
      cache: { status: 'down', latencyMs: null },
      bot: bot === 'unknown' ? { status: 'unknown', latencyMs: null, shards: null } : { ...bot, shards: bot.shards ?? null }
    },
    version: 'test', startedAt: 0, checkedAt: 0, uptimeMs: 0, maintenance: false
  })
}

describe('metrics gauges', () => {
  it('the page indicator and each component\'s public status, one-hot, as the model holds them', async () => {
    const registry = new Registry()
    let body = { indicator: 'major', components: [{ id: 'api', status: 'partial_outage' }, { id: 'web', status: 'operational' }] } as ComponentsBody
    registerStatusGauges(registry, { current: () => serialize(body) })
    let { value } = await scrape(registry)
    assert.deepEqual([value('page_indicator', { indicator: 'major' }), value('page_indicator', { indicator: 'none' })], [1, 0])
    assert.deepEqual([value('component_public_status', { component: 'api', status: 'partial_outage' }), value('component_public_status', { component: 'api', status: 'operational' })], [1, 0])
    assert.equal(value('component_public_status', { component: 'web', status: 'operational' }), 1)
    body = { indicator: 'none', components: [{ id: 'web', status: 'operational' }] } as ComponentsBody
    ;({ value } = await scrape(registry))
    assert.equal(value('page_indicator', { indicator: 'none' }), 1)
    assert.equal(value('component_public_status', { component: 'api', status: 'operational' }), undefined, 'a component no longer shown is gone')
  })

  it('the measured statuses and whether each is up; the bot\'s shards (from the shards body) and latency; nothing before the first round', async () => {
    const registry = new Registry()
    let latest: MeasuredHealthBody | undefined
    let shards: ShardsBody | undefined
    registerComponentGauges(registry, () => latest)
    registerBotGauges(registry, () => latest, () => shards)
    const before = await scrape(registry)
    assert.deepEqual(before.names, ['status_api_gateway_latency_seconds'], 'no round yet: every labelled series absent')
    assert.equal(before.value('gateway_latency_seconds'), 0, 'prom-client shows an unlabelled gauge without a value as 0')

    latest = health({ status: 'degraded', latencyMs: 50, shards: { total: 9, connected: 9 } })
    shards = { total: 4, connected: 3 } as ShardsBody
    let { value } = await scrape(registry)
    assert.equal(value('component_status', { component: 'overall', status: 'degraded' }), 1, 'the cache down makes the service degraded')
    assert.equal(value('component_status', { component: 'overall', status: 'unknown' }), undefined, 'the overall status is never unknown')
    assert.equal(value('component_status', { component: 'bot', status: 'degraded' }), 1)
    assert.equal(value('component_status', { component: 'bot', status: 'ok' }), 0)
    assert.deepEqual([value('component_up', { component: 'database' }), value('component_up', { component: 'cache' }), value('component_up', { component: 'bot' })], [1, 0, 1])
    assert.deepEqual([value('shards', { status: 'connected' }), value('shards', { status: 'disconnected' })], [3, 1], 'the shards body, not the health body, counts them')
    assert.equal(value('gateway_latency_seconds'), 0.05)

    latest = health('unknown')
    shards = undefined
    ;({ value } = await scrape(registry))
    assert.equal(value('component_up', { component: 'bot' }), undefined, 'absent while unknown')
    assert.equal(value('component_status', { component: 'bot', status: 'unknown' }), 1)
    assert.equal(value('shards', { status: 'connected' }), undefined)
    assert.equal(value('gateway_latency_seconds'), 0)
  })

  it('maintenance, and the incidents not yet resolved by impact', async () => {
    const registry = new Registry()
    let maintenance = false
    // The list: its open incidents first (more than a body shows are counted too), then the resolved ones.
    const rows = [
      ...Array.from({ length: 40 }, () => ({ impact: 'major', status: 'investigating' })),
      { impact: 'major', status: 'monitoring' }, { impact: 'minor', status: 'resolved' }
    ] as unknown as IncidentWithUpdates[]
    registerMaintenanceGauge(registry, { isMaintenanceActive: () => maintenance })
    registerActiveIncidentsGauge(registry, { listed: () => ({ rows, open: 41 }) })
    let { value } = await scrape(registry)
    assert.equal(value('maintenance_active'), 0)
    assert.deepEqual(['none', 'minor', 'major', 'critical'].map((impact) => value('incidents_active', { impact })), [0, 0, 41, 0])
    maintenance = true
    ;({ value } = await scrape(registry))
    assert.equal(value('maintenance_active'), 1)
  })

  it('the uptime and checks per window from the history; absent while there is none; the buffered minutes', async (t) => {
    const clock = new ManualClock('2026-11-21T12:00:30.000Z')
    const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
    t.after(() => database.close())
    const history = createHistoryService({ database, clock, logger: pino({ level: 'silent' }), components: ['database'] })
    const registry = new Registry()
    let buffered = 7
    registerHistoryGauges(registry, history, () => buffered)
    let { value } = await scrape(registry)
    assert.equal(value('uptime_ratio', { window: '1d' }), undefined, 'no history yet (no schema): absent')
    assert.equal(value('checks_buffered'), 7)

    await migrate(database)
    const now = minuteOf(clock.now())
    await upsertComponentChecks(database, [
      { minute: now - 2, component: OVERALL, status: 'ok', latencyMs: null },
      { minute: now - 1, component: OVERALL, status: 'down', latencyMs: null },
      { minute: now, component: OVERALL, status: 'degraded', latencyMs: null },
      { minute: now - 3, component: OVERALL, status: 'ok', latencyMs: null }
    ])
    clock.advance(60_000) // a new minute: the history is read again
    await history.refreshIfStale()
    buffered = 0
    ;({ value } = await scrape(registry))
    assert.equal(value('checks_recorded', { window: '1d' }), 4)
    assert.equal(value('uptime_ratio', { window: '1d' }), 0.75)
    assert.equal(value('checks_expected', { window: '1d' }), 1440)
    assert.equal(value('checks_buffered'), 0)
  })

  it('the platform\'s indicator and staleness; each scrape asks for a refresh in the background', async () => {
    const registry = new Registry()
    let latest: PlatformStatusBody | undefined = undefined
    let asked = 0
    registerPlatformGauges(registry, { current: async () => { asked++; return latest }, latest: () => latest })
    const before = await scrape(registry)
    assert.deepEqual(before.names, ['status_api_platform_stale'], 'the indicator absent until fetched once')
    assert.equal(before.value('platform_stale'), 0)
    assert.equal(asked, 1)
    latest = { indicator: 'minor', stale: true } as PlatformStatusBody
    const { value } = await scrape(registry)
    assert.deepEqual(['none', 'minor', 'major', 'critical', 'maintenance'].map((indicator) => value('platform_indicator', { indicator })), [0, 1, 0, 0, 0])
    assert.equal(value('platform_stale'), 1)
    assert.equal(asked, 2)
  })
})
