// Rollups and retention: complete days of raw checks become uptime_daily rows per component (with their latency
// percentiles); raw rows go after 7 days, rollups after 400.
import type { Database } from '../store/database.ts'
import { countComponentChecksByDay, countShownMinutesByDay, deleteComponentChecksBefore, latencyPercentilesByDay, type DayCounts, type DayLatency } from '../store/repositories/component-checks.ts'
import { deleteUptimeDailyBefore, upsertUptimeDaily, type DayRollup } from '../store/repositories/uptime-daily.ts'
import { RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './history.ts'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../lib/minutes.ts'
import type { ShownMinutes } from '../api/shown-minutes.ts'

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
  const rolledUpDays = await rollUpCompleteDays(database, today)
  const deletedChecks = await deleteComponentChecksBefore(database, (today - RAW_RETENTION_DAYS) * MINUTES_PER_DAY)
  const deletedRollups = await deleteUptimeDailyBefore(database, today - ROLLUP_RETENTION_DAYS)
  return { rolledUpDays, deletedChecks, deletedRollups }
}

/** Writes the rollups of every day before `today` that has raw rows; returns how many days. */
async function rollUpCompleteDays (database: Database, today: number): Promise<number> {
  const counts = await countComponentChecksByDay(database, 0, today * MINUTES_PER_DAY)
  const days = [...new Set(counts.map((c) => c.day))]
  // A day at a time: each query sorts one day's latencies, and the event loop gets a turn between them.
  const latencies: DayLatency[] = []
  for (const day of days) latencies.push(...await latencyPercentilesByDay(database, day * MINUTES_PER_DAY, (day + 1) * MINUTES_PER_DAY))
  const shown = await countShownMinutesByDay(database, 0, today * MINUTES_PER_DAY)
  await upsertUptimeDaily(database, withMinutes(withLatencies(counts, latencies), shown))
  return days.length
}

/** Each day's counts with the latency percentiles of the same day and component (null where none was recorded). */
function withLatencies (counts: DayCounts[], latencies: DayLatency[]): DayRollup[] {
  const byKey = new Map(latencies.map((l) => [`${l.day}\u0000${l.component}`, l]))
  return counts.map((c) => {
    const latency = byKey.get(`${c.day}\u0000${c.component}`)
    return { ...c, p50Ms: latency?.p50Ms ?? null, p95Ms: latency?.p95Ms ?? null }
  })
}

/** Each component's rollup with its minutes by what the page showed (OVERALL has none: the page's figure is the components'). */
function withMinutes (rollups: DayRollup[], shown: Array<{ day: number, component: string, minutes: ShownMinutes }>): DayRollup[] {
  const byKey = new Map(shown.map((s) => [`${s.day}\u0000${s.component}`, s.minutes]))
  return rollups.map((r) => ({ ...r, minutes: byKey.get(`${r.day}\u0000${r.component}`) ?? null }))
}
