// A signed interaction is answered once: its id is remembered for as long as its timestamp is accepted, so the same
// request sent again within those five minutes is refused like a stale one, by this replica and, through the shared
// cache (Redis when configured), by every other one. Bounded in entries per replica.
import type { Cache } from '../store/cache/cache.ts'
import { MAX_CLOCK_SKEW_MS } from './signature.ts'

const MAX_REMEMBERED = 10_000
/** Long enough that a timestamp accepted once can no longer be accepted when the id is forgotten. */
const REMEMBER_MS = 2 * MAX_CLOCK_SKEW_MS

export interface ReplayGuard {
  /** True the first time `id` is seen within the window, by any replica sharing the cache; false for a replay. */
  firstTime (id: string, now: number): Promise<boolean>
}

export function createReplayGuard (shared?: Cache): ReplayGuard {
  // Insertion order is expiry order: every entry lives the same time.
  const seen = new Map<string, number>()
  const firstHere = (id: string, now: number) => {
    for (const [key, expires] of seen) {
      if (expires > now && seen.size < MAX_REMEMBERED) break
      seen.delete(key)
    }
    if (seen.has(id)) return false
    seen.set(id, now + REMEMBER_MS)
    return true
  }
  return {
    async firstTime (id, now) {
      if (!firstHere(id, now)) return false
      // Taken once across replicas (SET NX with an expiry); never released, it expires with the window.
      return shared === undefined || await shared.lock(`discord-interaction:${id}`, REMEMBER_MS) !== undefined
    }
  }
}
