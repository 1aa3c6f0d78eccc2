// The upkeep after a round whose database answered: housekeeping when due (not while writes fail), then the history; one at a time.
import type { WriteState } from './write-state.ts'

export interface UpkeepOptions {
  /** While a write failure stands, the housekeeping waits for one to go through. */
  writes: Pick<WriteState, 'failure'>
  /** Runs the housekeeping if due at this time; never rejects (./housekeeping-schedule.ts). */
  housekeepIfDue: (now: number) => Promise<void>
  /** Recomputes the history when stale; never rejects. */
  refreshHistory: () => Promise<void>
}

export interface Upkeep {
  /** Starts the upkeep for a round checked at `checkedAt`, or returns the one in flight; never rejects. */
  start (checkedAt: number): Promise<void>
  /** The upkeep in flight, if any. */
  inFlight (): Promise<void> | undefined
}

export function createUpkeep (options: UpkeepOptions): Upkeep {
  const { writes, housekeepIfDue, refreshHistory } = options
  let upkeeping: Promise<void> | undefined

  /** Rollups and the history when due; never rejects. While writes fail, housekeeping waits for one to go through. */
  const upkeep = async (checkedAt: number) => {
    if (writes.failure === undefined) await housekeepIfDue(checkedAt)
    await refreshHistory()
  }

  return {
    /** One upkeep at a time: a round while one is still reading (behind a lock held on the table) starts none. */
    start (checkedAt) {
      upkeeping ??= upkeep(checkedAt).finally(() => { upkeeping = undefined })
      return upkeeping
    },
    inFlight: () => upkeeping
  }
}
