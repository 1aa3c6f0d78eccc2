// Once per deployment (docs/en/architecture.md#status-model): the replica holding a short lease runs the checks; Redis holds it when configured,
// else a row of check_leases. Each replica knows only whether it holds the lease now.
import { hostname } from 'node:os'
import type { Clock } from '../lib/clock.ts'
import type { Cache, CacheKind } from '../store/cache/cache.ts'
import type { Database } from '../store/database.ts'
import { takeLease } from '../store/repositories/check-leases.ts'
import type { ProbedComponent } from './declared-checks.ts'

const CHECKS_LEASE = 'checks'

/** Bounds of the lease: at most every check's interval (so a hand-over takes under two), at least 5 s, at most 15 s. */
const LEASE_MIN_MS = 5_000
const LEASE_MAX_MS = 15_000

/** How long the lease lasts, and the tick (a third of it: the holder renews it twice before it runs out). */
export function leaseTiming (probed: readonly ProbedComponent[]): { leaseMs: number, tickMs: number } {
  const shortest = Math.min(...probed.map((component) => component.check.everyMs))
  const leaseMs = Math.max(LEASE_MIN_MS, Math.min(LEASE_MAX_MS, shortest))
  const tickMs = Math.round(leaseMs / 3)
  return { leaseMs, tickMs }
}

export interface CheckLease {
  /** Takes or renews the lease; true while this replica holds it. Never rejects. */
  hold (): Promise<boolean>
  /** Which store holds it: for the logs and tests. */
  readonly store: 'redis' | 'database'
}

export interface CheckLeaseOptions {
  cache: Cache
  cacheKind: CacheKind
  database: Database
  /** This replica's name in the lease (unique per process); default host:pid:random. */
  holder: string | undefined
  ttlMs: number
  clock: Clock
}

export function createCheckLease (options: CheckLeaseOptions): CheckLease {
  const { cache, cacheKind, database, ttlMs, clock } = options
  const holder = options.holder ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`
  const store = cacheKind === 'redis' ? 'redis' : 'database'
  /** Until when (monotonic) this replica may count on the lease it last renewed. */
  let heldUntil = -Infinity
  return {
    store,
    async hold () {
      const asked = clock.monotonic()
      try {
        const held = store === 'redis'
          ? await cache.lease(CHECKS_LEASE, holder, ttlMs)
          : await takeLease(database.db, CHECKS_LEASE, holder, clock.now(), ttlMs)
        // Counted from the ask, not the answer: the lease may have been renewed at any moment in between.
        heldUntil = held ? asked + ttlMs : -Infinity
        return held
      } catch {
        // The store does not answer: a holder keeps its lease until it would have expired (no one else can take it
        // sooner); a replica that did not hold it does not start.
        return clock.monotonic() < heldUntil
      }
    }
  }
}
