// The history, recomputed at most once per clock minute and served from memory; the last good one outlives a database outage.
import type { Logger } from 'pino'
import type { HistoryBody } from '../api/health.ts'
import type { Clock } from '../lib/clock.ts'
import { singleFlight } from '../lib/single-flight.ts'
import type { Database } from '../store/database.ts'
import { loadHistory } from './history.ts'
import { minuteOf } from '../lib/minutes.ts'
import { serialize, type Serialized } from '../lib/serialized.ts'

export interface HistoryService {
  /** The current history (a stale one starts a recompute in the background); computes it first when there is none yet. */
  get (): Promise<Serialized<HistoryBody>>
  /** Recomputes unless this clock minute already has a history (or a failed attempt). */
  refreshIfStale (): Promise<void>
  /** How long the last recompute took, in milliseconds. */
  readonly lastRecomputeMs: number | undefined
}

export function createHistoryService (options: { database: Database, clock: Clock, logger: Logger }): HistoryService {
  const { database, clock, logger } = options
  let current: Serialized<HistoryBody> | undefined
  let attemptedMinute: number | undefined
  let lastRecomputeMs: number | undefined

  const recompute = singleFlight(async () => {
    const now = clock.now()
    attemptedMinute = minuteOf(now)
    const started = performance.now()
    current = serialize(await loadHistory(database, now))
    lastRecomputeMs = performance.now() - started
    return current
  })

  const stale = () => attemptedMinute !== minuteOf(clock.now())

  const refreshIfStale = async () => {
    if (!stale()) return
    try {
      await recompute()
    } catch (error) {
      logger.warn({ err: error }, 'health history could not be recomputed; serving the previous one')
    }
  }

  return {
    async get () {
      if (current === undefined) return await recompute()
      if (stale()) void refreshIfStale()
      return current
    },
    refreshIfStale,
    get lastRecomputeMs () { return lastRecomputeMs }
  }
}
