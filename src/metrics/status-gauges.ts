// The status page's indicator and each declared component's public status, as the one public status (the model) holds them.
import { Gauge, type Registry } from 'prom-client'
import type { StatusService } from '../status/service.ts'
import { metricName as name } from './metric-name.ts'

/** The page indicator's values (GET /api/v1/health/components `indicator`). */
export const PAGE_INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const
/** A component's values in the model (GET /api/v1/health/components `components[].status`). */
export const PUBLIC_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance', 'unknown'] as const

/** `page_indicator` and `component_public_status`, read from the status's snapshot when scraped. */
export function registerStatusGauges (registry: Registry, status: Pick<StatusService, 'current'>): void {
  const registers = [registry]

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
}
