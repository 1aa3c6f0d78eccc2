// The chat platform's own status as gauges: its indicator and whether the value shown is stale (a scrape asks for a refresh).
import { Gauge, type Registry } from 'prom-client'
import type { PlatformStatus } from '../platform/platform-status.ts'
import { metricName as name } from './metric-name.ts'

const PLATFORM_INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const

/** `platform_indicator` and `platform_stale`; absent until the status was fetched once. */
export function registerPlatformGauges (registry: Registry, platformStatus: Pick<PlatformStatus, 'current' | 'latest'>): void {
  const registers = [registry]

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
}
