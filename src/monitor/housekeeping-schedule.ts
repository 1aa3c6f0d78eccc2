// When rollups and retention run: FIRST_HOUSEKEEPING_AFTER_MS after start, then hourly, and at shutdown when this
// process has not run them; across replicas at most once an hour (a lease in the database), so a deployment whose
// replicas each live less than 5 minutes still rolls up, once. A failed run is retried next round.
import { hostname } from 'node:os'
import type { Logger } from 'pino'
import type { Database } from '../store/database.ts'
import { takeLease } from '../store/repositories/check-leases.ts'
import { runHousekeeping } from './housekeeping.ts'

const HOUSEKEEPING_EVERY_MS = 60 * 60_000
/**
 * The first rollups wait this long after start: rolling 7 raw days up takes a few hundred milliseconds of SQLite's
 * (synchronous) time, which would hold the server's start-up back, and the histories read days not yet rolled up
 * from their raw rows meanwhile.
 */
export const FIRST_HOUSEKEEPING_AFTER_MS = 5 * 60_000
/** The lease whose holder ran the housekeeping last, held for an hour: the other replicas' runs wait for it. */
export const HOUSEKEEPING_LEASE = 'housekeeping'

export interface HousekeepingScheduleOptions {
  database: Database
  logger: Logger
  /** When this process started (wall clock). */
  startedAt: number
  /** This replica's name in the lease; default host, pid and a random part. */
  holder?: string
}

export interface HousekeepingSchedule {
  /** Runs the housekeeping when `now` is past its next time; never rejects (a failure is logged and retried next time). */
  ifDue (now: number): Promise<void>
  /** At shutdown: runs it unless this process did, or another replica did within the hour; never rejects. */
  atShutdown (now: number): Promise<void>
}

export function housekeepingSchedule (options: HousekeepingScheduleOptions): HousekeepingSchedule {
  const { database, logger, startedAt } = options
  const holder = options.holder ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`
  let nextHousekeeping = startedAt + FIRST_HOUSEKEEPING_AFTER_MS
  let ranHere = false

  /** Runs it when this replica takes the hour's lease; true when it ran or another replica has the hour. */
  const run = async (now: number): Promise<boolean> => {
    try {
      if (!await takeLease(database.db, HOUSEKEEPING_LEASE, holder, now, HOUSEKEEPING_EVERY_MS)) return true
      await runHousekeeping(database, now)
      ranHere = true
      return true
    } catch (error) {
      logger.warn({ err: error }, 'health rollups and retention postponed')
      return false
    }
  }

  return {
    async ifDue (now) {
      if (now < nextHousekeeping) return
      if (await run(now)) nextHousekeeping = now + HOUSEKEEPING_EVERY_MS
    },
    async atShutdown (now) {
      if (ranHere) return
      await run(now)
    }
  }
}
