// The database probe: a ping with a timeout, and how long it took.
import { DatabaseFileMissing, type Database } from '../../store/database.ts'
import { elapsedMs, type ProbeResult } from './probe.ts'

export async function probeDatabase (database: Database, timeoutMs: number): Promise<ProbeResult> {
  const started = performance.now()
  try {
    await database.ping(timeoutMs)
    return { status: 'ok', latencyMs: elapsedMs(started) }
  } catch (error) {
    const message = error instanceof DatabaseFileMissing
      ? 'The database file is missing; checks are kept in memory until it is back.'
      : 'The database does not answer.'
    return { status: 'down', latencyMs: null, message }
  }
}
