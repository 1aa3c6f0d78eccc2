// The database probe: a ping with a timeout, and how long it took.
import type { Database } from '../../store/database.ts'
import { elapsedMs, type ProbeResult } from './probe.ts'

export async function probeDatabase (database: Database, timeoutMs: number): Promise<ProbeResult> {
  const started = performance.now()
  try {
    await database.ping(timeoutMs)
    return { status: 'ok', latencyMs: elapsedMs(started) }
  } catch {
    return { status: 'down', latencyMs: null, message: 'The database does not answer.' }
  }
}
