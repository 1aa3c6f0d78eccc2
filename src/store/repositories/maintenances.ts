// SQL for maintenance windows: schedule one, end one early, read the current and coming ones back.
import type { Kysely, Selectable } from 'kysely'
import type { MaintenancesTable, Tables } from '../tables.ts'
import { insertEvent, type NewEvent } from './notifications.ts'

export type MaintenanceRow = Selectable<MaintenancesTable>

export interface NewMaintenance {
  title: string
  message: string
  /** ISO 8601 UTC. */
  startsAt: string
  endsAt: string
  /** When it was scheduled. */
  at: string
}

/** Inserts a window (and the notification event, when given, in the same transaction); returns the new id. */
export async function insertMaintenance (db: Kysely<Tables>, maintenance: NewMaintenance, event?: (id: number) => NewEvent): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('maintenances').values({
    title: maintenance.title,
    message: maintenance.message,
    starts_at: maintenance.startsAt,
    ends_at: maintenance.endsAt,
      ended_at: null,
      created_at: maintenance.at
    }).returning('id').executeTakeFirstOrThrow()
    if (event !== undefined) await insertEvent(trx, event(id))
    return id
  })
}

export async function findMaintenance (db: Kysely<Tables>, id: number): Promise<MaintenanceRow | undefined> {
  return db.selectFrom('maintenances').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Ends a window at `at` (before it started, that cancels it). Returns false, writing nothing, when it does
 * not exist, was ended already, or its planned end is not after `at`. The notification event, when given, is
 * written in the same transaction.
 */
export async function endMaintenance (db: Kysely<Tables>, id: number, at: string, event?: NewEvent): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx.updateTable('maintenances')
      .set({ ended_at: at })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .where('ends_at', '>', at)
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) return false
    if (event !== undefined) await insertEvent(trx, event)
    return true
  })
}

/** Windows whose start or planned end lies in [from, to): what the notification clock announces. */
export async function loadMaintenancesChangingBetween (db: Kysely<Tables>, from: string, to: string): Promise<MaintenanceRow[]> {
  return db.selectFrom('maintenances').selectAll()
    .where((w) => w.or([
      w.and([w('starts_at', '>=', from), w('starts_at', '<', to)]),
      w.and([w('ends_at', '>=', from), w('ends_at', '<', to)])
    ]))
    .orderBy('id')
    .execute()
}

/** Every window whose planned end is after `endingAfter` (ISO 8601 UTC), soonest start first. */
export async function loadMaintenances (db: Kysely<Tables>, endingAfter: string): Promise<MaintenanceRow[]> {
  return db.selectFrom('maintenances').selectAll()
    .where('ends_at', '>', endingAfter)
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
}
