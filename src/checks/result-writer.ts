// Writes check results to the shared table, those finishing within WRITE_AFTER_MS in one statement; a failed write keeps its rows.
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { setTimeout as sleep } from 'node:timers/promises'
import { upsertCheckResults, type CheckResultRow } from '../store/repositories/check-results.ts'
import type { Tables } from '../store/tables.ts'

/** Results of attempts finishing within this long of each other are written in one statement. */
const WRITE_AFTER_MS = 200

export interface ResultWriter {
  /** Adds a component's latest result to the next write; settles once that write has been made (never rejects). */
  add (row: CheckResultRow): Promise<void>
}

export function createResultWriter (db: Kysely<Tables>, logger: Logger, afterMs = WRITE_AFTER_MS): ResultWriter {
  /** Results not yet written, by component. */
  const unwritten = new Map<string, CheckResultRow>()
  let writing: Promise<void> | undefined

  /** Writes the results gathered since the last write in one statement (attempts finishing together share it). */
  const write = async () => {
    const pending = [...unwritten.values()]
    unwritten.clear()
    try {
      await upsertCheckResults(db, pending)
    } catch (error) {
      // Kept for the next write unless a newer result came meanwhile.
      for (const row of pending) if (!unwritten.has(row.component)) unwritten.set(row.component, row)
      logger.warn({ components: pending.length, reason: (error as Error).name }, 'check results not written; the other replicas see them once a write goes through')
    }
  }

  return {
    add (row) {
      unwritten.set(row.component, row)
      writing ??= sleep(afterMs).then(write).finally(() => { writing = undefined })
      return writing
    }
  }
}
