// One check per minute and component into component_checks, buffered in memory while the database is away or refuses writes.
import type { Logger } from 'pino'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { Clock } from '../lib/clock.ts'
import { minuteOf } from '../lib/minutes.ts'
import { withTimeout } from '../lib/timeout.ts'
import type { Database } from '../store/database.ts'
import { OVERALL, upsertComponentChecks, type ComponentCheckRow } from '../store/repositories/component-checks.ts'
import { classifyWriteError } from '../store/write-errors.ts'
import { CheckBuffer } from './check-buffer.ts'
import type { ShownCode } from '../api/shown-minutes.ts'
import type { WriteState } from './write-state.ts'

const WRITE_TIMEOUT_MS = 5000

export interface MinuteRecorderOptions {
  database: Database
  clock: Clock
  logger: Logger
  /** Told of every write's outcome (the database component's verdict reads it). */
  writes: WriteState
  /** The components recorded besides the overall status (./reported-components.ts), in order. */
  components: readonly string[]
  /** When this process started: no minute before it is recorded (the wall clock stepped back). */
  startedAt: number
  /** The probe interval: a write's statement may take no longer (nor longer than 5 s). */
  intervalMs: number
  /** What the page shows of each component now (src/status/shown-now.ts); without it, rows keep only the measured status. */
  shown?: () => ReadonlyMap<string, ShownCode>
}

export interface MinuteRecorder {
  /** Records the round's body for its minute; writes every buffered minute when the database answers. Never rejects. */
  record (body: MeasuredHealthBody, databaseAnswers: boolean): Promise<void>
  /** Minutes of checks waiting for the database. */
  readonly buffered: number
}

export function createMinuteRecorder (options: MinuteRecorderOptions): MinuteRecorder {
  const { database, clock, logger, writes, components: reported, startedAt, intervalMs } = options
  const buffer = new CheckBuffer()

  const record = async (body: MeasuredHealthBody, databaseAnswers: boolean) => {
    const minute = minuteOf(Date.parse(body.checkedAt))
    const components: Record<string, { status: string, latencyMs: number | null }> = body.components
    const shown = options.shown?.()
    const rows: ComponentCheckRow[] = [
      { minute, component: OVERALL, status: body.status, latencyMs: null },
      ...reported.map((id) => ({
        minute, component: id, status: components[id]!.status, latencyMs: components[id]!.latencyMs, ...(shown?.has(id) === true ? { shown: shown.get(id)! } : {})
      }))
    ]
    // A minute is never written for a time before this process started or after now: the wall clock stepped back.
    const now = minuteOf(clock.now())
    if (minute >= minuteOf(startedAt) && minute <= now) buffer.add(rows)
    buffer.dropAfter(now)
    if (buffer.size === 0) return
    if (!databaseAnswers) {
      // Kept for later: a write now fails, or (a deleted SQLite file) goes where no one will ever read it.
      writes.succeeded()
      return
    }
    const pending = buffer.rows()
    try {
      const statementTimeoutMs = Math.min(WRITE_TIMEOUT_MS, intervalMs)
      const minutes = buffer.size
      await withTimeout(upsertComponentChecks(database, pending, { statementTimeoutMs }), WRITE_TIMEOUT_MS + 1000, 'recording checks')
      buffer.remove(pending)
      if (minutes > 1) logger.info({ minutes }, 'buffered health checks written')
      writes.succeeded()
    } catch (error) {
      const reason = classifyWriteError(error)
      writes.failed(reason, clock.monotonic())
      logger.warn({ buffered: buffer.size, reason }, 'health check not written; kept in memory until the database takes it')
    }
  }

  return {
    record,
    get buffered () { return buffer.size }
  }
}
