// Prometheus metrics (prom-client, one registry per instance): every gauge is read from the in-memory snapshots
// (the one public status, monitor, history, incidents, the chat platform's status) when scraped — never a database
// query per scrape. The page indicator and each declared component's status are the model's (src/status/model.ts);
// `component_status` and `component_up` keep reporting the measured health of GET /api/v1/health, as before.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { IncidentsService } from '../incidents/service.ts'
import type { Monitor } from '../monitor/monitor.ts'
import type { PlatformStatus } from '../platform/platform-status.ts'
import type { StatusService } from '../status/service.ts'
import { uptimeWindows } from './uptime-windows.ts'

export const METRICS_PREFIX = 'status_api_'
/** The route label of a request no route pattern answered (unknown paths, wrong methods, every 404). */
export const UNMATCHED_ROUTE = '(unmatched)'

const COMPONENT_STATUSES = ['ok', 'degraded', 'down', 'unknown'] as const
const IMPACTS = ['none', 'minor', 'major', 'critical'] as const
const PLATFORM_INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const
/** The page indicator's values (GET /api/v1/health/components `indicator`). */
export const PAGE_INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const
/** A component's values in the model (GET /api/v1/health/components `components[].status`). */
export const PUBLIC_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance', 'unknown'] as const
/** Checks answer in milliseconds to their time limit (at most 60 s). */
const CHECK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

export interface MetricsSources {
  monitor: Monitor
  incidents: IncidentsService
  platformStatus: PlatformStatus
  /** The one public status. */
  status: StatusService
}

export interface Metrics {
  readonly registry: Registry
  /** Counts one answered request under its route pattern (never the raw URL) and status code. */
  observeRequest (route: string | undefined, statusCode: number, seconds: number): void
  /** Counts one attempt of a declared check (made by this replica) by component and outcome, with its duration. */
  observeCheck (component: string, outcome: 'ok' | 'degraded' | 'down', seconds: number): void
}

