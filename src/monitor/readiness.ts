// Readiness: a fresh database ping (≤ 1 s) shared by concurrent callers; false at once while shutting down.
import type { Database } from '../store/database.ts'
import { singleFlight } from '../lib/single-flight.ts'

export const READINESS_TIMEOUT_MS = 1000

export interface Readiness {
  /** True when the database answered a ping just now. */
  check (): Promise<boolean>
  /** From now on `check` answers false without asking the database (graceful shutdown). */
  markShuttingDown (): void
  readonly shuttingDown: boolean
}

export function createReadiness (database: Database): Readiness {
  let shuttingDown = false
  const ping = singleFlight(async () => {
    try {
      await database.ping(READINESS_TIMEOUT_MS)
      return true
    } catch {
      return false
    }
  })
  return {
    check: async () => !shuttingDown && await ping(),
    markShuttingDown: () => { shuttingDown = true },
    get shuttingDown () { return shuttingDown }
  }
}
