// The notification events (docs/en/architecture.md#beyond-the-spec): their kinds, what each carries, and the outbox rows that record them.
import type { IncidentTexts } from '../incidents/texts.ts'
import type { NewEvent } from '../store/repositories/notifications.ts'
import type { MaintenanceWithComponents } from '../store/repositories/maintenances.ts'

export type EventKind =
  | 'incident.opened' | 'incident.updated' | 'incident.resolved'
  | 'maintenance.scheduled' | 'maintenance.reminder' | 'maintenance.started' | 'maintenance.ended'
  | 'status.changed'
  | 'edge.purge'

export interface IncidentData {
  id: number
  title: string
  impact: string
  status: string
  startedAt: string
  resolvedAt: string | null
  /**
   * The components it affects after this event, with the status it gives each (componentStatusOf), as on
   * /api/v1/health/incidents. Absent only in events written before incidents named components.
   */
  components?: Array<{ id: string, status: string }>
}

export interface MaintenanceData {
  id: number
  title: string
  message: string
  startsAt: string
  endsAt: string
  /** When it was ended early or cancelled; null otherwise. */
  endedAt: string | null
  /** True when it was ended before it began. */
  cancelled: boolean
  /** Ids of the components it affects (under_maintenance while active). Absent only in events written before windows named components. */
  components?: string[]
  /** The series it is an occurrence of; null for a window on its own (absent in events written before series). */
  seriesId?: string | null
}

export interface StatusData {
  from: string
  to: string
  /** When the new status was first seen. */
  since: string
  /** Every measured component's status (the monitor's round: `ok`, `degraded`, `down`, `unknown`) when it was first seen. */
  components: Record<string, string>
  /**
   * The components whose measured status differs from the last status that held, in the round body's order. Incidents
   * and maintenance windows are not measurements: they announce themselves (incident.*, maintenance.*).
   */
  changed: ComponentChange[]
}

export interface ComponentChange {
  id: string
  from: string
  to: string
}

/** The payload stored with an event: the state of its subject as it was when the event happened. */
export type EventPayload =
  /**
   * `texts`: an incident opened from a template, its title (and for the opening, the message) in other languages, for
   * the words a person reads in theirs; never sent as data itself (signed webhooks carry the English, and `text`).
   */
  | { incident: IncidentData, update: { status: string, message: string, at: string }, texts?: IncidentTexts }
  | { maintenance: MaintenanceData }
  | { status: StatusData }
  | { test: true, message: string }
  | { purge: PurgeData }

/** What a shared cache must drop (docs/en/architecture.md#edge): the keys whose content changed. Only purge targets are given these events. */
export interface PurgeData {
  keys: string[]
}

/** The event kind only purge targets get, and they get nothing else. */
export const PURGE_KIND = 'edge.purge'

/**
 * A purge of `keys`; `dedupeKey` when several replicas may write the same one (the version purge at start). Its subject
 * is its own: deliveries of one subject go out in order, and a purge never waits behind an older one a cache refused
 * (that one is retried with backoff on its own; purges hold in any order).
 */
export function purgeEvent (keys: string[], at: string, dedupeKey?: string): NewEvent {
  return { kind: PURGE_KIND, subject: `edge ${at} ${keys.join(' ')}`, payload: { purge: { keys } } satisfies EventPayload, at, dedupeKey }
}

const incidentSubject = (id: number) => `incident:${id}`
const maintenanceSubject = (id: number) => `maintenance:${id}`
const STATUS_SUBJECT = 'status'

export function incidentEvent (kind: 'incident.opened' | 'incident.updated' | 'incident.resolved', incident: IncidentData,
  update: { status: string, message: string, at: string }, texts?: IncidentTexts): NewEvent {
  const payload = texts === undefined ? { incident, update } : { incident, update, texts }
  return { kind, subject: incidentSubject(incident.id), payload: payload satisfies EventPayload, at: update.at }
}

/**
 * A maintenance event. Reminder, started and ended are keyed (`maintenance:{id}:started`), so the clocks of several
 * replicas and the CLI that ends a window early write each of them once.
 */
export function maintenanceEvent (
  kind: 'maintenance.scheduled' | 'maintenance.reminder' | 'maintenance.started' | 'maintenance.ended', row: MaintenanceWithComponents, at: string
): NewEvent {
  const maintenance: MaintenanceData = {
    id: row.id, title: row.title, message: row.message, startsAt: row.starts_at, endsAt: row.ends_at, endedAt: row.ended_at,
    cancelled: row.ended_at !== null && Date.parse(row.ended_at) <= Date.parse(row.starts_at), components: row.components,
    seriesId: row.series_id ?? null
  }
  return {
    kind,
    subject: maintenanceSubject(row.id),
    dedupeKey: kind === 'maintenance.scheduled' ? undefined : `${maintenanceSubject(row.id)}:${kind.slice('maintenance.'.length)}`,
    payload: { maintenance } satisfies EventPayload,
    at
  }
}

export function statusEvent (status: StatusData, at: string): NewEvent {
  return { kind: 'status.changed', subject: STATUS_SUBJECT, payload: { status } satisfies EventPayload, at }
}
