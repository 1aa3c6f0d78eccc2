// The latest result of every declared check as this replica knows it: its own attempts' and the shared table's, the newer winning.
import type { Kysely } from 'kysely'
import { listCheckResults, type CheckResultRow } from '../store/repositories/check-results.ts'
import type { Tables } from '../store/tables.ts'

export class HeldResults {
  readonly #rows = new Map<string, CheckResultRow>()

  /** The component's latest result; undefined: none yet. */
  get (component: string): CheckResultRow | undefined {
    return this.#rows.get(component)
  }

  /** Keeps `row` as the component's latest; true when what the page shows of it (status, message) changed. */
  keep (row: CheckResultRow): boolean {
    const held = this.#rows.get(row.component)
    this.#rows.set(row.component, row)
    return held === undefined || held.status !== row.status || held.message !== row.message
  }

  /** Keeps the table's rows, but not over a newer one of this replica (its write failed or is in flight); true when any shown change. */
  merge (read: readonly CheckResultRow[]): boolean {
    let changed = false
    for (const row of read) {
      const held = this.#rows.get(row.component)
      // A result of this replica newer than the table's (its write failed or is in flight) stays.
      if (held === undefined || row.checkedAt >= held.checkedAt) changed = this.keep(row) || changed
    }
    return changed
  }
}

/**
 * Reads the shared table into `held`, then calls `afterRead` with whether what the page shows changed. Never rejects:
 * when the database does not answer (or `afterRead` throws), the results in memory stay (and age).
 */
export async function readSharedResults (db: Kysely<Tables>, held: HeldResults, afterRead: (changed: boolean) => void): Promise<void> {
  try {
    const read = await listCheckResults(db)
    afterRead(held.merge(read))
  } catch {
    // The database does not answer: the results in memory stay (and age, see results()).
  }
}