export function createMetrics (sources: MetricsSources): Metrics {
  const { monitor, incidents, platformStatus, status } = sources
  const registry = new Registry()
  const name = (suffix: string) => `${METRICS_PREFIX}${suffix}`
  const registers = [registry]
  const health = () => monitor.health()?.value
  /** The measured overall status and each measured component's, from the latest snapshot; none before the first probe round. */
  const statuses = (): Record<string, string> => {
    const body = health()
    if (body === undefined) return {}
    const measured: Record<string, string> = { overall: body.status }
    for (const [component, value] of Object.entries(body.components)) measured[component] = value.status
    return measured
  }

  new Gauge({
    name: name('page_indicator'),
    help: 'The status page\'s indicator (GET /api/v1/health/components): 1 for the current one, 0 for the others.',
    labelNames: ['indicator'] as const,
    registers,
    collect () {
      this.reset()
      const { indicator } = status.current().value
      for (const candidate of PAGE_INDICATORS) this.set({ indicator: candidate }, candidate === indicator ? 1 : 0)
    }
  })

  new Gauge({
    name: name('component_public_status'),
    help: 'Each declared component\'s status as the status page shows it (Statuspage\'s values, incidents and maintenance ' +
      'included, or unknown): 1 for the current one, 0 for the others.',
    labelNames: ['component', 'status'] as const,
    registers,
    collect () {
      this.reset()
      for (const component of status.current().value.components) {
        for (const candidate of PUBLIC_STATUSES) this.set({ component: component.id, status: candidate }, candidate === component.status ? 1 : 0)
      }
    }
  })

  new Gauge({
    name: name('component_status'),
    help: 'Measured status of each probed component and of the whole service (component="overall"), as GET /api/v1/health reports it: 1 for the current status, 0 for the others.',
    labelNames: ['component', 'status'] as const,
    registers,
    collect () {
      this.reset()
      for (const [component, status] of Object.entries(statuses())) {
        for (const candidate of COMPONENT_STATUSES) {
          if (component === 'overall' && candidate === 'unknown') continue
          this.set({ component, status: candidate }, candidate === status ? 1 : 0)
        }
      }
    }
  })

  new Gauge({
    name: name('component_up'),
    help: '1 when the measured component (or the service, component="overall") is up (ok or degraded), 0 when down; absent while unknown.',
    labelNames: ['component'] as const,
    registers,
    collect () {
      this.reset()
      for (const [component, status] of Object.entries(statuses())) {
        if (status !== 'unknown') this.set({ component }, status === 'down' ? 0 : 1)
      }
    }
  })

  new Gauge({
    name: name('maintenance_active'),
    help: '1 while a maintenance window is active.',
    registers,
    collect () {
      this.set(incidents.isMaintenanceActive() ? 1 : 0)
    }
  })

  new Gauge({
    name: name('shards'),
    help: 'Bot shards by connection status.',
    labelNames: ['status'] as const,
    registers,
    collect () {
      this.reset()
      const shards = monitor.shards()?.body.value // the shards body: the page's source of shard counts
      if (shards == null) return
      this.set({ status: 'connected' }, shards.connected)
      this.set({ status: 'disconnected' }, shards.total - shards.connected)
    }
  })

  new Gauge({
    name: name('gateway_latency_seconds'),
    help: 'The bot\'s gateway latency (mean ping of its connected shards).',
    registers,
    collect () {
      this.reset()
      const latencyMs = health()?.components.bot.latencyMs
      if (latencyMs != null) this.set(latencyMs / 1000)
    }
  })

  const windows = async () => {
    try {
      return uptimeWindows((await monitor.history.get()).value)
    } catch {
      return [] // no history yet (the database has not answered once): the series are absent
    }
  }
  new Gauge({
    name: name('uptime_ratio'),
    help: 'Share of recorded minute checks that were up (ok or degraded), per window: 1d is the last 24 hours, the others whole UTC days including today.',
    labelNames: ['window'] as const,
    registers,
    async collect () {
      this.reset()
      for (const window of await windows()) if (window.ratio !== null) this.set({ window: window.window }, window.ratio)
    }
  })
  new Gauge({
    name: name('checks_recorded'),
    help: 'Minute checks recorded in the window.',
    labelNames: ['window'] as const,
    registers,
    async collect () {
      this.reset()
      for (const window of await windows()) this.set({ window: window.window }, window.checks)
    }
  })
  new Gauge({
    name: name('checks_expected'),
    help: 'Minutes the window had so far; the gap to checks_recorded is time when nothing was recorded.',
    labelNames: ['window'] as const,
    registers,
    async collect () {
      this.reset()
      for (const window of await windows()) this.set({ window: window.window }, window.expectedChecks)
    }
  })
  new Gauge({
    name: name('checks_buffered'),
    help: 'Minute checks held in memory until the database answers again.',
    registers,
    collect () {
      this.set(monitor.bufferedChecks)
    }
  })

  new Gauge({
    name: name('incidents_active'),
    help: 'Incidents not yet resolved, by impact.',
    labelNames: ['impact'] as const,
    registers,
    collect () {
      this.reset()
      const active = incidents.body().incidents.filter((incident) => incident.status !== 'resolved')
      for (const impact of IMPACTS) this.set({ impact }, active.filter((incident) => incident.impact === impact).length)
    }
  })

  new Gauge({
    name: name('platform_indicator'),
    help: 'The chat platform\'s own status indicator (Statuspage): 1 for the current one, 0 for the others; absent until fetched once.',
    labelNames: ['indicator'] as const,
    registers,
    collect () {
      this.reset()
      void platformStatus.current() // when the minute is up, refresh in the background like a request would
      const status = platformStatus.latest()
      if (status === undefined) return
      for (const indicator of PLATFORM_INDICATORS) this.set({ indicator }, indicator === status.indicator ? 1 : 0)
    }
  })
  new Gauge({
    name: name('platform_stale'),
    help: '1 when the chat platform\'s status shown is the last good value because the latest fetch failed.',
    registers,
    collect () {
      this.reset()
      const status = platformStatus.latest()
      if (status !== undefined) this.set(status.stale ? 1 : 0)
    }
  })

  const requests = new Counter({
    name: name('http_requests_total'),
    help: 'HTTP requests answered on the public port, by route pattern and status code.',
    labelNames: ['route', 'status_code'] as const,
    registers
  })
  const durations = new Histogram({
    name: name('http_request_duration_seconds'),
    help: 'Time to answer HTTP requests on the public port, by route pattern and status code.',
    labelNames: ['route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers
  })

  const checkResults = new Counter({
    name: name('check_results_total'),
    help: 'Attempts of the declared http and tcp checks made by this replica (the one holding the checks lease), by component and outcome (ok, degraded, down).',
    labelNames: ['component', 'outcome'] as const,
    registers
  })
  const checkDurations = new Histogram({
    name: name('check_duration_seconds'),
    help: 'Time each attempt of a declared http or tcp check took, by component (a failed attempt up to its time limit).',
    labelNames: ['component'] as const,
    buckets: CHECK_BUCKETS,
    registers
  })

  // Node's default metrics under their standard names (`process_*`, `nodejs_*`), as Prometheus' client guidelines name
  // them and standard Node.js dashboards read them; our own series keep METRICS_PREFIX.
  collectDefaultMetrics({ register: registry })
  // prom-client's sums of nodejs_active_{handles,requests,resources} are gauges named `_total`, which promtool
  // rejects; the same counts by type stay.
  for (const kind of ['handles', 'requests', 'resources']) registry.removeSingleMetric(`nodejs_active_${kind}_total`)

  return {
    registry,
    observeRequest (route, statusCode, seconds) {
      const labels = { route: route === undefined || statusCode === 404 ? UNMATCHED_ROUTE : route, status_code: String(statusCode) }
      requests.inc(labels)
      durations.observe(labels, seconds)
    },
    observeCheck (component, outcome, seconds) {
      checkResults.inc({ component, outcome })
      checkDurations.observe({ component }, seconds)
    }
  }
}
