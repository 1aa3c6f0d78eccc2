// The chat platform's status for the API and the status page: at most one upstream attempt per minute per
// deployment (single flight in-process, a cache lock across replicas), the last good value when it fails.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import type { PlatformStatusBody } from '../api/platform-status.ts'
import type { Clock } from '../lib/clock.ts'
import { singleFlight } from '../lib/single-flight.ts'
import type { Cache } from '../store/cache/cache.ts'
import { normaliseSummary } from './normalise.ts'
import { parseSnapshot, type Snapshot } from './snapshot.ts'
import { DEFAULT_LIMITS, fetchStatuspageSummary, type FetchLimits } from './statuspage-client.ts'
import { UpstreamError } from './upstream-error.ts'

/** A value is fresh this long after the attempt that fetched it; the next attempt is due then, success or not. */
const FRESH_MS = 60_000
/** The last good value is served (as stale) for at most this long after it was fetched. */
const KEEP_MS = 24 * 60 * 60_000

const CACHE_KEY = 'platform-status:v1'
/** How often a replica that did not get the lock looks for the value the lock holder is fetching. */
const POLL_MS = 50

export interface PlatformReading {
  /** The normalised status, or undefined when there has never been a good value (answer 503).
   * The same object while the value and its staleness stay the same: treat it as read-only. */
  status: PlatformStatusBody | undefined
  /** Whole seconds the answer stays fresh: the `max-age` of a 200. */
  maxAgeSeconds: number
  /** Seconds until the next upstream attempt is due, at least 1: the `Retry-After` of a 503. */
  retryAfterSeconds: number
}

export interface PlatformStatus {
  /** The current reading; refreshes from the upstream first when due. Never throws. */
  read (): Promise<PlatformReading>
  /** The reading read() would give at once, without a refresh; undefined when one is due (then read() it). */
  held (): PlatformReading | undefined
  /**
   * The status for other views (the status page): the normalised value, or undefined. At once while no refresh is due,
   * else once refreshed. Never throws or rejects.
   */
  current (): PlatformStatusBody | undefined | Promise<PlatformStatusBody | undefined>
  /**
   * The value held in memory now, without asking the upstream (metrics read it per scrape, the edge purge watches it);
   * undefined when none. The same object as long as `read` would give the same.
   */
  latest (): PlatformStatusBody | undefined
}

export interface PlatformStatusOptions {
  url: URL
  cache: Cache
  clock: Clock
  logger: Logger
  limits?: FetchLimits
}

