// The public view of incidents and maintenance at a given instant: which window is active, which are
// coming, which incidents show and in what order. Pure: rows and a time in, the response body out.
import type { Incident, IncidentsBody, Maintenance } from '../api/incidents.ts'
import type { IncidentWithUpdates } from '../store/repositories/incidents.ts'
import type { MaintenanceRow, MaintenanceWithComponents } from '../store/repositories/maintenances.ts'
import type { SeriesRow } from '../store/repositories/maintenance-series.ts'
import { newestFirstBy, storedTime } from '../lib/stored-time.ts'
import { affectedComponents } from './component-status.ts'
import { OPEN_SHOWN } from '../view/status-view.js'
import type { IncidentImpact, IncidentStatus } from './rules.ts'

const DAY_MS = 86_400_000
/** Windows starting within this many days are listed as upcoming. */
export const UPCOMING_DAYS = 14
/** Resolved incidents stay listed this many days after their resolution. */
export const RESOLVED_DAYS = 90
/**
 * The recent window every surface shows by default (the status page, /status.md, the API without `before`): the open
 * incidents and the newest this many resolved ones; the rest of the 90 days is reached page by page.
 */
export const RECENT_RESOLVED = 50
/** The most incidents one page of GET /api/v1/health/incidents?limit= gives. */
export const PAGE_LIMIT_MAX = 100
/**
 * The open incidents the recent window shows at most (src/view/status-view.js decides it for every surface). With
 * more open than this, the window is these newest ones alone: the rest of the open ones, then the resolved ones, are
 * reached page by page.
 */
export { OPEN_SHOWN }

/** Where the history pages start in the list: after the open incidents the recent window shows (the rest of them come first). */
export function historyStart (listed: { open: number }): number {
  return Math.min(listed.open, OPEN_SHOWN)
}

/** How many incidents of the list the recent window shows: every open one and RECENT_RESOLVED resolved, or OPEN_SHOWN open alone. */
export function recentWindowSize (listed: { open: number }): number {
  return listed.open > OPEN_SHOWN ? OPEN_SHOWN : listed.open + RECENT_RESOLVED
}

export interface IncidentsData {
  incidents: IncidentWithUpdates[]
  maintenances: MaintenanceWithComponents[]
  /** The maintenance series, ended ones too (the calendar carries their rules); absent where nothing reads them. */
  series?: SeriesRow[]
}

export type MaintenanceState = 'scheduled' | 'active' | 'ended' | 'cancelled'

/** Scheduled until it starts, active while startsAt ≤ now < endsAt unless ended early, then ended; cancelled if ended before it began. */
export function maintenanceState (row: MaintenanceRow, now: number): MaintenanceState {
  const at = storedTime(now) // called for every window on every rebuild
  if (row.ended_at !== null && row.ended_at <= at) {
    return row.ended_at <= row.starts_at ? 'cancelled' : 'ended'
  }
  if (at < row.starts_at) return 'scheduled'
  return at < row.ends_at ? 'active' : 'ended'
}

/** The window to show as the banner: of those active now, the one that started first (then the lowest id). */
function activeMaintenance<Row extends MaintenanceRow> (rows: readonly Row[], now: number): Row | undefined {
  return rows.filter((row) => maintenanceState(row, now) === 'active')
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id - b.id)[0]
}

/**
 * Every incident listed within the 90 days, in the list's order: open ones first, then resolved ones, newest first.
 * Times are compared as stored text (src/lib/stored-time.ts): a rebuild over thousands of rows parses none of them.
 */
export function incidentList (data: IncidentsData, now: number): { rows: IncidentWithUpdates[], open: number } {
  const cut = storedTime(now - RESOLVED_DAYS * DAY_MS)
  const open: IncidentWithUpdates[] = []
  const resolved: IncidentWithUpdates[] = []
  for (const incident of data.incidents) {
    if (incident.resolved_at === null) open.push(incident)
    else if (incident.resolved_at >= cut) resolved.push(incident)
  }
  open.sort(newestStartFirst)
  resolved.sort(newestStartFirst)
  return { rows: [...open, ...resolved], open: open.length }
}

