// The history, recomputed at most once per clock minute and served from memory; the last good one outlives a database
// outage. One component's history comes from the same read, made when first asked for and kept until the next one.
import type { Logger } from 'pino'
import type { ComponentHistory, HistoryBody } from '../api/health.ts'
import type { Clock } from '../lib/clock.ts'
import { singleFlight } from '../lib/single-flight.ts'
import type { Database } from '../store/database.ts'
import { buildComponentHistory, buildHistory, loadHistoryData, type HistoryData } from './history.ts'
import { minuteOf } from '../lib/minutes.ts'
import { serialize, type Serialized } from '../lib/serialized.ts'

export interface HistoryService {
  /** The current history (a stale one starts a recompute in the background); computes it first when there is none yet. */
  get (): Promise<Serialized<HistoryBody>>
  /** The history get() would answer now without waiting, or undefined when it would compute or start a recompute first. */
  latest (): Serialized<HistoryBody> | undefined
  /**
   * One reported component's history from the same data as get(), or undefined for an id the history does not
   * report (not declared, or no longer). No database query unless there is no history yet; rejects like get().
   */
  component (id: string): Promise<ComponentHistory | undefined>
  /** What component() would answer at once, or undefined (for any id) when it would compute or start a recompute first. */
  latestComponent (id: string): ComponentHistory | undefined
  /** Recomputes unless this clock minute already has a history (or a failed attempt). */
  refreshIfStale (): Promise<void>
  /** How long the last recompute took, in milliseconds. */
  readonly lastRecomputeMs: number | undefined
}

export interface HistoryServiceOptions {
  database: Database
  clock: Clock
  logger: Logger
  /** The components reported (./reported-components.ts), in order. */
  components: readonly string[]
}

interface Computed {
  data: HistoryData
  body: Serialized<HistoryBody>
  /** Component histories made so far from `data`. */
  byComponent: Map<string, ComponentHistory>
}

export function createHistoryService (options: HistoryServiceOptions): HistoryService {
  const { database, clock, logger, components } = options
  let current: Computed | undefined
  let attemptedMinute: number | undefined
  let lastRecomputeMs: number | undefined

  const recompute = singleFlight(async () => {
    const now = clock.now()
    attemptedMinute = minuteOf(now)
    const started = performance.now()
    const data = await loadHistoryData(database, now, components)
    current = { data, body: serialize(buildHistory(data)), byComponent: new Map() }
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

  const computed = async (): Promise<Computed> => {
    if (current === undefined) return await recompute()
    if (stale()) void refreshIfStale()
    return current
  }

  /** One component's history from a computed history, made once per computation. */
  const componentOf = ({ data, byComponent }: Computed, id: string): ComponentHistory | undefined => {
    if (!components.includes(id)) return undefined
    let history = byComponent.get(id)
    if (history === undefined) {
      history = buildComponentHistory(data, id)
      byComponent.set(id, history)
    }
    return history
  }

  return {
    get: async () => (await computed()).body,
    latest: () => current === undefined || stale() ? undefined : current.body,
    async component (id) {
      if (!components.includes(id)) return undefined
      return componentOf(await computed(), id)
    },
    latestComponent: (id) => current === undefined || stale() ? undefined : componentOf(current, id),
    refreshIfStale,
    get lastRecomputeMs () { return lastRecomputeMs }
  }
}
