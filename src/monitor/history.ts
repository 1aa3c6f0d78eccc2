// The history bodies (docs/en/architecture.md#api-contract, docs/en/architecture.md#status-model): the last 24 h of minute checks and 90 days of uptime, overall and per component,
// from raw rows and rollups; and one component's history (its minutes with their latency, its days with percentiles).
import type { ComponentDailyUptime, ComponentHistory, ComponentHourlyLatency, DailyUptime, HistoryBody } from '../api/health.ts'
import type { Database } from '../store/database.ts'
import {
  OVERALL, countComponentChecksByDay, firstCheckedMinute, latencyPercentilesByDay, listComponentChecks,
  type ComponentCheckRow, type DayCounts, type DayLatency
} from '../store/repositories/component-checks.ts'
import { listUptimeDaily } from '../store/repositories/uptime-daily.ts'
import { BUILTIN_PROBES } from '../declaration/declaration.ts'
import { MINUTES_PER_DAY, dateOfDay, dayOfMinute, isoOfMinute, minuteOf } from '../lib/minutes.ts'
import { asComponentStatus, asOverallStatus } from './status.ts'

const UPTIME_DAYS = 90
/** Raw minute rows are kept this many whole days before today; older days live only as rollups. */
export const RAW_RETENTION_DAYS = 7
export const ROLLUP_RETENTION_DAYS = 400

export interface HistoryData {
  now: number
  /** The components to report, in order (./reported-components.ts); rows of any other are left out. Default: the three. */
  components?: readonly string[]
  /** Rows of the last 24 hours (every component and OVERALL), by minute. */
  checks: ComponentCheckRow[]
  /** Counts per day and component covering the 90 days (missing days had no checks). */
  counts: DayCounts[]
  /** Latency percentiles per day and component (missing: none recorded). */
  latencies?: DayLatency[]
}

/**
 * Reads what the histories need: the last 1440 minutes' rows; per-day counts from raw rows where a day still has
 * them (so checks written late, e.g. a replica's buffer after an outage, count), else from rollups; latency
 * percentiles of yesterday and today from raw rows (housekeeping may not have rolled yesterday up yet), of older days
 * from rollups, or from raw rows while a day has none yet. Raw rows older than the raw retention are counted only
 * from the first such day without a rollup: housekeeping rolls every day up once it is over, so there are none unless
 * it has not run since.
 */
export async function loadHistoryData (database: Database, now: number, components: readonly string[] = BUILTIN_PROBES): Promise<HistoryData> {
  const nowMinute = minuteOf(now)
  const today = dayOfMinute(nowMinute)
  const fromDay = today - UPTIME_DAYS + 1
  const [rolledUp, first] = await Promise.all([listUptimeDaily(database, fromDay, today), firstCheckedMinute(database)])
  const rolledUpDays = new Set(rolledUp.filter((r) => r.component === OVERALL).map((r) => r.day))
  const retained = Math.max(fromDay, today - RAW_RETENTION_DAYS)
  let rawFrom = retained
  for (let day = Math.max(fromDay, dayOfMinute(first ?? Infinity)); day < retained; day++) {
    if (rolledUpDays.has(day)) continue
    rawFrom = day
    break
  }
  const [checks, raw] = await Promise.all([
    listComponentChecks(database, nowMinute - MINUTES_PER_DAY + 1, nowMinute + 1),
    countComponentChecksByDay(database, rawFrom * MINUTES_PER_DAY, nowMinute + 1)
  ])
  const rawDays = new Set(raw.map((c) => c.day))
  // Older days held raw and not rolled up (before the first housekeeping after a start): each day's own query.
  const unrolled = [...rawDays].filter((day) => day < today - 1 && !rolledUpDays.has(day))
  const recentLatencies = (await Promise.all([
    latencyPercentilesByDay(database, (today - 1) * MINUTES_PER_DAY, nowMinute + 1),
    ...unrolled.map((day) => latencyPercentilesByDay(database, day * MINUTES_PER_DAY, (day + 1) * MINUTES_PER_DAY))
  ])).flat()
  const recent = new Set(recentLatencies.map((l) => `${l.day}\u0000${l.component}`))
  const rolledUpLatencies: DayLatency[] = []
  for (const r of rolledUp) {
    if (r.p50Ms === null || r.p95Ms === null || recent.has(`${r.day}\u0000${r.component}`)) continue
    rolledUpLatencies.push({ day: r.day, component: r.component, p50Ms: r.p50Ms, p95Ms: r.p95Ms })
  }
  return {
    now,
    components,
    checks,
    counts: [...rolledUp.filter((c) => !rawDays.has(c.day)).map(({ day, component, checks, degraded, down }) => ({ day, component, checks, degraded, down })), ...raw],
    latencies: [...rolledUpLatencies, ...recentLatencies]
  }
}

