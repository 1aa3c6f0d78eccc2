// Rollups and retention: complete days of raw checks become uptime_daily rows; raw rows go after 7 days, rollups after 400.
import type { Database } from '../store/database.ts'
import { countHealthChecksByDay, deleteHealthChecksBefore } from '../store/repositories/health-checks.ts'
import { deleteUptimeDailyBefore, upsertUptimeDaily } from '../store/repositories/uptime-daily.ts'
import { RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './history.ts'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../lib/minutes.ts'

export interface HousekeepingResult {
  rolledUpDays: number
  deletedChecks: number
  deletedRollups: number
}

/**
 * Rolls up every complete day still held as raw rows (again and again: the result is the same, and late
 * writes are counted), then deletes whole raw days older than the retention — all of them rolled up by then.
 * Idempotent, so every replica may run it.
 */
export async function runHousekeeping (database: Database, now: number): Promise<HousekeepingResult> {
  const today = dayOfMinute(minuteOf(now))
  const counts = await countHealthChecksByDay(database, 0, today * MINUTES_PER_DAY)
  await upsertUptimeDaily(database, counts)
  const deletedChecks = await deleteHealthChecksBefore(database, (today - RAW_RETENTION_DAYS) * MINUTES_PER_DAY)
  const deletedRollups = await deleteUptimeDailyBefore(database, today - ROLLUP_RETENTION_DAYS)
  return { rolledUpDays: new Set(counts.map((c) => c.day)).size, deletedChecks, deletedRollups }
}
