// Uptime per window (1d, 7d, 30d, 90d) from the history body, overall or for one component: the figures the metrics,
// agents, badges and /status.md report.
import type { HistoryBody } from '../api/health.ts'
import { uptimeOfDays } from '../view/status-uptime.js'

/** A component's id: the history reports the builtin three today and every declared component once it records them. */
export type UptimeComponent = string

export const UPTIME_WINDOWS = ['1d', '7d', '30d', '90d'] as const
export type UptimeWindow = typeof UPTIME_WINDOWS[number]

export interface WindowUptime {
  window: UptimeWindow
  /** Minute checks recorded in the window. */
  checks: number
  /** Minutes the window had (so far): the gap to `checks` is time nothing was recorded. */
  expectedChecks: number
  /** Share of recorded checks that were up (ok or degraded), 0–1; null when nothing was recorded. */
  ratio: number | null
}

const DAYS: Record<UptimeWindow, number> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90 }

/**
 * `1d` is the rolling last 24 hours of minute checks (a component counts only the minutes it was monitored in); the
 * longer windows are the last 7, 30 or 90 UTC days of the daily uptime (today so far included), the same days the
 * status page's bars show — a component's days weighted by the day's checks.
 */
export function uptimeWindow (history: HistoryBody, window: UptimeWindow, component?: UptimeComponent): WindowUptime {
  if (window === '1d') {
    const statuses = history.checks.map((check) => component === undefined ? check.status : byId(check.components, component) ?? 'unknown')
      .filter((status) => status !== 'unknown')
    const up = statuses.filter((status) => status !== 'down').length
    return { window, checks: statuses.length, expectedChecks: 24 * 60, ratio: statuses.length === 0 ? null : up / statuses.length }
  }
  const days = history.uptime.daily.slice(-DAYS[window])
  const expectedChecks = days.reduce((sum, day) => sum + day.expectedChecks, 0)
  const { checks, up } = uptimeOfDays(days.map((day) => {
    if (component === undefined) return { checks: day.checks, up: day.checks - day.downChecks }
    const percent = byId<{ percent: number | null }>(day.components, component)?.percent ?? null
    return { checks: day.checks, up: percent === null ? null : (percent / 100) * day.checks }
  }))
  return { window, checks, expectedChecks, ratio: checks === 0 ? null : up / checks }
}

/** One component's entry of a per-component record of the history, by id (undefined when it has none). */
export function byId<T> (record: object, id: string): T | undefined {
  return Object.hasOwn(record, id) ? (record as Record<string, T>)[id] : undefined
}

export function uptimeWindows (history: HistoryBody): WindowUptime[] {
  return UPTIME_WINDOWS.map((window) => uptimeWindow(history, window))
}
