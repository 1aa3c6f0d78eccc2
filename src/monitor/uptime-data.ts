// What the uptime figures are computed from, read once a minute: every kept day's minutes by what the page showed per
// component (rollups; raw rows for the days not rolled up yet) and the incidents of the kept days.
import type { Database } from '../store/database.ts'
import { countShownMinutesByDay } from '../store/repositories/component-checks.ts'
import { listIncidentSpans, type IncidentSpan } from '../store/repositories/incidents.ts'
import { listUptimeDaily } from '../store/repositories/uptime-daily.ts'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../lib/minutes.ts'
import { RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './history.ts'
import { minutesOfCounts, type ShownMinutes } from '../api/shown-minutes.ts'

/** One day of one component. */
export interface UptimeDay {
  minutes: ShownMinutes
  /** False for a day rolled up before minutes were kept by status: its check counts read as measured statuses. */
  split: boolean
}

export interface UptimeData {
  now: number
  /** The first day kept (days since the epoch): today − 400. */
  firstDay: number
  /** Per component id, per day (days since the epoch); days without any row are absent (no data). */
  days: ReadonlyMap<string, ReadonlyMap<number, UptimeDay>>
  incidents: readonly IncidentSpan[]
}

/**
 * Rollups of the kept days; raw rows of today, of yesterday (housekeeping may not have rolled it up yet) and of any
 * older day still held raw without a rollup. A day with raw rows is read from them, so late writes count.
 */
export async function loadUptimeData (database: Database, now: number, components: readonly string[]): Promise<UptimeData> {
  const nowMinute = minuteOf(now)
  const today = dayOfMinute(nowMinute)
  const firstDay = today - ROLLUP_RETENTION_DAYS
  const [rolledUp, incidents] = await Promise.all([
    listUptimeDaily(database, firstDay, today + 1),
    listIncidentSpans(database.db, new Date(firstDay * MINUTES_PER_DAY * 60_000).toISOString())
  ])
  const rolledUpDays = new Set(rolledUp.map((r) => r.day))
  let rawFrom = today - 1
  for (let day = today - RAW_RETENTION_DAYS; day < today - 1; day++) {
    if (!rolledUpDays.has(day)) {
      rawFrom = day
      break
    }
  }
  const raw = await countShownMinutesByDay(database, rawFrom * MINUTES_PER_DAY, nowMinute + 1)
  const wanted = new Set(components)
  const days = new Map<string, Map<number, UptimeDay>>(components.map((id) => [id, new Map()]))
  for (const r of rolledUp) {
    if (!wanted.has(r.component) || r.day >= rawFrom) continue
    days.get(r.component)!.set(r.day, r.minutes == null ? { minutes: minutesOfCounts(r.checks, r.degraded, r.down), split: false } : { minutes: r.minutes, split: true })
  }
  const rawDays = new Set(raw.map((r) => r.day))
  // A day before rawFrom has no raw rows here; a day from rawFrom on without raw rows keeps its rollup if it has one.
  for (const r of rolledUp) {
    if (!wanted.has(r.component) || r.day < rawFrom || rawDays.has(r.day)) continue
    days.get(r.component)!.set(r.day, r.minutes == null ? { minutes: minutesOfCounts(r.checks, r.degraded, r.down), split: false } : { minutes: r.minutes, split: true })
  }
  for (const r of raw) if (wanted.has(r.component)) days.get(r.component)!.set(r.day, { minutes: r.minutes, split: true })
  return { now, firstDay, days, incidents }
}

