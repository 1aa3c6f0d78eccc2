// Realistic status data for the page tests: 90 days with every kind of day, a day of minute checks with an
// outage in it, incidents with updates (one with markup in its title), a maintenance window, a stale Discord value.
import type { PlatformStatusBody } from '../../src/api/platform-status.ts'
import type { DailyUptime, HealthBody, HistoryBody } from '../../src/api/health.ts'
import type { IncidentsBody } from '../../src/api/incidents.ts'
import type { Shard, ShardsBody } from '../../src/api/shards.ts'
import type { StatusSource } from '../../src/site/status-source.ts'
import type { ComponentsBody } from '../../src/api/components.ts'
import { builtinDeclaration, type StatusDeclaration, localizedText } from '../../src/declaration/declaration.ts'
import { measureComponents } from '../../src/monitor/measure.ts'
import { computeStatus, type IncidentImpact } from '../../src/status/model.ts'
import type { ProbeResult } from '../../src/monitor/probes/probe.ts'

export const NOW = '2026-11-21T12:03:00.000Z'
export const XSS_TITLE = '<img src=x onerror=alert(1)>'
const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

const iso = (ms: number) => new Date(ms).toISOString()
const date = (ms: number) => iso(ms).slice(0, 10)

/** Which of the 90 days (0 = oldest) were not plain ok, and how. */
const SPECIAL_DAYS: Record<number, { status: DailyUptime['status'], down: number, degraded: number, component?: 'database' | 'cache' | 'bot' }> = {
  3: { status: 'no_data', down: 0, degraded: 0 },
  4: { status: 'no_data', down: 0, degraded: 0 },
  20: { status: 'degraded', down: 0, degraded: 45, component: 'cache' },
  41: { status: 'down', down: 38, degraded: 0, component: 'database' },
  67: { status: 'degraded', down: 0, degraded: 12, component: 'bot' },
  88: { status: 'down', down: 14, degraded: 6, component: 'bot' }
}

export function history (now = NOW): HistoryBody {
  const nowMs = Date.parse(now)
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS
  const minutesToday = Math.floor((nowMs - today) / MINUTE_MS)
  const daily: DailyUptime[] = Array.from({ length: 90 }, (_, i) => {
    const start = today - (89 - i) * DAY_MS
    const expected = i === 89 ? minutesToday : 1440
    const special = SPECIAL_DAYS[i]
    const checks = special?.status === 'no_data' ? 0 : expected
    const down = special?.down ?? 0
    const degraded = special?.degraded ?? 0
    const percent = checks === 0 ? null : Math.round(((checks - down) / checks) * 100_000) / 1000
    const status = special?.status ?? 'ok'
    const componentDay = (component: 'database' | 'cache' | 'bot') => special?.component === component || status === 'no_data'
      ? { percent, status }
      : { percent: checks === 0 ? null : 100, status: 'ok' as const }
    return {
      date: date(start), percent, checks, expectedChecks: expected, degradedChecks: degraded, downChecks: down, status,
      components: { database: componentDay('database'), cache: componentDay('cache'), bot: componentDay('bot') }
    }
  })
  // The last 24 h: every minute recorded except a 40-minute gap; the bot was down for 14 minutes this morning.
  const checks: HistoryBody['checks'] = []
  const firstMinute = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - 1439 * MINUTE_MS
  for (let i = 0; i < 1440; i++) {
    const at = firstMinute + i * MINUTE_MS
    if (i >= 290 && i < 330) continue
    const bot = i >= 1100 && i < 1114 ? 'down' : i >= 1114 && i < 1120 ? 'degraded' : 'ok'
    const status = bot === 'down' ? 'down' : bot === 'degraded' ? 'degraded' : 'ok'
    checks.push({ at: iso(at), status, components: { database: 'ok', cache: 'ok', bot } })
  }
  // Every recorded minute measured a latency, but the bot's down minutes.
  const latencyMinutes = { database: checks.length, cache: checks.length, bot: checks.filter((check) => check.components.bot !== 'down').length }
  return {
    generatedAt: now,
    checkIntervalSeconds: 60,
    checks,
    latencyMinutes,
    uptime: {
      days: 90, from: daily[0]!.date, to: daily[89]!.date, percent: 99.982,
      components: { database: 99.971, cache: 100, bot: 99.984 },
      daily
    }
  }
}

