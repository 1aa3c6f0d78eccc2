// Uptime per window (1d, 7d, 30d, 90d) from the history body: the figures the metrics and agents report.
import type { HistoryBody } from '../api/health.ts'

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
 * `1d` is the rolling last 24 hours of minute checks; the longer windows are the last 7, 30 or 90 UTC days of the
 * daily uptime (today so far included), the same days the status page's bars show.
 */
export function uptimeWindow (history: HistoryBody, window: UptimeWindow): WindowUptime {
  if (window === '1d') {
    const up = history.checks.filter((check) => check.status !== 'down').length
    return { window, checks: history.checks.length, expectedChecks: 24 * 60, ratio: history.checks.length === 0 ? null : up / history.checks.length }
  }
  const days = history.uptime.daily.slice(-DAYS[window])
  const checks = days.reduce((sum, day) => sum + day.checks, 0)
  const down = days.reduce((sum, day) => sum + day.downChecks, 0)
  const expectedChecks = days.reduce((sum, day) => sum + day.expectedChecks, 0)
  return { window, checks, expectedChecks, ratio: checks === 0 ? null : (checks - down) / checks }
}

export function uptimeWindows (history: HistoryBody): WindowUptime[] {
  return UPTIME_WINDOWS.map((window) => uptimeWindow(history, window))
}
