// The measured health as gauges: overall and component statuses, whether each is up, the bot's shards and gateway latency.
import { Gauge, type Registry } from 'prom-client'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { ShardsBody } from '../api/shards.ts'
import { metricName as name } from './metric-name.ts'

const COMPONENT_STATUSES = ['ok', 'degraded', 'down', 'unknown'] as const

/** The latest health body; undefined before the first probe round. */
export type LatestHealth = () => MeasuredHealthBody | undefined

/** The measured overall status and each measured component's, from the latest snapshot; none before the first probe round. */
function measuredStatuses (health: LatestHealth): Record<string, string> {
  const body = health()
  if (body === undefined) return {}
  const measured: Record<string, string> = { overall: body.status }
  for (const [component, value] of Object.entries(body.components)) measured[component] = value.status
  return measured
}

/** `component_status` and `component_up`. */
export function registerComponentGauges (registry: Registry, health: LatestHealth): void {
  const registers = [registry]
  const statuses = () => measuredStatuses(health)

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
}

/**
 * `shards` (by connection status) and `gateway_latency_seconds`; absent while the bot reported neither. The shard counts
 * come from the shards body, the status page's one source of them; the latency from the health snapshot.
 */
export function registerBotGauges (registry: Registry, health: LatestHealth, shardsBody: () => ShardsBody | undefined): void {
  const registers = [registry]

  new Gauge({
    name: name('shards'),
    help: 'Bot shards by connection status.',
    labelNames: ['status'] as const,
    registers,
    collect () {
      this.reset()
      const shards = shardsBody()
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
}
