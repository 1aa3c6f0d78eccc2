// Once per deployment (DESIGN §10): the replica holding a short lease runs the checks; Redis holds it when configured,
// else a row of check_leases. Each replica knows only whether it holds the lease now.
import type { Cache, CacheKind } from '../store/cache/cache.ts'
import type { Database } from '../store/database.ts'
import { takeLease } from '../store/repositories/check-leases.ts'

const CHECKS_LEASE = 'checks'

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
  /** This replica's name in the lease (unique per process). */
  holder: string
  ttlMs: number
  now: () => number
  monotonic: () => number
}

export function createCheckLease (options: CheckLeaseOptions): CheckLease {
  const { cache, cacheKind, database, holder, ttlMs } = options
  const store = cacheKind === 'redis' ? 'redis' : 'database'
  /** Until when (monotonic) this replica may count on the lease it last renewed. */
  let heldUntil = -Infinity
  return {
    store,
    async hold () {
      const asked = options.monotonic()
      try {
        const held = store === 'redis'
          ? await cache.lease(CHECKS_LEASE, holder, ttlMs)
          : await takeLease(database.db, CHECKS_LEASE, holder, options.now(), ttlMs)
        // Counted from the ask, not the answer: the lease may have been renewed at any moment in between.
        heldUntil = held ? asked + ttlMs : -Infinity
        return held
      } catch {
        // The store does not answer: a holder keeps its lease until it would have expired (no one else can take it
        // sooner); a replica that did not hold it does not start.
        return options.monotonic() < heldUntil
      }
    }
  }
}
