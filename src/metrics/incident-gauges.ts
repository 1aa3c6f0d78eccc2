// Incidents as gauges: whether a maintenance window is active, and the incidents not yet resolved by impact.
import { Gauge, type Registry } from 'prom-client'
import type { IncidentsService } from '../incidents/service.ts'
import { metricName as name } from './metric-name.ts'

const IMPACTS = ['none', 'minor', 'major', 'critical'] as const

/** `maintenance_active`. */
export function registerMaintenanceGauge (registry: Registry, incidents: Pick<IncidentsService, 'isMaintenanceActive'>): void {
  new Gauge({
    name: name('maintenance_active'),
    help: '1 while a maintenance window is active.',
    registers: [registry],
    collect () {
      this.set(incidents.isMaintenanceActive() ? 1 : 0)
    }
  })
}

/** `incidents_active`, by impact. */
/** From the whole list, not the body: the body shows at most OPEN_SHOWN open incidents, the gauge counts every one. */
export function registerActiveIncidentsGauge (registry: Registry, incidents: Pick<IncidentsService, 'listed'>): void {
  new Gauge({
    name: name('incidents_active'),
    help: 'Incidents not yet resolved, by impact.',
    labelNames: ['impact'] as const,
    registers: [registry],
    collect () {
      this.reset()
      const { rows, open } = incidents.listed()
      const counts = new Map<string, number>()
      for (let i = 0; i < open; i++) counts.set(rows[i]!.impact, (counts.get(rows[i]!.impact) ?? 0) + 1)
      for (const impact of IMPACTS) this.set({ impact }, counts.get(impact) ?? 0)
    }
  })
}
