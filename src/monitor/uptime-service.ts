// The uptime figures, answered from memory: the data read at most once per clock minute (the last good one outlives a
// database outage), each distinct query's body serialised once per read and kept in a bounded cache.
import type { Logger } from 'pino'
import type { UptimeBody } from '../api/uptime.ts'
import type { UptimePolicy } from '../declaration/declaration.ts'
import type { Clock } from '../lib/clock.ts'
import { LruCache } from '../lib/lru.ts'
import { dayOfMinute, minuteOf } from '../lib/minutes.ts'
import { heldBytes, serialize, type Serialized } from '../lib/serialized.ts'
import { singleFlight } from '../lib/single-flight.ts'
import type { Database } from '../store/database.ts'
import { buildUptimeBody, type NamedComponent } from './uptime-body.ts'
import { loadUptimeData, type UptimeData } from './uptime-data.ts'
import { parseUptimeQuery, queryKey, type QueryBounds, type UptimeQuery } from './uptime-query.ts'

const MAX_BODIES = 64
const MAX_BODY_BYTES = 16 * 1024 * 1024

export interface UptimeService {
  /** The data now (a stale one starts a read in the background); reads it first when there is none yet. */
  data (): Promise<UptimeData>
  /** What data() would give at once, or undefined when it would read first. */
  latest (): UptimeData | undefined
  /** The bounds a query is checked against with this data. */
  bounds (data: UptimeData): QueryBounds
  /** The query of raw parameters against this data's bounds; UptimeQueryError names the first wrong one. */
  parse (data: UptimeData, raw: Record<string, unknown>): UptimeQuery
  /** The body of a checked query from this data, serialised once per data and query. */
  body (data: UptimeData, query: UptimeQuery): Serialized<UptimeBody>
  /** Reads again unless this clock minute already has data (or a failed attempt). */
  refreshIfStale (): Promise<void>
  readonly policy: UptimePolicy
}

export interface UptimeServiceOptions {
  database: Database
  clock: Clock
  logger: Logger
  /** The page's components in order, with their names (English: the API's language). */
  components: readonly NamedComponent[]
  policy: UptimePolicy
}

export function createUptimeService (options: UptimeServiceOptions): UptimeService {
  const { database, clock, logger, components, policy } = options
  const ids = components.map((component) => component.id)
  let current: UptimeData | undefined
  let attemptedMinute: number | undefined
  const newBodies = () => new LruCache<string, Serialized<UptimeBody>>(MAX_BODIES, { max: MAX_BODY_BYTES, of: heldBytes })
  let bodies = newBodies()
  let bodiesOf: UptimeData | undefined

  const read = singleFlight(async () => {
    const now = clock.now()
    attemptedMinute = minuteOf(now)
    current = await loadUptimeData(database, now, ids)
    return current
  })
  const stale = () => attemptedMinute !== minuteOf(clock.now())
  const refreshIfStale = async () => {
    if (!stale()) return
    try {
      await read()
    } catch (error) {
      logger.warn({ err: error }, 'uptime could not be read again; serving the previous figures')
    }
  }

  const bounds = (data: UptimeData): QueryBounds => ({ today: dayOfMinute(minuteOf(data.now)), firstDay: data.firstDay, components: ids })
  return {
    async data () {
      if (current === undefined) return await read()
      if (stale()) void refreshIfStale()
      return current
    },
    latest: () => current === undefined || stale() ? undefined : current,
    bounds,
    parse: (data, raw) => parseUptimeQuery(raw, bounds(data)),
    body (data, query) {
      if (bodiesOf !== data) {
        bodies = newBodies() // what older data built is never sent again
        bodiesOf = data
      }
      return bodies.getOrSet(queryKey(query), () => serialize(buildUptimeBody(data, query, policy, components)))
    },
    refreshIfStale,
    policy
  }
}
