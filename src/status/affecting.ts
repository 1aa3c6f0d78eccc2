// Which incidents and maintenance windows affect which components at an instant: the model's input from the incident
// rows in memory, and the next instant at which that answer changes.
import { affectedComponents } from '../incidents/component-status.ts'
import type { IncidentsData } from '../incidents/view.ts'
import { maintenanceState, nextChange } from '../incidents/view.ts'
import type { ActiveWindow, AffectingIncident, IncidentImpact } from './model.ts'

export interface Affecting {
  incidents: AffectingIncident[]
  windows: ActiveWindow[]
  /** The first instant after `now` at which the answer could differ for the same rows (Infinity if none). */
  until: number
}

export function affectingNow (data: IncidentsData | undefined, now: number): Affecting {
  if (data === undefined) return { incidents: [], windows: [], until: Infinity }
  return {
    incidents: data.incidents.filter((row) => row.resolved_at === null).map((row) => ({
      id: row.id,
      impact: row.impact as IncidentImpact,
      components: affectedComponents(row.impact as IncidentImpact, row.components)
    })),
    windows: data.maintenances.filter((row) => maintenanceState(row, now) === 'active').map((row) => ({ id: row.id, components: row.components })),
    until: nextChange(data, now)
  }
}
