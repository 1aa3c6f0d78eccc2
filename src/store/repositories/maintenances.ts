// SQL for maintenance windows: schedule one, end one early, read the current and coming ones back.
import type { Kysely, Selectable } from 'kysely'
import type { MaintenancesTable, Tables } from '../tables.ts'

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

export async function insertMaintenance (db: Kysely<Tables>, maintenance: NewMaintenance): Promise<number> {
  const { id } = await db.insertInto('maintenances').values({
    title: maintenance.title,
    message: maintenance.message,
    starts_at: maintenance.startsAt,
    ends_at: maintenance.endsAt,
    ended_at: null,
    created_at: maintenance.at
  }).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function findMaintenance (db: Kysely<Tables>, id: number): Promise<MaintenanceRow | undefined> {
  return db.selectFrom('maintenances').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Ends a window at `at` (before it started, that cancels it). Returns false, writing nothing, when it does
 * not exist, was ended already, or its planned end is not after `at`.
 */
export async function endMaintenance (db: Kysely<Tables>, id: number, at: string): Promise<boolean> {
  const changed = await db.updateTable('maintenances')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('ends_at', '>', at)
    .executeTakeFirst()
  return changed.numUpdatedRows > 0n
}

/** Every window whose planned end is after `endingAfter` (ISO 8601 UTC), soonest start first. */
export async function loadMaintenances (db: Kysely<Tables>, endingAfter: string): Promise<MaintenanceRow[]> {
  return db.selectFrom('maintenances').selectAll()
    .where('ends_at', '>', endingAfter)
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
}