/** The history body of the three components at `now` (benchmarks and tests; the service keeps HistoryData). */
export async function loadHistory (database: Database, now: number, components: readonly string[] = BUILTIN_PROBES): Promise<HistoryBody> {
  return buildHistory(await loadHistoryData(database, now, components))
}

type Day = { checks: number, degraded: number, down: number }

/** The 90 days ending today, and each day's counts of a component (zero when none). */
function days (data: HistoryData) {
  const nowMinute = minuteOf(data.now)
  const today = dayOfMinute(nowMinute)
  const fromDay = today - UPTIME_DAYS + 1
  const byKey = new Map(data.counts.map((c) => [`${c.day}\u0000${c.component}`, c]))
  const countsOf = (day: number, component: string): Day => byKey.get(`${day}\u0000${component}`) ?? { checks: 0, degraded: 0, down: 0 }
  const list: number[] = []
  for (let day = fromDay; day <= today; day++) list.push(day)
  const expectedChecks = (day: number) => day < today ? MINUTES_PER_DAY : nowMinute - today * MINUTES_PER_DAY + 1
  const total = (component: string) => {
    let checks = 0
    let down = 0
    for (const day of list) {
      const counts = countsOf(day, component)
      checks += counts.checks
      down += counts.down
    }
    return percentUp(checks, down)
  }
  return { list, from: dateOfDay(fromDay), to: dateOfDay(today), countsOf, expectedChecks, total }
}

export function buildHistory (data: HistoryData): HistoryBody {
  const components = data.components ?? BUILTIN_PROBES
  const { list, from, to, countsOf, expectedChecks, total } = days(data)

  const daily: DailyUptime[] = list.map((day) => {
    const { checks, degraded, down } = countsOf(day, OVERALL)
    const perComponent: Record<string, { percent: number | null, status: DailyUptime['status'] }> = {}
    for (const component of components) {
      const counts = countsOf(day, component)
      perComponent[component] = { percent: percentUp(counts.checks, counts.down), status: dayStatus(counts) }
    }
    return {
      date: dateOfDay(day),
      percent: percentUp(checks, down),
      checks,
      expectedChecks: expectedChecks(day),
      degradedChecks: degraded,
      downChecks: down,
      status: dayStatus({ checks, degraded, down }),
      components: perComponent as DailyUptime['components']
    }
  })
  const uptimeComponents: Record<string, number | null> = {}
  for (const component of components) uptimeComponents[component] = total(component)

  return {
    generatedAt: new Date(data.now).toISOString(),
    checkIntervalSeconds: 60,
    checks: minuteChecks(data.checks, components),
    latencyMinutes: latencyMinutes(data.checks, components),
    uptime: {
      days: UPTIME_DAYS,
      from,
      to,
      percent: total(OVERALL),
      components: uptimeComponents as HistoryBody['uptime']['components'],
      daily
    }
  }
}

/** Per component, its minutes with a measured latency: as many as its response-time chart (src/view/status-sparkline.js) has. */
function latencyMinutes (rows: ComponentCheckRow[], components: readonly string[]): Record<string, number> {
  const counts = new Map(components.map((component) => [component, 0]))
  for (const row of rows) {
    const count = counts.get(row.component)
    if (row.latencyMs !== null && count !== undefined) counts.set(row.component, count + 1)
  }
  return Object.fromEntries(counts)
}

