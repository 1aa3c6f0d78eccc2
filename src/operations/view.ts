// Incidents and windows as the operations answer them (the operator API, the CLI's lists): the public shape, plus who
// made each change and a window's state. Pure: rows and a time in.
import type { Incident } from '../api/incidents.ts'
import type { IncidentWithUpdates } from '../store/repositories/incidents.ts'
import type { MaintenanceWithComponents } from '../store/repositories/maintenances.ts'
import { RESOLVED_DAYS, incidentBody, incidentList, maintenanceBody, maintenanceState } from '../incidents/view.ts'
import type { OperatorIncident, OperatorMaintenance } from './answers.ts'

export function operatorIncident (row: IncidentWithUpdates, body: Incident = incidentBody(row)): OperatorIncident {
  return { ...body, updates: body.updates.map((update, index) => ({ ...update, by: row.updates[index]!.by })) }
}

/** Open incidents, then (state all) those resolved in the last 90 days, newest first within each: the public order. */
export function listedIncidents (rows: IncidentWithUpdates[], now: number, state: 'open' | 'all'): OperatorIncident[] {
  // The whole list, not the public body's window (which shows a bounded number of open incidents): an operator sees every one.
  const listed = incidentList({ incidents: rows, maintenances: [] }, now)
  return (state === 'all' ? listed.rows : listed.rows.slice(0, listed.open)).map((row) => operatorIncident(row))
}

/** Where a list of incidents starts: resolved ones are listed for 90 days. */
export const listedSince = (now: number) => new Date(now - RESOLVED_DAYS * 86_400_000).toISOString()

export function operatorMaintenance (row: MaintenanceWithComponents, now: number): OperatorMaintenance {
  return { ...maintenanceBody(row), state: maintenanceState(row, now), endedAt: row.ended_at, by: row.by, endedBy: row.ended_by, seriesId: row.series_id }
}

/** How far back `maintenance list` and GET /v1/maintenance show windows that have ended. */
export const LIST_ENDED_DAYS = 30

/** Windows whose planned end is after this are listed. */
export const listedWindowsSince = (now: number) => new Date(now - LIST_ENDED_DAYS * 86_400_000).toISOString()
