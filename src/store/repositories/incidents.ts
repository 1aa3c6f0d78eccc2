// SQL for incidents and their updates: open one, append an update (resolving it when the update says so), read them back.
import type { Kysely, Selectable } from 'kysely'
import type { IncidentUpdatesTable, IncidentsTable, Tables } from '../tables.ts'
import { insertEvent, type NewEvent } from './notifications.ts'

export type IncidentRow = Selectable<IncidentsTable>
export type IncidentUpdateRow = Selectable<IncidentUpdatesTable>
export interface IncidentWithUpdates extends IncidentRow {
  /** Newest first. */
  updates: IncidentUpdateRow[]
}

export interface NewIncident {
  title: string
  impact: string
  status: string
  message: string
  /** ISO 8601 UTC: when it was opened, and so its first update. */
  at: string
}

/** Inserts the incident and its first update together (and the notification event, when given); returns the new id. */
export async function insertIncident (db: Kysely<Tables>, incident: NewIncident, event?: (id: number) => NewEvent): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('incidents').values({
      title: incident.title,
      impact: incident.impact,
      status: incident.status,
      started_at: incident.at,
      resolved_at: incident.status === 'resolved' ? incident.at : null,
      updated_at: incident.at
    }).returning('id').executeTakeFirstOrThrow()
    await trx.insertInto('incident_updates')
      .values({ incident_id: id, status: incident.status, message: incident.message, created_at: incident.at })
      .execute()
    if (event !== undefined) await insertEvent(trx, event(id))
    return id
  })
}

export async function findIncident (db: Kysely<Tables>, id: number): Promise<IncidentRow | undefined> {
  return db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst()
}

export interface NewIncidentUpdate {
  status: string
  message: string
  at: string
}

/**
 * Appends an update to an incident that is still open and moves it to the update's status (`resolved`
 * sets resolved_at), writing the notification event in the same transaction when given. Returns false, writing
 * nothing, when the incident does not exist or is resolved.
 */
export async function appendIncidentUpdate (db: Kysely<Tables>, incidentId: number, update: NewIncidentUpdate, event?: NewEvent): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx.updateTable('incidents')
      .set({ status: update.status, updated_at: update.at, resolved_at: update.status === 'resolved' ? update.at : null })
      .where('id', '=', incidentId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) return false
    await trx.insertInto('incident_updates')
      .values({ incident_id: incidentId, status: update.status, message: update.message, created_at: update.at })
      .execute()
    if (event !== undefined) await insertEvent(trx, event)
    return true
  })
}

/**
 * Every open incident and every one resolved at or after `resolvedSince`, each with its updates (newest
 * first). One statement, so a concurrent writer never shows an incident without its latest update.
 */
export async function loadIncidents (db: Kysely<Tables>, resolvedSince: string): Promise<IncidentWithUpdates[]> {
  const rows = await db.selectFrom('incidents as i')
    .leftJoin('incident_updates as u', 'u.incident_id', 'i.id')
    .select([
      'i.id', 'i.title', 'i.impact', 'i.status', 'i.started_at', 'i.resolved_at', 'i.updated_at',
      'u.id as update_id', 'u.status as update_status', 'u.message as update_message', 'u.created_at as update_created_at'
    ])
    .where((eb) => eb.or([eb('i.resolved_at', 'is', null), eb('i.resolved_at', '>=', resolvedSince)]))
    .orderBy('i.id')
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute()

  const incidents = new Map<number, IncidentWithUpdates>()
  for (const row of rows) {
    let incident = incidents.get(row.id)
    if (incident === undefined) {
      incident = {
        id: row.id, title: row.title, impact: row.impact, status: row.status,
        started_at: row.started_at, resolved_at: row.resolved_at, updated_at: row.updated_at, updates: []
      }
      incidents.set(row.id, incident)
    }
    if (row.update_id !== null) {
      incident.updates.push({
        id: row.update_id, incident_id: row.id, status: row.update_status!, message: row.update_message!, created_at: row.update_created_at!
      })
    }
  }
  return [...incidents.values()]
}
