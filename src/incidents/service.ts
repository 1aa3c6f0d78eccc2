// The incidents service: an in-memory copy of the incident and maintenance rows, refreshed from the
// database in the background, so the endpoint and the health monitor answer without a query.
import { isDeepStrictEqual } from 'node:util'
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import { singleFlight } from '../lib/single-flight.ts'
import type { IncidentsBody } from '../api/incidents.ts'
import type { Database } from '../store/database.ts'
import { loadIncidents } from '../store/repositories/incidents.ts'
import { loadMaintenances } from '../store/repositories/maintenances.ts'
import { serialize, type Serialized } from '../lib/serialized.ts'
import { RESOLVED_DAYS, buildIncidentsBody, maintenanceState, nextChange, type IncidentsData, type MaintenanceState } from './view.ts'
import type { Incident } from '../api/incidents.ts'
import type { MaintenanceWithComponents } from '../store/repositories/maintenances.ts'

/** A change written by the CLI (any process, any replica) shows within this interval plus one query. */
export const INCIDENTS_REFRESH_MS = 10_000

export interface IncidentsService {
  /** True once the rows have been read at least once. */
  readonly loaded: boolean
  /** The rows as last read (the same object until they change), for views that need more than the body: feeds, Statuspage. */
  rows (): IncidentsData | undefined
  /** The body of GET /api/v1/health/incidents as of now (by the clock), from memory. */
  body (): IncidentsBody
  /** The same body serialised; built again only when the rows change or the clock crosses a boundary. */
  serialized (): Serialized<IncidentsBody>
  /** One incident as the body lists it (open, or resolved within 90 days), for its page; undefined otherwise. */
  incident (id: number): Incident | undefined
  /** One maintenance window (not ended more than 90 days ago) and its state now, for its page; undefined otherwise. */
  maintenance (id: number): { row: MaintenanceWithComponents, state: MaintenanceState } | undefined
  /** Whether a maintenance window is active now (by the clock), from memory; false until loaded. */
  isMaintenanceActive (): boolean
  /** Reads the rows again; rejects when the database fails (the previous copy stays). Concurrent calls share one read. */
  refresh (): Promise<void>
  /** One background tick: refresh, logging a failure instead of rejecting. */
  runOnce (): Promise<void>
  /** Starts the background refresher (unref'd); stop() ends it. */
  start (): void
  stop (): void
}

export interface IncidentsServiceOptions {
  database: Database
  clock: Clock
  logger: Logger
  refreshIntervalMs?: number
}

export function createIncidentsService (options: IncidentsServiceOptions): IncidentsService {
  const { database, clock, logger } = options
  const intervalMs = options.refreshIntervalMs ?? INCIDENTS_REFRESH_MS
  let data: IncidentsData | undefined
  let failing = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let view: { data: IncidentsData | undefined, from: number, until: number, body: Serialized<IncidentsBody> } | undefined

  const serialized = () => {
    const now = clock.now()
    if (view === undefined || view.data !== data || now < view.from || now >= view.until) {
      const current = data ?? { incidents: [], maintenances: [] }
      view = { data, from: now, until: nextChange(current, now), body: serialize(buildIncidentsBody(current, now)) }
    }
    return view.body
  }

  const refresh = singleFlight(async () => {
    const now = clock.now()
    // Everything a body could show from now until the next refresh: filtering by the clock happens per request.
    const [incidents, maintenances] = await Promise.all([
      loadIncidents(database.db, new Date(now - RESOLVED_DAYS * 86_400_000).toISOString()),
      // Windows ended in the last 90 days too: feeds and the Statuspage copy list them as completed, their pages stay.
      loadMaintenances(database.db, new Date(now - RESOLVED_DAYS * 86_400_000).toISOString())
    ])
    const next = { incidents, maintenances }
    // Unchanged rows keep their identity, so nothing built from them is built again every refresh.
    if (!isDeepStrictEqual(next, data)) data = next
  })

  const runOnce = async () => {
    try {
      await refresh()
      if (failing) logger.info('incidents: reading from the database again')
      failing = false
    } catch (error) {
      if (stopped) return // the stores are closing under a last tick: nothing to report
      if (!failing) logger.warn({ code: (error as { code?: unknown }).code }, 'incidents: cannot read from the database; serving the last copy')
      failing = true
    }
  }

  return {
    get loaded () { return data !== undefined },
    rows: () => data,
    body: () => serialized().value,
    serialized,
    incident: (id) => serialized().value.incidents.find((incident) => incident.id === id),
    maintenance (id) {
      const row = data?.maintenances.find((candidate) => candidate.id === id)
      return row === undefined ? undefined : { row, state: maintenanceState(row, clock.now()) }
    },
    // Read from the memoised view: the health endpoint asks on every request.
    isMaintenanceActive: () => data !== undefined && serialized().value.maintenance !== null,
    refresh,
    runOnce,
    start () {
      if (timer !== undefined) return
      stopped = false
      timer = setInterval(() => { void runOnce() }, intervalMs)
      timer.unref()
    },
    stop () {
      stopped = true
      clearInterval(timer)
      timer = undefined
    }
  }
}
