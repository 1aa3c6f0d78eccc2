// The history body (DESIGN §4): the last 24 h of minute checks and 90 days of uptime, from rollups and raw rows.
import type { DailyUptime, HistoryBody } from '../api/health.ts'
import type { Database } from '../store/database.ts'
import { countHealthChecksByDay, listHealthChecks, type DayCounts, type HealthCheckRow } from '../store/repositories/health-checks.ts'
import { listUptimeDaily } from '../store/repositories/uptime-daily.ts'
import { MINUTES_PER_DAY, dateOfDay, dayOfMinute, isoOfMinute, minuteOf } from '../lib/minutes.ts'
import { asComponentStatus, asOverallStatus } from './status.ts'

export const UPTIME_DAYS = 90
/** Raw minute rows are kept this many whole days before today; older days live only as rollups. */
export const RAW_RETENTION_DAYS = 7
export const ROLLUP_RETENTION_DAYS = 400

export interface HistoryInput {
  now: number
  /** Minute rows of the last 24 hours. */
  checks: HealthCheckRow[]
  /** Counts per day and component covering the 90 days (missing days had no checks). */
  counts: DayCounts[]
}

/**
 * Reads what the history needs: the last 1440 minute rows, and per-day counts — from raw rows where a day
 * still has them (so checks written late, e.g. a replica's buffer after an outage, count), else from rollups.
 */
export async function loadHistory (database: Database, now: number): Promise<HistoryBody> {
  const nowMinute = minuteOf(now)
  const today = dayOfMinute(nowMinute)
  const fromDay = today - UPTIME_DAYS + 1
  const [checks, rolledUp, raw] = await Promise.all([
    listHealthChecks(database, nowMinute - MINUTES_PER_DAY + 1, nowMinute + 1),
    listUptimeDaily(database, fromDay, today),
    countHealthChecksByDay(database, fromDay * MINUTES_PER_DAY, nowMinute + 1)
  ])
  const rawDays = new Set(raw.map((c) => c.day))
  return buildHistory({ now, checks, counts: [...rolledUp.filter((c) => !rawDays.has(c.day)), ...raw] })
}

export function buildHistory (input: HistoryInput): HistoryBody {
  const nowMinute = minuteOf(input.now)
  const today = dayOfMinute(nowMinute)
  const fromDay = today - UPTIME_DAYS + 1
  const byKey = new Map(input.counts.map((c) => [`${c.day}:${c.component}`, c]))
  const countsOf = (day: number, component: DayCounts['component']) =>
    byKey.get(`${day}:${component}`) ?? { day, component, checks: 0, degraded: 0, down: 0 }

  const daily: DailyUptime[] = []
  for (let day = fromDay; day <= today; day++) {
    const { checks, degraded, down } = countsOf(day, 'overall')
    const componentDay = (component: DayCounts['component']) => {
      const counts = countsOf(day, component)
      return { percent: percentUp(counts.checks, counts.down), status: dayStatus(counts) }
    }
    daily.push({
      date: dateOfDay(day),
      percent: percentUp(checks, down),
      checks,
      expectedChecks: day < today ? MINUTES_PER_DAY : nowMinute - today * MINUTES_PER_DAY + 1,
      degradedChecks: degraded,
      downChecks: down,
      status: dayStatus({ checks, degraded, down }),
      components: { database: componentDay('database'), cache: componentDay('cache'), bot: componentDay('bot') }
    })
  }
  const total = (component: DayCounts['component']) => {
    let checks = 0
    let down = 0
    for (let day = fromDay; day <= today; day++) {
      const counts = countsOf(day, component)
      checks += counts.checks
      down += counts.down
    }
    return percentUp(checks, down)
  }

  return {
    generatedAt: new Date(input.now).toISOString(),
    checkIntervalSeconds: 60,
    checks: input.checks.map((row) => ({
      at: isoOfMinute(row.minute),
      status: asOverallStatus(row.status),
      components: { database: asComponentStatus(row.database), cache: asComponentStatus(row.cache), bot: asComponentStatus(row.bot) }
    })),
    uptime: {
      days: UPTIME_DAYS,
      from: dateOfDay(fromDay),
      to: dateOfDay(today),
      percent: total('overall'),
      components: { database: total('database'), cache: total('cache'), bot: total('bot') },
      daily
    }
  }
}

/** A day at a glance: `no_data` without checks (never 100 %), else its worst kind of minute. */
function dayStatus (counts: { checks: number, degraded: number, down: number }): DailyUptime['status'] {
  return counts.checks === 0 ? 'no_data' : counts.down > 0 ? 'down' : counts.degraded > 0 ? 'degraded' : 'ok'
}

/**
 * Share of checks that were up (ok or degraded), rounded *down* to 0.001 so that any down minute
 * keeps the figure below 100; null without checks (no data is not 100 %).
 */
export function percentUp (checks: number, down: number): number | null {
  if (checks === 0) return null
  return Math.floor(((checks - down) / checks) * 100_000) / 1000
}
