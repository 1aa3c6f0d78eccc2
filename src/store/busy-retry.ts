// A write that meets another process's lock (SQLite's busy timeout is 0 in the server, so it fails at once) is tried
// again for a while: Discord's deferred answer then reports the write, or the honest cause once the wait is over.
import { setTimeout as sleep } from 'node:timers/promises'
import { classifyWriteError } from './write-errors.ts'

/** How long a command waits for a busy database before it answers "nothing was written". */
export const BUSY_WAIT_MS = 10_000
const RETRY_EVERY_MS = 200

export async function retryWhileBusy<T> (write: () => Promise<T>, waitMs = BUSY_WAIT_MS): Promise<T> {
  const deadline = performance.now() + waitMs
  for (;;) {
    try {
      return await write()
    } catch (error) {
      if (classifyWriteError(error) !== 'waiting' || performance.now() + RETRY_EVERY_MS > deadline) throw error
      await sleep(RETRY_EVERY_MS)
    }
  }
}