export function health (now = NOW): HealthBody {
  return {
    status: 'degraded', version: '1.4.2', uptimeSeconds: 86_400 * 3 + 512,
    startedAt: iso(Date.parse(now) - (86_400 * 3 + 512) * 1000), checkedAt: iso(Date.parse(now) - 4000), maintenance: true, indicator: 'minor',
    components: {
      database: { status: 'ok', latencyMs: 1.4 },
      cache: { status: 'ok', latencyMs: 0.3 },
      bot: { status: 'degraded', latencyMs: 182, message: 'Two shards are reconnecting.', shards: { total: 16, connected: 14 } }
    }
  }
}

export function incidents (now = NOW): IncidentsBody {
  const at = (hoursAgo: number) => iso(Date.parse(now) - hoursAgo * 3_600_000)
  return {
    maintenance: {
      id: 3, title: 'Database upgrade', message: 'We are moving to a larger database server.\nThe bot keeps answering; the dashboard may be slow.',
      startsAt: at(0.5), endsAt: at(-1.5), components: ['database'], seriesId: null
    },
    upcomingMaintenance: [
      { id: 4, title: 'Cache cluster resize', message: 'A few seconds of slower answers are expected.', startsAt: at(-72), endsAt: at(-73), components: [], seriesId: 'ms-0a1b2c3d' }
    ],
    incidents: [
      {
        id: 9, title: 'Slow responses from the bot', impact: 'minor', status: 'identified', startedAt: at(1.2), resolvedAt: null,
        components: [{ id: 'bot', status: 'degraded_performance' }],
        updates: [
          { at: at(0.4), status: 'identified', message: 'Two shards lost their gateway session; they are reconnecting.' },
          { at: at(1.2), status: 'investigating', message: 'Commands take longer than usual to answer. We are looking into it.' }
        ]
      },
      {
        id: 8, title: XSS_TITLE, impact: 'major', status: 'resolved', startedAt: at(30), resolvedAt: at(29), components: [],
        updates: [
          { at: at(29), status: 'resolved', message: 'Fixed. <script>alert("x")</script> stays text.' },
          { at: at(30), status: 'investigating', message: 'Looking into <b>this</b>.' }
        ]
      },
      {
        id: 7, title: 'Database failover', impact: 'critical', status: 'resolved', startedAt: at(24 * 48 + 2), resolvedAt: at(24 * 48 + 1.4),
        components: [{ id: 'database', status: 'major_outage' }],
        updates: [
          { at: at(24 * 48 + 1.4), status: 'resolved', message: 'The replica took over; everything is back to normal.' },
          { at: at(24 * 48 + 1.6), status: 'monitoring', message: 'A failover completed. We are watching closely.' },
          { at: at(24 * 48 + 2), status: 'investigating', message: 'The database does not answer.' }
        ]
      }
    ]
  }
}

export function discord (now = NOW): PlatformStatusBody {
  const at = (minutesAgo: number) => iso(Date.parse(now) - minutesAgo * MINUTE_MS)
  return {
    indicator: 'minor', description: 'Minor Service Outage',
    components: [
      { name: 'API', status: 'operational' },
      { name: 'Gateway', status: 'degraded_performance' },
      { name: 'Voice', status: 'partial_outage' },
      { name: 'Media Proxy', status: 'operational' },
      { name: 'Search', status: 'under_maintenance' }
    ],
    incidents: [
      { name: 'Increased gateway latency', status: 'monitoring', impact: 'minor', url: 'https://discordstatus.com/incidents/abc', startedAt: at(95), updatedAt: at(20) },
      { name: 'A link that is not a link', status: 'investigating', impact: 'minor', url: 'javascript:alert(1)', startedAt: at(40), updatedAt: at(30) }
    ],
    pageUrl: 'https://discordstatus.com', updatedAt: at(20), fetchedAt: at(6), stale: true
  }
}

