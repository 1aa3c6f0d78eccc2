// SQL for recurring maintenance: the series, and their occurrences materialised as maintenance windows (one per series
// and start, whichever replica writes it first).
import type { Kysely, Selectable } from 'kysely'
import type { MaintenanceSeriesTable, Tables } from '../tables.ts'
import { inTransaction } from '../transaction.ts'

export type SeriesRow = Selectable<MaintenanceSeriesTable>

export async function insertSeries (db: Kysely<Tables>, row: SeriesRow): Promise<void> {
  await db.insertInto('maintenance_series').values(row).execute()
}

/** Writes a series unless one has its id already (another replica wrote the status file's first); whether this call wrote it. */
export async function insertSeriesOnce (db: Kysely<Tables>, row: SeriesRow): Promise<boolean> {
  const written = await db.insertInto('maintenance_series').values(row).onConflict((conflict) => conflict.column('id').doNothing()).returning('id').executeTakeFirst()
  return written !== undefined
}

/** What the status file may change of a series it declares. */
export type SeriesChange = Pick<SeriesRow, 'title' | 'message' | 'rrule' | 'start_local' | 'timezone' | 'duration_ms' | 'remind_minutes' | 'components' | 'changed_at'>

export async function changeSeriesRow (db: Kysely<Tables>, id: string, change: SeriesChange): Promise<void> {
  await db.updateTable('maintenance_series').set(change).where('id', '=', id).execute()
}

export async function findSeries (db: Kysely<Tables>, id: string): Promise<SeriesRow | undefined> {
  return db.selectFrom('maintenance_series').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Every series, oldest first; `open`: only those not ended. */
export async function loadSeries (db: Kysely<Tables>, open = false): Promise<SeriesRow[]> {
  let query = db.selectFrom('maintenance_series').selectAll()
  if (open) query = query.where('ended_at', 'is', null)
  return query.orderBy('created_at').orderBy('id').execute()
}

/** Marks a series ended; false when it was already. */
export async function endSeriesRow (db: Kysely<Tables>, id: string, at: string, by: string | null): Promise<boolean> {
  const changed = await db.updateTable('maintenance_series').set({ ended_at: at, ended_by: by }).where('id', '=', id).where('ended_at', 'is', null).executeTakeFirst()
  return changed.numUpdatedRows > 0n
}

/** The starts (as stored) of the series' windows starting in [from, to). */
export async function occurrenceStartsStored (db: Kysely<Tables>, seriesId: string, from: string, to: string): Promise<Set<string>> {
  const rows = await db.selectFrom('maintenances').select('starts_at').where('series_id', '=', seriesId)
    .where('starts_at', '>=', from).where('starts_at', '<', to).execute()
  return new Set(rows.map((row) => row.starts_at))
}

export interface NewOccurrence {
  title: string
  message: string
  startsAt: string
  endsAt: string
  at: string
  components: readonly string[]
  remindMinutes: number | null
  by: string | null
}

/**
 * Writes an occurrence unless the series has one at that start already (another replica was first): the unique
 * (series, start) key decides. Returns its id when this call wrote it.
 */
export async function insertOccurrence (db: Kysely<Tables>, seriesId: string, occurrence: NewOccurrence): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('maintenances').values({
      title: occurrence.title, message: occurrence.message, starts_at: occurrence.startsAt, ends_at: occurrence.endsAt, ended_at: null,
      created_at: occurrence.at, by: occurrence.by, ended_by: null, series_id: seriesId, remind_minutes: occurrence.remindMinutes
    }).onConflict((conflict) => conflict.columns(['series_id', 'starts_at']).doNothing()).returning('id').executeTakeFirst()
    if (row === undefined) return undefined
    if (occurrence.components.length > 0) {
      await trx.insertInto('maintenance_components').values(occurrence.components.map((component) => ({ maintenance_id: row.id, component }))).execute()
    }
    return row.id
  })
}

/**
 * The series' windows that start after `after` and whose start nobody has heard of yet (no event of theirs in the
 * outbox): they can go without a word. Returns their ids.
 */
export async function unannouncedOccurrencesAfter (db: Kysely<Tables>, seriesId: string, after: string): Promise<number[]> {
  const rows = await db.selectFrom('maintenances as m').select('m.id')
    .where('m.series_id', '=', seriesId).where('m.starts_at', '>', after).where('m.ended_at', 'is', null)
    .execute()
  const ids: number[] = []
  for (const { id } of rows) {
    const heard = await db.selectFrom('notify_events').select('id').where('subject', '=', `maintenance:${id}`).limit(1).executeTakeFirst()
    if (heard === undefined) ids.push(id)
  }
  return ids
}

/** Deletes windows (and their components) nobody heard of, in one transaction. */
export async function deleteOccurrences (db: Kysely<Tables>, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('maintenance_components').where('maintenance_id', 'in', ids).execute()
    await trx.deleteFrom('maintenances').where('id', 'in', ids).execute()
  })
}

/** The series' windows not ended that start after `after` or are running at it. */
export async function openOccurrences (db: Kysely<Tables>, seriesId: string, after: string): Promise<number[]> {
  const rows = await db.selectFrom('maintenances').select('id').where('series_id', '=', seriesId)
    .where('ends_at', '>', after).where('ended_at', 'is', null).orderBy('starts_at').execute()
  return rows.map((row) => row.id)
}

