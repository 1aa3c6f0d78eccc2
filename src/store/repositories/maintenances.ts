// SQL for maintenance windows and the components they affect: schedule one, end one early, read them back.
import type { Kysely, Selectable } from 'kysely'
import { byCodeUnits } from '../../lib/code-unit-order.ts'
import type { MaintenancesTable, Tables } from '../tables.ts'
import { inTransaction } from '../transaction.ts'
import { insertEvent, type NewEvent } from './notifications.ts'

export type MaintenanceRow = Selectable<MaintenancesTable>

export interface MaintenanceWithComponents extends MaintenanceRow {
  /** Ids of the components it affects, in code-unit order; empty when it names none (it informs, changes nothing). */
  components: string[]
}

export interface NewMaintenance {
  title: string
  message: string
  /** ISO 8601 UTC. */
  startsAt: string
  endsAt: string
  /** When it was scheduled. */
  at: string
  /** Ids of the components it affects, each at most once; none when omitted. */
  components?: readonly string[]
  /** Who scheduled it. */
  by?: string | null
  /** The series it is an occurrence of. */
  seriesId?: string | null
  /** Minutes ahead of its start its reminder goes out; null: the default. */
  remindMinutes?: number | null
}

/** Inserts a window and its components (and the notification event, when given, in the same transaction); returns the new id. */
export async function insertMaintenance (db: Kysely<Tables>, maintenance: NewMaintenance, event?: (id: number) => NewEvent): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx.insertInto('maintenances').values({
      title: maintenance.title,
      message: maintenance.message,
      starts_at: maintenance.startsAt,
      ends_at: maintenance.endsAt,
      ended_at: null,
      created_at: maintenance.at,
      by: maintenance.by ?? null,
      ended_by: null,
      series_id: maintenance.seriesId ?? null,
      remind_minutes: maintenance.remindMinutes ?? null
    }).returning('id').executeTakeFirstOrThrow()
    const components = maintenance.components ?? []
    if (components.length > 0) {
      await trx.insertInto('maintenance_components').values(components.map((component) => ({ maintenance_id: id, component }))).execute()
    }
    if (event !== undefined) await insertEvent(trx, event(id))
    return id
  })
}

/** Windows with their components: one statement (a left join), grouped here. */
function windows (db: Kysely<Tables>) {
  return db.selectFrom('maintenances as m')
    .leftJoin('maintenance_components as c', 'c.maintenance_id', 'm.id')
    .select(['m.id', 'm.title', 'm.message', 'm.starts_at', 'm.ends_at', 'm.ended_at', 'm.created_at', 'm.by', 'm.ended_by', 'm.series_id', 'm.remind_minutes', 'c.component'])
}

/** Rows of `windows` (one per window and component) as windows, in the order of their first row. */
function grouped (rows: ReadonlyArray<MaintenanceRow & { component: string | null }>): MaintenanceWithComponents[] {
  const byId = new Map<number, MaintenanceWithComponents>()
  for (const { component, ...row } of rows) {
    let window = byId.get(row.id)
    if (window === undefined) {
      window = { ...row, components: [] }
      byId.set(row.id, window)
    }
    if (component !== null) window.components.push(component)
  }
  for (const window of byId.values()) window.components.sort(byCodeUnits)
  return [...byId.values()]
}

export async function findMaintenance (db: Kysely<Tables>, id: number): Promise<MaintenanceWithComponents | undefined> {
  return grouped(await windows(db).where('m.id', '=', id).execute())[0]
}

/**
 * Ends a window at `at` (before it started, that cancels it). Returns false, writing nothing, when it does
 * not exist, was ended already, or its planned end is not after `at`. The notification event, when given, is
 * written in the same transaction.
 */
export async function endMaintenance (db: Kysely<Tables>, id: number, at: string, by: string | null, event?: NewEvent): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const changed = await trx.updateTable('maintenances')
      .set({ ended_at: at, ended_by: by })
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
export async function loadMaintenancesChangingBetween (db: Kysely<Tables>, from: string, to: string): Promise<MaintenanceWithComponents[]> {
  return grouped(await windows(db)
    .where((w) => w.or([
      w.and([w('m.starts_at', '>=', from), w('m.starts_at', '<', to)]),
      w.and([w('m.ends_at', '>=', from), w('m.ends_at', '<', to)])
    ]))
    .orderBy('m.id')
    .execute())
}

/** Every window whose planned end is after `endingAfter` (ISO 8601 UTC), soonest start first. */
export async function loadMaintenances (db: Kysely<Tables>, endingAfter: string): Promise<MaintenanceWithComponents[]> {
  return grouped(await windows(db)
    .where('m.ends_at', '>', endingAfter)
    .orderBy('m.starts_at')
    .orderBy('m.id')
    .execute())
}

/** Windows not ended early that start in (from, to]: the ones whose reminder may be due. */
export async function loadMaintenancesStartingBetween (db: Kysely<Tables>, from: string, to: string): Promise<MaintenanceWithComponents[]> {
  return grouped(await windows(db)
    .where('m.starts_at', '>', from)
    .where('m.starts_at', '<=', to)
    .where('m.ended_at', 'is', null)
    .orderBy('m.id')
    .execute())
}
