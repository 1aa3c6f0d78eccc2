// The history as gauges: uptime ratio and minute checks recorded and expected per window, and the minute checks still buffered.
import { Gauge, type Registry } from 'prom-client'
import type { HistoryService } from '../monitor/history-service.ts'
import { metricName as name } from './metric-name.ts'
import { uptimeWindows } from '../publish/uptime-windows.ts'

/** `uptime_ratio`, `checks_recorded`, `checks_expected` (per window) and `checks_buffered`. */
export function registerHistoryGauges (registry: Registry, history: Pick<HistoryService, 'get'>, bufferedChecks: () => number): void {
  const registers = [registry]
  const windows = async () => {
    try {
      return uptimeWindows((await history.get()).value)
    } catch {
      return [] // no history yet (the database has not answered once): the series are absent
    }
  }
  new Gauge({
    name: name('uptime_ratio'),
    help: 'Share of recorded minute checks that were up (ok or degraded), per window: 1d is the last 24 hours, the others whole UTC days including today.',
    labelNames: ['window'] as const,
    registers,
    async collect () {
      this.reset()
      for (const window of await windows()) if (window.ratio !== null) this.set({ window: window.window }, window.ratio)
    }
  })
  new Gauge({
    name: name('checks_recorded'),
    help: 'Minute checks recorded in the window.',
    labelNames: ['window'] as const,
    registers,
    async collect () {
      this.reset()
      for (const window of await windows()) this.set({ window: window.window }, window.checks)
    }
  })
  new Gauge({
    name: name('checks_expected'),
    help: 'Minutes the window had so far; the gap to checks_recorded is time when nothing was recorded.',
    labelNames: ['window'] as const,
    registers,
    async collect () {
      this.reset()
      for (const window of await windows()) this.set({ window: window.window }, window.expectedChecks)
    }
  })
  new Gauge({
    name: name('checks_buffered'),
    help: 'Minute checks held in memory until the database answers again.',
    registers,
    collect () {
      this.set(bufferedChecks())
    }
  })
}