/**
 * `total` shards in clusters of `perCluster`, all ready but a few (by default shard 5 reconnecting and 11 silent,
 * as the health fixture's "14 of 16"); heartbeats a few seconds old, pings that vary.
 */
export function shards (total = 16, perCluster = 4, notReady: Record<number, Shard['status']> = { 5: 'reconnecting', 11: 'silent' }, now = NOW): ShardsBody {
  const clusters: ShardsBody['clusters'] = []
  let connected = 0
  for (let id = 0; id < total; id++) {
    const status = notReady[id] ?? 'ready'
    if (status === 'ready') connected++
    const shard: Shard = {
      id, status, connected: status === 'ready', latencyMs: status === 'missing' ? null : 30 + ((id * 7) % 40),
      lastHeartbeatAt: status === 'missing' ? null : iso(Date.parse(now) - (status === 'silent' ? 600_000 : 5_000 + (id % 20) * 1000))
    }
    const clusterId = Math.floor(id / perCluster)
    if (clusters[clusterId] === undefined) clusters[clusterId] = { id: clusterId, shards: [] }
    clusters[clusterId].shards.push(shard)
  }
  return { total, connected, clusters }
}

/** The public status the model makes of these bodies (no platform; the incidents and the active window as they name components). */
export function components (healthBody: HealthBody = health(), incidentsBody: IncidentsBody = incidents(), declaration: StatusDeclaration = builtinDeclaration()): ComponentsBody {
  return modelBody({ health: healthBody, incidents: incidentsBody, declaration })
}

/**
 * The model's body through the real model: the declaration measured from the health body, the declared checks and
 * the chat platform, with the components each unresolved incident names and each active window's `components`.
 */
export function modelBody (input: {
  health?: HealthBody
  incidents?: IncidentsBody
  declaration?: StatusDeclaration
  checks?: ReadonlyMap<string, ProbeResult>
  platform?: PlatformStatusBody
  windows?: Array<{ id: number, components: string[] }>
}): ComponentsBody {
  const healthBody = input.health ?? health()
  const declaration = input.declaration ?? builtinDeclaration()
  const measurements = measureComponents({ declaration, builtin: healthBody.components, checks: input.checks, platform: input.platform })
  const incidentsBody = input.incidents ?? incidents()
  const unresolved = incidentsBody.incidents.filter((incident) => incident.resolvedAt === null)
    .map((incident) => ({ id: incident.id, impact: incident.impact as IncidentImpact, components: incident.components }))
  const active = incidentsBody.maintenance === null ? [] : [{ id: incidentsBody.maintenance.id, components: incidentsBody.maintenance.components }]
  return { ...computeStatus({ declaration, measurements, incidents: unresolved, windows: input.windows ?? active }), updatedAt: healthBody.checkedAt }
}

/**
 * A status file's declaration as the page tests need it: a product name, an open and a collapsed group, a builtin
 * under another id, checked, manual and platform components, and one on its own (the demo's shape, docs/en/architecture.md#status-model).
 */
export function groupedDeclaration (): StatusDeclaration {
  const base = builtinDeclaration()
  const http = (url: string) => ({ kind: 'http' as const, url, method: 'GET' as const, headers: {}, everyMs: 30_000, timeoutMs: 5000, confirm: 2, expect: { status: [200], certDays: 14 } })
  const component = (id: string, name: string | { en: string, de: string }, group: string | undefined, check: StatusDeclaration['components'][number]['check']) =>
    ({ id, name: localizedText(name), description: undefined, group, critical: false, check })
  return {
    file: 'status.yaml',
    product: { ...base.product, name: 'Acme' },
    groups: [
      { id: 'bot', name: localizedText({ en: 'Bot', de: 'Bot' }), collapsed: false },
      { id: 'web', name: localizedText({ en: 'Website and dashboard', de: 'Website und Dashboard' }), collapsed: true }
    ],
    components: [
      component('gateway', localizedText({ en: 'Commands and gateway', de: 'Befehle und Gateway' }), 'bot', { kind: 'builtin', probe: 'bot' }),
      component('music', localizedText({ en: 'Music', de: 'Musik' }), 'bot', { kind: 'push', withinMs: 120_000 }),
      component('api', localizedText({ en: 'Public API', de: 'Öffentliche API' }), undefined, { kind: 'manual' }),
      component('dashboard', 'Dashboard', 'web', http('https://acme.example/api/ping')),
      component('website', 'Website', 'web', http('https://acme.example')),
      component('discord-api', 'Discord API', undefined, { kind: 'platform', component: 'API' }),
      component('database', localizedText({ en: 'Database', de: 'Datenbank' }), undefined, { kind: 'builtin', probe: 'database' })
    ]
  }
}