const newestStartFirst = newestFirstBy('started_at')

/** One page of the list: the incidents after `before` (an incident of the list; from the start when undefined), at most `limit`. */
export interface IncidentsPage {
  body: IncidentsBody
  /** The id to ask `before` next; undefined on the last page. */
  next: number | undefined
}

/** Undefined when `before` names no incident of the list. */
export function incidentsPage (data: IncidentsData, listed: { rows: IncidentWithUpdates[], open: number }, now: number, before: number | undefined, limit: number): IncidentsPage | undefined {
  const active = activeMaintenance(data.maintenances, now)
  const horizon = now + UPCOMING_DAYS * DAY_MS
  const upcoming = data.maintenances
    .filter((row) => row.ended_at === null && maintenanceState(row, now) === 'scheduled' && Date.parse(row.starts_at) <= horizon)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id - b.id)
  const start = before === undefined ? 0 : listed.rows.findIndex((row) => row.id === before) + 1
  if (start === 0 && before !== undefined) return undefined
  const page = listed.rows.slice(start, start + limit)
  return {
    body: {
      maintenance: active === undefined ? null : maintenanceBody(active),
      upcomingMaintenance: upcoming.map(maintenanceBody),
      incidents: page.map(incidentBody),
      totals: { open: listed.open, resolved: listed.rows.length - listed.open }
    },
    next: start + limit < listed.rows.length ? page.at(-1)?.id : undefined
  }
}

/**
 * The first instant after `now` at which the incidents body could answer differently for the same rows: a window
 * starting, ending or entering the 14-day horizon, a resolved incident leaving the 90 days. Infinity if none.
 */
export function nextChange (data: IncidentsData, now: number): number {
  // Compared as stored text (see incidentList), in one pass each: it runs on every change, over every row of the 90
  // days. The earliest instant still to come of each kind; only those are parsed.
  const nowText = storedTime(now)
  const horizonText = storedTime(now + UPCOMING_DAYS * DAY_MS)
  const cut = storedTime(now - RESOLVED_DAYS * DAY_MS)
  let windowEdge: string | undefined // a window starting, ending or ended
  let entering: string | undefined // a window's start entering the 14-day horizon
  const earliest = (candidate: string | null, after: string, than: string | undefined) =>
    candidate !== null && candidate > after && (than === undefined || candidate < than) ? candidate : than
  for (const row of data.maintenances) {
    windowEdge = earliest(row.ends_at, nowText, earliest(row.ended_at, nowText, earliest(row.starts_at, nowText, windowEdge)))
    entering = earliest(row.starts_at, horizonText, entering)
  }
  let leaving: string | undefined // the resolved incident to leave the 90 days first
  for (const row of data.incidents) {
    if (row.resolved_at !== null && row.resolved_at >= cut && (leaving === undefined || row.resolved_at < leaving)) leaving = row.resolved_at
  }
  return Math.min(
    windowEdge === undefined ? Infinity : Date.parse(windowEdge),
    entering === undefined ? Infinity : Date.parse(entering) - UPCOMING_DAYS * DAY_MS,
    leaving === undefined ? Infinity : Date.parse(leaving) + RESOLVED_DAYS * DAY_MS + 1
  )
}

// Components are listed as written, whether or not the status file still declares them (surfaces show those as text).
export function maintenanceBody (row: MaintenanceWithComponents): Maintenance {
  return { id: row.id, title: row.title, message: row.message, startsAt: row.starts_at, endsAt: row.ends_at, components: row.components, seriesId: row.series_id ?? null }
}

export function incidentBody (row: IncidentWithUpdates): Incident {
  return {
    id: row.id,
    title: row.title,
    impact: row.impact as IncidentImpact,
    status: row.status as IncidentStatus,
    startedAt: row.started_at,
    resolvedAt: row.resolved_at,
    components: affectedComponents(row.impact as IncidentImpact, row.components),
    updates: row.updates.map((update) => ({ at: update.created_at, status: update.status as IncidentStatus, message: update.message }))
  }
}
