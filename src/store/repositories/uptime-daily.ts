// SQL of the uptime_daily rollup: per UTC day and component, checks, how many were degraded or down, and latency.
import type { Database } from '../database.ts'
import { dateOfDay, dayOfDate } from '../../lib/minutes.ts'
import type { DayCounts } from './component-checks.ts'
import { formatShownMinutes, parseShownMinutes, type ShownMinutes } from '../../api/shown-minutes.ts'

/** A day of one component (or `overall`) as rolled up: its counts and latency percentiles (null without latencies). */
export interface DayRollup extends DayCounts {
  p50Ms: number | null
  p95Ms: number | null
  /** Minutes by what the page showed; null (or absent) for a day rolled up before they were kept, and for OVERALL. */
  minutes?: ShownMinutes | null
}

/** Writes rollups, replacing what a day had: rolling up the same raw rows again gives the same result. */
export async function upsertUptimeDaily (database: Database, rollups: DayRollup[]): Promise<void> {
  const rows = rollups.map((r) => ({
    day: dateOfDay(r.day), component: r.component, checks: r.checks, degraded: r.degraded, down: r.down, latency_p50_ms: r.p50Ms, latency_p95_ms: r.p95Ms,
    minutes: r.minutes == null ? null : formatShownMinutes(r.minutes)
  }))
  for (let start = 0; start < rows.length; start += 500) {
    await database.db.insertInto('uptime_daily').values(rows.slice(start, start + 500))
      .onConflict((conflict) => conflict.columns(['day', 'component']).doUpdateSet((eb) => ({
        checks: eb.ref('excluded.checks'),
        degraded: eb.ref('excluded.degraded'),
        down: eb.ref('excluded.down'),
        latency_p50_ms: eb.ref('excluded.latency_p50_ms'),
        latency_p95_ms: eb.ref('excluded.latency_p95_ms'),
        minutes: eb.ref('excluded.minutes')
      })))
      .execute()
  }
}

/** Rollups of days `fromDay <= day < toDay` (days since the epoch), every component. */
export async function listUptimeDaily (database: Database, fromDay: number, toDay: number): Promise<DayRollup[]> {
  const rows = await database.db.selectFrom('uptime_daily').selectAll()
    .where('day', '>=', dateOfDay(fromDay)).where('day', '<', dateOfDay(toDay)).orderBy('day').orderBy('component').execute()
  const latency = (value: number | null) => value === null ? null : Number(value)
  return rows.map((row) => ({
    day: dayOfDate(row.day), component: row.component, checks: Number(row.checks), degraded: Number(row.degraded), down: Number(row.down),
    p50Ms: latency(row.latency_p50_ms), p95Ms: latency(row.latency_p95_ms), minutes: parseShownMinutes(row.minutes)
  }))
}

export async function deleteUptimeDailyBefore (database: Database, day: number): Promise<number> {
  const result = await database.db.deleteFrom('uptime_daily').where('day', '<', dateOfDay(day)).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteAllUptimeDaily (database: Database): Promise<void> {
  await database.db.deleteFrom('uptime_daily').execute()
}
