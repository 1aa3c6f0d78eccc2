// The database probe: a ping with a timeout, and how long it took (less any time this process's event loop was blocked).
import { DatabaseFileMissing, type Database } from '../../store/database.ts'
import type { ProbeResult } from './probe.ts'
import { startProbeTimer } from './probe-timer.ts'

export async function probeDatabase (database: Database, timeoutMs: number): Promise<ProbeResult> {
  const timer = startProbeTimer()
  try {
    await database.ping(timeoutMs)
    return { status: 'ok', latencyMs: timer.elapsedMs() }
  } catch (error) {
    timer.stop()
    const message = error instanceof DatabaseFileMissing
      ? 'The database file is missing; checks are kept in memory until it is back.'
      : 'The database does not answer.'
    return { status: 'down', latencyMs: null, message }
  }
}
