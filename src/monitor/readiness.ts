// Readiness: a fresh database ping (≤ 1 s) shared by the callers that ask within the same 100 ms; false at once
// while shutting down.
import type { Database } from '../store/database.ts'
import type { Clock } from '../lib/clock.ts'
import { singleFlight } from '../lib/single-flight.ts'

const READINESS_TIMEOUT_MS = 1000
/** A ping answers every caller that asks while it runs or within this long after: fresh, but one ping per burst. */
export const READINESS_SHARED_MS = 100

export interface Readiness {
  /** True when the database answered a ping just now. */
  check (): Promise<boolean>
  /** What check() would answer at once, without a new ping; undefined when it would ping. */
  held (): boolean | undefined
  /** From now on `check` answers false without asking the database (graceful shutdown). */
  markShuttingDown (): void
  readonly shuttingDown: boolean
}

export function createReadiness (database: Database, clock: Clock): Readiness {
  let shuttingDown = false
  let last: { ready: boolean, at: number } | undefined
  const ping = singleFlight(async () => {
    let ready = true
    try {
      await database.ping(READINESS_TIMEOUT_MS)
    } catch {
      ready = false
    }
    last = { ready, at: clock.now() }
    return ready
  })
  const held = (): boolean | undefined => {
    if (shuttingDown) return false
    if (last === undefined) return undefined
    const age = clock.now() - last.at // negative when the wall clock was set back: then ask again
    return age >= 0 && age < READINESS_SHARED_MS ? last.ready : undefined
  }
  return {
    check: async () => held() ?? await ping(),
    held,
    markShuttingDown: () => { shuttingDown = true },
    get shuttingDown () { return shuttingDown }
  }
}
