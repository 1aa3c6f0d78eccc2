// A signed interaction is answered once: its id is remembered for as long as its timestamp is accepted, so the same
// request sent again within those five minutes is refused like a stale one. Per replica, bounded in entries.
import { MAX_CLOCK_SKEW_MS } from './signature.ts'

const MAX_REMEMBERED = 10_000

export interface ReplayGuard {
  /** True the first time `id` is seen within the window; false for a replay. */
  firstTime (id: string, now: number): boolean
}

export function createReplayGuard (): ReplayGuard {
  // Insertion order is expiry order: every entry lives the same time.
  const seen = new Map<string, number>()
  return {
    firstTime (id, now) {
      for (const [key, expires] of seen) {
        if (expires > now && seen.size < MAX_REMEMBERED) break
        seen.delete(key)
      }
      if (seen.has(id)) return false
      seen.set(id, now + 2 * MAX_CLOCK_SKEW_MS)
      return true
    }
  }
}
