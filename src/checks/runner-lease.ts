// The checks lease as the runner holds it: its length and tick from the shortest check interval, and this replica's name in it.
import { hostname } from 'node:os'
import type { Clock } from '../lib/clock.ts'
import type { Cache, CacheKind } from '../store/cache/cache.ts'
import type { Database } from '../store/database.ts'
import type { ProbedComponent } from './declared-checks.ts'
import { createCheckLease, type CheckLease } from './lease.ts'

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

export interface RunnerLeaseOptions {
  cache: Cache
  cacheKind: CacheKind
  database: Database
  /** This replica's name in the lease; default host:pid:random. */
  holder: string | undefined
  ttlMs: number
  clock: Clock
}

export function createRunnerLease (options: RunnerLeaseOptions): CheckLease {
  const { cache, cacheKind, database, clock } = options
  return createCheckLease({
    cache, cacheKind, database,
    holder: options.holder ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
    ttlMs: options.ttlMs, now: () => clock.now(), monotonic: () => clock.monotonic()
  })
}
