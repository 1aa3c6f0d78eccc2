// What operators do: open, update and resolve incidents; schedule and end maintenance. Every check of the
// input happens before anything is written; a refusal is an InvalidInput with a one-line reason.
import type { Kysely } from 'kysely'
import { byCodeUnits } from '../lib/code-unit-order.ts'
import type { Tables } from '../store/tables.ts'
import { appendIncidentUpdate, findIncident, insertIncident, type StoredIncidentComponent } from '../store/repositories/incidents.ts'
import { endMaintenance as endMaintenanceRow, findMaintenance, insertMaintenance } from '../store/repositories/maintenances.ts'
import { affectedComponents } from './component-status.ts'
import { InvalidInput, type IncidentComponent, type IncidentImpact, type IncidentStatus } from './rules.ts'
import { maintenanceState, type MaintenanceState } from './view.ts'
import { incidentEvent, maintenanceEvent } from '../notify/events.ts'
import type { NewEvent } from '../store/repositories/notifications.ts'
import { parseIncidentTexts, type IncidentTexts } from './texts.ts'

const RESOLVED_MESSAGE = 'This incident has been resolved.'

const iso = (ms: number) => new Date(ms).toISOString()

export interface OpenIncident {
  title: string
  impact: IncidentImpact
  status: IncidentStatus
  message: string
  /** What it affects, as checked by checkIncidentComponents (declared ids, each once); none when omitted. */
  components?: readonly IncidentComponent[]
  /** Who opens it (an operator token's name, a Discord user), recorded with its first update; never published. */
  by?: string
  /** The title and message in other page languages, from the template it opens from; none when omitted. */
  texts?: IncidentTexts
}

/** Opens an incident with the components it affects; its `incident.opened` notification is written in the same transaction. */
export async function openIncident (db: Kysely<Tables>, incident: OpenIncident, now: number): Promise<number> {
  const at = iso(now)
  const components = stored(incident.components ?? [])
  return insertIncident(db, { ...incident, at, components }, (id) => withBy(incidentEvent('incident.opened',
    { id, title: incident.title, impact: incident.impact, status: incident.status, startedAt: at, resolvedAt: null, components: affectedComponents(incident.impact, components) },
    { status: incident.status, message: incident.message, at }, incident.texts), incident.by))
}

export interface IncidentUpdate {
  /** Unchanged when omitted; `resolved` resolves the incident. */
  status?: IncidentStatus
  message: string
  /**
   * What the incident affects from now on, as checked by checkIncidentComponents: REPLACES its set (an empty list
   * clears it). Omitted (undefined): the set stays as it is.
   */
  components?: readonly IncidentComponent[]
  /** Who writes it (see OpenIncident.by). */
  by?: string
}

/**
 * Adds an update to an open incident, moving it to `status` (unchanged when omitted; `resolved` resolves it) and
 * replacing the components it affects when the update names them (see IncidentUpdate.components). Refuses unknown and
 * resolved incidents. Returns the status it is in now. The `incident.updated` (or `.resolved`) notification, naming the
 * components it affects after the update, is written in the same transaction.
 */
export async function updateIncident (db: Kysely<Tables>, id: number, update: IncidentUpdate, now: number): Promise<IncidentStatus> {
  const existing = await findIncident(db, id)
  if (existing === undefined) throw new InvalidInput(`there is no incident ${id}`)
  if (existing.resolved_at !== null) throw new InvalidInput(`incident ${id} was resolved at ${existing.resolved_at}; open a new incident instead`)
  const status = update.status ?? existing.status as IncidentStatus
  const at = iso(now)
  const event = (components: StoredIncidentComponent[]) => withBy(incidentEvent(status === 'resolved' ? 'incident.resolved' : 'incident.updated', {
    id, title: existing.title, impact: existing.impact, status, startedAt: existing.started_at, resolvedAt: status === 'resolved' ? at : null,
    components: affectedComponents(existing.impact as IncidentImpact, components)
  }, { status, message: update.message, at }, titlesOnly(parseIncidentTexts(existing.texts))), update.by)
  const components = update.components === undefined ? undefined : stored(update.components)
  if (!await appendIncidentUpdate(db, id, { status, message: update.message, at, components, by: update.by }, event)) {
    throw new InvalidInput(`incident ${id} was resolved meanwhile; nothing was written`)
  }
  return status
}

