// SQL of the edge state (docs/en/architecture.md#edge): compare-and-set of what the caches were last purged for, with the purge event
// written in the same transaction, so one change is purged once however many replicas see it.
import type { Database } from '../database.ts'
import { insertEvent, type NewEvent } from './notifications.ts'

export async function readEdgeState (database: Database, name: string): Promise<string | undefined> {
  const row = await database.db.selectFrom('edge_state').select('state').where('name', '=', name).executeTakeFirst()
  return row?.state
}

/**
 * Moves `name` from `from` to `to` and writes `event`, when it still is `from` (undefined: when there is no row yet).
 * Returns whether this call made the change: false means another replica got there first, or the state moved on.
 */
export async function changeEdgeState (database: Database, name: string, from: string | undefined, to: string, at: string, event: NewEvent | undefined): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    let changed: bigint
    if (from === undefined) {
      const inserted = await trx.insertInto('edge_state').values({ name, state: to, changed_at: at })
        .onConflict((conflict) => conflict.column('name').doNothing()).executeTakeFirst()
      changed = inserted.numInsertedOrUpdatedRows ?? 0n
    } else {
      const updated = await trx.updateTable('edge_state').set({ state: to, changed_at: at })
        .where('name', '=', name).where('state', '=', from).executeTakeFirst()
      changed = updated.numUpdatedRows
    }
    if (changed === 0n) return false
    if (event !== undefined) await insertEvent(trx, event)
    return true
  })
}