/** One check per minute that has an overall row, oldest first; a reported component without a row that minute is `unknown`. */
function minuteChecks (rows: ComponentCheckRow[], components: readonly string[]): HistoryBody['checks'] {
  const minutes = new Map<number, Map<string, string>>()
  for (const row of rows) {
    let statuses = minutes.get(row.minute)
    if (statuses === undefined) {
      statuses = new Map()
      minutes.set(row.minute, statuses)
    }
    statuses.set(row.component, row.status)
  }
  const checks: HistoryBody['checks'] = []
  for (const minute of [...minutes.keys()].sort((a, b) => a - b)) {
    const statuses = minutes.get(minute)!
    const overall = statuses.get(OVERALL)
    if (overall === undefined) continue
    const perComponent: Record<string, ReturnType<typeof asComponentStatus>> = {}
    for (const component of components) perComponent[component] = asComponentStatus(statuses.get(component) ?? 'unknown')
    checks.push({ at: isoOfMinute(minute), status: asOverallStatus(overall), components: perComponent as HistoryBody['checks'][number]['components'] })
  }
  return checks
}

/** One component's minutes of the last 24 hours (those with a row of it) and its 90 days with latency percentiles. */
export function buildComponentHistory (data: HistoryData, id: string): ComponentHistory {
  const { list, from, to, countsOf, expectedChecks, total } = days(data)
  const latencies = new Map((data.latencies ?? []).filter((l) => l.component === id).map((l) => [l.day, l]))
  const daily: ComponentDailyUptime[] = list.map((day) => {
    const counts = countsOf(day, id)
    const latency = latencies.get(day)
    return {
      date: dateOfDay(day),
      percent: percentUp(counts.checks, counts.down),
      checks: counts.checks,
      expectedChecks: expectedChecks(day),
      degradedChecks: counts.degraded,
      downChecks: counts.down,
      status: dayStatus(counts),
      latencyP50Ms: latency?.p50Ms ?? null,
      latencyP95Ms: latency?.p95Ms ?? null
    }
  })
  const rows = data.checks.filter((row) => row.component === id)
  return {
    id,
    generatedAt: new Date(data.now).toISOString(),
    checkIntervalSeconds: 60,
    checks: rows.map((row) => ({ at: isoOfMinute(row.minute), status: asComponentStatus(row.status), latencyMs: row.latencyMs })),
    hourly: hourlyLatency(rows, minuteOf(data.now)),
    uptime: { days: UPTIME_DAYS, from, to, percent: total(id), daily }
  }
}

/** The 24 hours ending with the current one, each with the median and 95th percentile (nearest rank) of its minutes' latencies. */
function hourlyLatency (rows: ComponentCheckRow[], nowMinute: number): ComponentHourlyLatency[] {
  const currentHour = Math.floor(nowMinute / 60)
  const byHour = new Map<number, number[]>()
  for (const row of rows) {
    if (row.latencyMs === null) continue
    const hour = Math.floor(row.minute / 60)
    let latencies = byHour.get(hour)
    if (latencies === undefined) byHour.set(hour, latencies = [])
    latencies.push(row.latencyMs)
  }
  const hours: ComponentHourlyLatency[] = []
  for (let hour = currentHour - 23; hour <= currentHour; hour++) {
    const latencies = byHour.get(hour)?.sort((a, b) => a - b)
    hours.push({
      hour: isoOfMinute(hour * 60),
      latencyP50Ms: latencies === undefined ? null : nearestRank(latencies, 50),
      latencyP95Ms: latencies === undefined ? null : nearestRank(latencies, 95)
    })
  }
  return hours
}

/** The value at rank ⌈p·n/100⌉ of sorted values: the rule the database's daily percentiles follow. */
function nearestRank (sorted: number[], percent: number): number {
  return sorted[Math.max(0, Math.ceil((sorted.length * percent) / 100) - 1)]!
}

/** A day at a glance: `no_data` without checks (never 100 %), else its worst kind of minute. */
function dayStatus (counts: Day): DailyUptime['status'] {
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