export async function resolveIncident (db: Kysely<Tables>, id: number, message: string | undefined, now: number, by?: string): Promise<void> {
  await updateIncident(db, id, { status: 'resolved', message: message ?? RESOLVED_MESSAGE, ...(by === undefined ? {} : { by }) }, now)
}

/** A template's titles in other languages, for the events after the opening (their messages are typed in one). */
function titlesOnly (texts: IncidentTexts | undefined): IncidentTexts | undefined {
  const titles = Object.entries(texts ?? {}).flatMap(([lang, text]) => text.title === undefined ? [] : [[lang, { title: text.title }] as const])
  return titles.length === 0 ? undefined : Object.fromEntries(titles) as IncidentTexts
}

/** The event with who caused it, when someone is named. */
function withBy (event: NewEvent, by: string | undefined): NewEvent {
  return by === undefined ? event : { ...event, by }
}

/** As stored: in code-unit order of the ids (as every read returns them), no status where the impact decides. */
function stored (components: readonly IncidentComponent[]): StoredIncidentComponent[] {
  return components.map((component) => ({ id: component.id, status: component.status ?? null })).sort((a, b) => byCodeUnits(a.id, b.id))
}

export interface ScheduleMaintenance {
  title: string
  message: string
  startsAt: number
  endsAt: number
  /** Ids of the components it affects, as checked by checkMaintenanceComponents; none when omitted (the window informs only). */
  components?: readonly string[]
  /** Who schedules it (see OpenIncident.by). */
  by?: string
  /** Minutes before its start the reminder goes out; the default when omitted, 0: none. */
  remindMinutes?: number
}

/**
 * Schedules a window; it must end after it starts, and in the future (a window entirely past would never show).
 * Its components and its `maintenance.scheduled` notification are written in the same transaction.
 */
export async function scheduleMaintenance (db: Kysely<Tables>, window: ScheduleMaintenance, now: number): Promise<number> {
  checkWindow(window, now)
  const components = [...window.components ?? []].sort(byCodeUnits)
  const by = window.by ?? null
  const row = { title: window.title, message: window.message, starts_at: iso(window.startsAt), ends_at: iso(window.endsAt), ended_at: null, created_at: iso(now), by, ended_by: null, series_id: null, remind_minutes: window.remindMinutes ?? null }
  return insertMaintenance(db, { title: row.title, message: row.message, startsAt: row.starts_at, endsAt: row.ends_at, at: row.created_at, components, by, remindMinutes: row.remind_minutes },
    (id) => withBy(maintenanceEvent('maintenance.scheduled', { id, ...row, components }, row.created_at), window.by))
}

/** The checks of a window's times, usable before opening the database. */
export function checkWindow (window: { startsAt: number, endsAt: number }, now: number, labels = { from: '--from', to: '--to' }): void {
  if (window.endsAt <= window.startsAt) {
    throw new InvalidInput(`${labels.to} (${iso(window.endsAt)}) must be after ${labels.from} (${iso(window.startsAt)})`)
  }
  if (window.endsAt <= now) throw new InvalidInput(`${labels.to} (${iso(window.endsAt)}) is in the past; the window would never be shown`)
}

/**
 * Ends an active window now, or cancels a scheduled one, writing `maintenance.ended` in the same transaction (the
 * clock will not announce the planned end again). Returns the state it was in.
 */
export async function endMaintenance (db: Kysely<Tables>, id: number, now: number, by?: string): Promise<MaintenanceState> {
  const existing = await findMaintenance(db, id)
  if (existing === undefined) throw new InvalidInput(`there is no maintenance ${id}`)
  const state = maintenanceState(existing, now)
  if (state === 'ended' || state === 'cancelled') throw new InvalidInput(`maintenance ${id} is already ${state}`)
  const at = iso(now)
  if (!await endMaintenanceRow(db, id, at, by ?? null, withBy(maintenanceEvent('maintenance.ended', { ...existing, ended_at: at }, at), by))) throw new InvalidInput(`maintenance ${id} ended meanwhile; nothing was written`)
  return state
}
