// The incidents service: an in-memory copy of the incident and maintenance rows, refreshed from the
// database in the background, so the endpoint and the health monitor answer without a query. A refresh reads nothing
// but a cheap change stamp until it moves, then only the incidents written since (and the windows); every row is read
// once an hour: an idle instance with a long history stays idle, and a change costs what it changed.
import { isDeepStrictEqual } from 'node:util'
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import { singleFlight } from '../lib/single-flight.ts'
import type { IncidentsBody } from '../api/incidents.ts'
import type { Database } from '../store/database.ts'
import { incidentsChangeStamp, loadIncidents, type IncidentWithUpdates } from '../store/repositories/incidents.ts'
import { loadMaintenances } from '../store/repositories/maintenances.ts'
import { loadSeries } from '../store/repositories/maintenance-series.ts'
import { serialize, type Serialized } from '../lib/serialized.ts'
import {
  RESOLVED_DAYS, incidentBody, incidentsPage, incidentList, maintenanceState, nextChange, recentWindowSize, type IncidentsData, type MaintenanceState
} from './view.ts'
import type { Incident } from '../api/incidents.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { incidentIn, type IncidentTexts } from './texts.ts'
import type { MaintenanceWithComponents } from '../store/repositories/maintenances.ts'

/** A change written by the CLI (any process, any replica) shows within this interval plus one query. */
export const INCIDENTS_REFRESH_MS = 10_000
/** Every row is read again at least this often, stamp or not (rows leaving the 90 days, a database restored). */
const FULL_READ_MS = 3600_000
/** Update ids below the highest one read that are read again on a change (PostgreSQL may commit ids out of order). */
const CONCURRENT_WRITES_MARGIN = 100

export interface IncidentsService {
  /** True once the rows have been read at least once. */
  readonly loaded: boolean
  /** How many times every row was read since start (the bench and the tests watch it stay put: changes read only themselves). */
  readonly fullReads: number
  /** The rows as last read (the same object until they change), for views that need more than the body: feeds, Statuspage. */
  rows (): IncidentsData | undefined
  /** The body of GET /api/v1/health/incidents as of now (by the clock), from memory: the recent window (at most OPEN_SHOWN open incidents). */
  body (): IncidentsBody
  /** The same body serialised; built again only when the rows change or the clock crosses a boundary. */
  serialized (): Serialized<IncidentsBody>
  /** The id to ask `before` for the incidents after the default body's; undefined when it lists them all. */
  next (): number | undefined
  /** One page of the list after incident `before` (from the start when undefined); undefined when `before` is not listed. */
  page (before: number | undefined, limit: number): { body: IncidentsBody, next: number | undefined } | undefined
  /**
   * The list as of now: `open` unresolved incidents first, then those resolved in the 90 days, newest first. The same
   * object until the rows change or the clock crosses a boundary, so pages built from it are built again only then.
   */
  listed (): { readonly rows: readonly IncidentWithUpdates[], readonly open: number }
  /**
   * One incident as the list has it (open, or resolved within 90 days, in the recent window or not), for its page; undefined otherwise.
   * In `lang`, the title and first message a template gave in that language stand for the English.
   */
  incident (id: number, lang?: PageLanguage): Incident | undefined
  /** The incidents opened from a template with texts in other languages, by id (the same map until the rows change). */
  texts (): ReadonlyMap<number, IncidentTexts>
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
  let view: {
    data: IncidentsData | undefined, from: number, until: number, listed: ReturnType<typeof incidentList>, body: Serialized<IncidentsBody>, next: number | undefined
  } | undefined

  const current = () => {
    const now = clock.now()
    if (view === undefined || view.data !== data || now < view.from || now >= view.until) {
      const rows = data ?? { incidents: [], maintenances: [] }
      const listed = incidentList(rows, now)
      const page = incidentsPage(rows, listed, now, undefined, recentWindowSize(listed))!
      view = { data, from: now, until: nextChange(rows, now), listed, body: serialize(page.body), next: page.next }
    }
    return view
  }
  const serialized = () => current().body
  let texts: { data: IncidentsData | undefined, byId: ReadonlyMap<number, IncidentTexts> } | undefined

  let stamp: string | undefined
  let lastFullRead = 0
  let fullReads = 0
  /** The highest update id read so far: a change reads only the incidents with a newer update. */
  let lastUpdateId = 0

  const highestUpdate = (incidents: IncidentsData['incidents']) =>
    incidents.reduce((highest, incident) => Math.max(highest, ...incident.updates.map((update) => update.id)), lastUpdateId)

  const refresh = singleFlight(async () => {
    const now = clock.now()
    const { db } = database // one connection for the stamp and the rows (the database may reopen meanwhile)
    const latest = await incidentsChangeStamp(db)
    const fresh = now - lastFullRead < FULL_READ_MS && now >= lastFullRead
    if (data !== undefined && latest === stamp && fresh) return
    // Everything a body could show from now until the next refresh: filtering by the clock happens per request.
    const resolvedSince = new Date(now - RESOLVED_DAYS * 86_400_000).toISOString()
    if (data !== undefined && fresh) {
      // By change: the incidents written since (a margin of ids covers writers that committed out of id order), and
      // the windows (few, and ending one adds no row).
      const [changed, maintenances, series] = await Promise.all([
        loadIncidents(db, resolvedSince, undefined, Math.max(0, lastUpdateId - CONCURRENT_WRITES_MARGIN)),
        loadMaintenances(db, resolvedSince),
        loadSeries(db)
      ])
      stamp = latest
      const byId = new Map(data.incidents.map((incident) => [incident.id, incident]))
      let incidentsChanged = false
      for (const incident of changed) {
        if (!isDeepStrictEqual(byId.get(incident.id), incident)) { byId.set(incident.id, incident); incidentsChanged = true }
      }
      lastUpdateId = highestUpdate(changed)
      const maintenancesChanged = !isDeepStrictEqual(maintenances, data.maintenances) || !isDeepStrictEqual(series, data.series)
      if (incidentsChanged || maintenancesChanged) {
        data = {
          incidents: incidentsChanged ? [...byId.values()] : data.incidents,
          maintenances: maintenancesChanged ? maintenances : data.maintenances,
          series: maintenancesChanged ? series : data.series
        }
      }
      return
    }
    const [incidents, maintenances, series] = await Promise.all([
      loadIncidents(db, resolvedSince),
      // Windows ended in the last 90 days too: feeds and the Statuspage copy list them as completed, their pages stay.
      loadMaintenances(db, resolvedSince),
      loadSeries(db)
    ])
    stamp = latest // read before the rows: a write in between moves the stamp again, and the next refresh reads it
    lastFullRead = now
    fullReads++
    lastUpdateId = highestUpdate(incidents)
    const next = { incidents, maintenances, series }
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
    get fullReads () { return fullReads },
    rows: () => data,
    body: () => serialized().value,
    serialized,
    next: () => current().next,
    listed: () => current().listed,
    page: (before, limit) => incidentsPage(data ?? { incidents: [], maintenances: [] }, current().listed, clock.now(), before, limit),
    incident (id, lang = 'en') {
      const row = current().listed.rows.find((candidate) => candidate.id === id)
      return row === undefined ? undefined : incidentIn(incidentBody(row), row.texts, lang)
    },
    texts () {
      if (texts === undefined || texts.data !== data) {
        texts = { data, byId: new Map((data?.incidents ?? []).flatMap((row) => row.texts === undefined ? [] : [[row.id, row.texts] as const])) }
      }
      return texts.byId
    },
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