export function createPlatformStatus (options: PlatformStatusOptions): PlatformStatus {
  const { url, cache, clock, logger } = options
  const limits = options.limits ?? DEFAULT_LIMITS
  /** The lock outlives the longest fetch, so a holder that dies frees it by itself soon after. */
  const lockTtlMs = limits.timeoutMs + 2000
  let local: Snapshot | undefined
  /**
   * When each snapshot's attempt was made on the monotonic clock: freshness is a duration, and a step of the wall
   * clock (an hour back) must not make a value fresh for an hour. Ours are exact; another replica's are placed by
   * their wall-clock age, which is never taken as negative, so a value is fresh for at most FRESH_MS from here.
   */
  const attemptedMono = new WeakMap<Snapshot, number>()
  const monoOf = (snapshot: Snapshot): number => {
    let at = attemptedMono.get(snapshot)
    if (at === undefined) {
      at = clock.monotonic() - Math.min(Math.max(0, clock.now() - snapshot.attemptedAt), KEEP_MS)
      attemptedMono.set(snapshot, at)
    }
    return at
  }
  const msToRefresh = (snapshot: Snapshot | undefined) => snapshot === undefined ? 0 : monoOf(snapshot) + FRESH_MS - clock.monotonic()
  const due = (snapshot: Snapshot | undefined) => msToRefresh(snapshot) <= 0
  /** The later of two snapshots, by when this replica places their attempts; a later failure keeps the good value. */
  const later = (a: Snapshot | undefined, b: Snapshot | undefined): Snapshot | undefined => {
    if (a === undefined || b === undefined) return a ?? b
    const [late, early] = monoOf(a) >= monoOf(b) ? [a, b] : [b, a]
    if (late.value !== null || early.value === null) return late
    const kept = { ...late, value: early.value }
    attemptedMono.set(kept, monoOf(late))
    return kept
  }

  const loadShared = async (): Promise<Snapshot | undefined> => {
    try {
      const raw = await cache.get(CACHE_KEY)
      const shared = raw === undefined ? undefined : await parseSnapshot(raw)
      // Our own attempt read back: it keeps the exact time we made it.
      if (shared !== undefined && local !== undefined && shared.attemptedAt === local.attemptedAt) attemptedMono.set(shared, monoOf(local))
      return shared
    } catch {
      return undefined
    }
  }

  const storeShared = async (snapshot: Snapshot): Promise<void> => {
    try {
      await cache.set(CACHE_KEY, JSON.stringify(snapshot), KEEP_MS)
    } catch {
      // The cache reports its own health; this replica still has the value in memory.
    }
  }

  const attempt = async (known: Snapshot | undefined): Promise<Snapshot> => {
    const attemptedAt = clock.now()
    const startedMono = clock.monotonic()
    let snapshot: Snapshot
    try {
      const summary = await fetchStatuspageSummary(url, limits)
      snapshot = { value: { ...normaliseSummary(summary, new Date(attemptedAt)), stale: false }, attemptedAt }
    } catch (error) {
      const reason = error instanceof UpstreamError ? error.message : 'unexpected error'
      logger.warn({ reason, hasLastGoodValue: known?.value != null }, 'chat platform status could not be fetched')
      snapshot = { value: known?.value ?? null, attemptedAt }
    }
    attemptedMono.set(snapshot, startedMono)
    return snapshot
  }

  /** Another replica holds the lock: wait (bounded) for the snapshot it writes. */
  const waitForOther = async (known: Snapshot | undefined): Promise<Snapshot | undefined> => {
    const giveUpAt = performance.now() + lockTtlMs
    while (performance.now() < giveUpAt) {
      await sleep(POLL_MS)
      const shared = await loadShared()
      if (shared !== undefined && shared.attemptedAt > (known?.attemptedAt ?? -Infinity)) return shared
    }
    return undefined
  }

  const refreshShared = async (): Promise<Snapshot | undefined> => {
    let known = later(local, await loadShared())
    if (!due(known)) return known
    // A cache that cannot even take a lock should not stop the fetch: one replica fetching alone is fine.
    const release = await cache.lock(CACHE_KEY, lockTtlMs).catch(() => async () => {})
    if (release === undefined) return later(known, await waitForOther(known))
    try {
      // Another replica may have finished just before the lock became free.
      known = later(known, await loadShared())
      if (!due(known)) return known
      const next = await attempt(known)
      await storeShared(next)
      return next
    } finally {
      await release().catch(() => {})
    }
  }

  const refresh = singleFlight(async () => {
    try {
      local = later(local, await refreshShared())
    } catch (error) {
      logger.error({ err: error }, 'chat platform status refresh failed')
    }
  })

  // The same snapshot read the same way gives the same object, so callers can keep what they derive from it.
  let lastView: { snapshot: Snapshot, stale: boolean, status: PlatformStatusBody } | undefined
  const readNow = (): PlatformReading => {
    const result = reading(local, clock.now(), msToRefresh(local))
    if (result.status === undefined || local === undefined) return result
    if (lastView?.snapshot !== local || lastView.stale !== result.status.stale) {
      lastView = { snapshot: local, stale: result.status.stale, status: result.status }
    }
    return { ...result, status: lastView.status }
  }
  const read = async (): Promise<PlatformReading> => {
    if (due(local)) await refresh()
    return readNow()
  }

  return {
    read,
    held: () => due(local) ? undefined : readNow(),
    current: () => due(local) ? read().then((result) => result.status, () => undefined) : readNow().status,
    latest: () => readNow().status
  }
}

function reading (snapshot: Snapshot | undefined, now: number, msToRefresh: number): PlatformReading {
  const timing = {
    maxAgeSeconds: Math.max(0, Math.floor(msToRefresh / 1000)),
    retryAfterSeconds: Math.max(1, Math.ceil(msToRefresh / 1000))
  }
  if (snapshot?.value == null) return { status: undefined, ...timing }
  const value = snapshot.value
  const fetchedAt = Date.parse(value.fetchedAt)
  if (now - fetchedAt > KEEP_MS) return { status: undefined, ...timing }
  // Stale: the latest attempt failed, or the value is past its minute and no attempt could replace it.
  const stale = fetchedAt < snapshot.attemptedAt || msToRefresh <= 0
  return { status: { ...value, stale }, ...timing }
}
