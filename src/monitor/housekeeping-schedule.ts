// When rollups and retention run: FIRST_HOUSEKEEPING_AFTER_MS after start, then hourly; a failed run is retried next round.
import type { Logger } from 'pino'
import type { Database } from '../store/database.ts'
import { runHousekeeping } from './housekeeping.ts'

const HOUSEKEEPING_EVERY_MS = 60 * 60_000
/**
 * The first rollups wait this long after start: rolling 7 raw days up takes a few hundred milliseconds of SQLite's
 * (synchronous) time, which would hold the server's start-up back, and the histories read days not yet rolled up
 * from their raw rows meanwhile.
 */
export const FIRST_HOUSEKEEPING_AFTER_MS = 5 * 60_000

export interface HousekeepingScheduleOptions {
  database: Database
  logger: Logger
  /** When this process started (wall clock). */
  startedAt: number
}

/** Runs the housekeeping when `now` is past its next time; never rejects (a failure is logged and retried next time). */
export function housekeepingSchedule (options: HousekeepingScheduleOptions): (now: number) => Promise<void> {
  const { database, logger, startedAt } = options
  let nextHousekeeping = startedAt + FIRST_HOUSEKEEPING_AFTER_MS

  return async (now: number) => {
    if (now < nextHousekeeping) return
    try {
      await runHousekeeping(database, now)
      nextHousekeeping = now + HOUSEKEEPING_EVERY_MS
    } catch (error) {
      logger.warn({ err: error }, 'health rollups and retention postponed')
    }
  }
}
