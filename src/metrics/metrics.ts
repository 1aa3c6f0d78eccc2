// Prometheus metrics (prom-client, one registry per instance): every gauge is read from the in-memory snapshots
// (the one public status, monitor, history, incidents, the chat platform's status) when scraped — never a database
// query per scrape. The page indicator and each declared component's status are the model's (src/status/model.ts);
// `component_status` and `component_up` keep reporting the measured health of GET /api/v1/health, as before.
// Each group of series is a module of its own; this file registers them, in the exposition's order.
import { Registry } from 'prom-client'
import type { IncidentsService } from '../incidents/service.ts'
import type { Monitor } from '../monitor/monitor.ts'
import type { PlatformStatus } from '../platform/platform-status.ts'
import type { StatusService } from '../status/service.ts'
import { registerCheckMetrics } from './check-metrics.ts'
import { registerBotGauges, registerComponentGauges } from './health-gauges.ts'
import { registerHistoryGauges } from './history-gauges.ts'
import { registerActiveIncidentsGauge, registerMaintenanceGauge } from './incident-gauges.ts'
import { registerPlatformGauges } from './platform-gauges.ts'
import { registerProcessMetrics } from './process-metrics.ts'
import { registerRequestMetrics } from './request-metrics.ts'
import { registerStatusGauges } from './status-gauges.ts'

export { METRICS_PREFIX } from './metric-name.ts'
export { UNMATCHED_ROUTE } from './request-metrics.ts'
export { PAGE_INDICATORS, PUBLIC_STATUSES } from './status-gauges.ts'

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
  const health = () => monitor.health()?.value

  registerStatusGauges(registry, status)
  registerComponentGauges(registry, health)
  registerMaintenanceGauge(registry, incidents)
  registerBotGauges(registry, health, () => monitor.shards()?.body.value)
  registerHistoryGauges(registry, monitor.history, () => monitor.bufferedChecks)
  registerActiveIncidentsGauge(registry, incidents)
  registerPlatformGauges(registry, platformStatus)
  const observeRequest = registerRequestMetrics(registry)
  const observeCheck = registerCheckMetrics(registry)
  registerProcessMetrics(registry)

  return { registry, observeRequest, observeCheck }
}