/** Measured results of the grouped declaration's own checks (absent ids: not checked yet). */
export const GROUPED_CHECKS: ReadonlyMap<string, ProbeResult> = new Map([
  ['music', { status: 'ok', latencyMs: 64 }],
  ['dashboard', { status: 'ok', latencyMs: 212 }],
  ['website', { status: 'ok', latencyMs: 118 }]
])

/** The health of the grouped situations: everything measured fine (the incidents and windows make the difference). */
export function healthyHealth (now = NOW): HealthBody {
  const body = health(now)
  return { ...body, status: 'ok', maintenance: false, components: { ...body.components, bot: { status: 'ok', latencyMs: 41, shards: { total: 16, connected: 16 } } } }
}

/**
 * The situations the page is tested in with the grouped declaration: a minor incident naming music while a window
 * puts the dashboard under maintenance; all fine; nothing checked yet (unknown components).
 */
export function groupedSituation (kind: 'minor' | 'fine' | 'unknown'): { incidents: IncidentsBody, components: ComponentsBody, health: HealthBody } {
  const healthBody = healthyHealth()
  const base = incidents()
  const declaration = groupedDeclaration()
  const platform = discord()
  if (kind === 'minor') {
    const [slow, ...rest] = base.incidents
    const naming: IncidentsBody['incidents'][number] = { ...slow!, components: [{ id: 'music', status: 'degraded_performance' }, { id: 'retired-voice', status: 'degraded_performance' }] }
    const window = { ...base.maintenance!, components: ['dashboard'] }
    const body = { ...base, maintenance: window, incidents: [naming, ...rest] }
    return { incidents: body, health: healthBody, components: modelBody({ health: healthBody, incidents: body, declaration, checks: GROUPED_CHECKS, platform, windows: [{ id: window.id, components: window.components }] }) }
  }
  const quiet = { ...base, maintenance: null, incidents: base.incidents.filter((incident) => incident.resolvedAt !== null) }
  const checks = kind === 'fine' ? GROUPED_CHECKS : new Map()
  return { incidents: quiet, health: healthBody, components: modelBody({ health: healthBody, incidents: quiet, declaration, checks, platform: kind === 'fine' ? platform : undefined }) }
}

/** A StatusSource over mutable fixture bodies; set a field to an Error to make that part fail. */
export class FixtureStatus implements StatusSource {
  componentsBody: ComponentsBody | Error = components()
  healthBody: HealthBody | Error = health()
  historyBody: HistoryBody | Error = history()
  discordBody: PlatformStatusBody | undefined | Error = discord()
  incidentsBody: IncidentsBody | Error = incidents()
  shardsBody: ShardsBody | undefined | Error = shards()

  components (): ComponentsBody { return unwrap(this.componentsBody) }
  health (): HealthBody { return unwrap(this.healthBody) }
  history (): HistoryBody { return unwrap(this.historyBody) }
  async discord (): Promise<PlatformStatusBody | undefined> { return unwrap(this.discordBody) }
  async incidents (): Promise<IncidentsBody> { return unwrap(this.incidentsBody) }
  shards (): ShardsBody | undefined { return unwrap(this.shardsBody) }
}

function unwrap<T> (value: T | Error): T {
  if (value instanceof Error) throw value
  return value
}
