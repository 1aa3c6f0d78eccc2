// Daily rollups computed in memory from minute rows, by the same rules as the database's (component-checks.ts):
// checks with a known status, degraded and down counts, the nearest-rank median and 95th percentile latency, and the
// minutes by what the page showed.
import type { ComponentCheckRow } from '../store/repositories/component-checks.ts'
import type { DayRollup } from '../store/repositories/uptime-daily.ts'
import { dayOfMinute } from '../lib/minutes.ts'
import { OVERALL } from '../store/repositories/component-checks.ts'
import { codeOfMeasured, type ShownMinutes } from '../api/shown-minutes.ts'

/** One rollup per day and component that has rows, by day, then component. */
export function rollUpRows (rows: ComponentCheckRow[]): DayRollup[] {
  const groups = new Map<number, Map<string, { checks: number, degraded: number, down: number, latencies: number[], minutes: ShownMinutes }>>()
  for (const row of rows) {
    const day = dayOfMinute(row.minute)
    let components = groups.get(day)
    if (components === undefined) groups.set(day, components = new Map())
    let group = components.get(row.component)
    if (group === undefined) components.set(row.component, group = { checks: 0, degraded: 0, down: 0, latencies: [], minutes: {} })
    if (row.status === 'ok' || row.status === 'degraded' || row.status === 'down') group.checks++
    if (row.status === 'degraded') group.degraded++
    if (row.status === 'down') group.down++
    if (row.latencyMs !== null) group.latencies.push(row.latencyMs)
    const code = row.shown ?? codeOfMeasured(row.status)
    group.minutes[code] = (group.minutes[code] ?? 0) + 1
  }
  const rollups: DayRollup[] = []
  for (const day of [...groups.keys()].sort((a, b) => a - b)) {
    const components = groups.get(day)!
    for (const component of [...components.keys()].sort()) {
      const { checks, degraded, down, latencies, minutes } = components.get(component)!
      latencies.sort((a, b) => a - b)
      rollups.push({
        day, component, checks, degraded, down, p50Ms: nearestRank(latencies, 50), p95Ms: nearestRank(latencies, 95), minutes: component === OVERALL ? null : minutes
      })
    }
  }
  return rollups
}

/** The value at rank ⌈p·n/100⌉ of sorted values (null without any). */
function nearestRank (sorted: number[], percent: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.floor((sorted.length * percent + 99) / 100) - 1]!
}
