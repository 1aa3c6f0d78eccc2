// The uptime formula, applied when read: 1 − Σ(weight × minutes) / (minutes − no-data minutes − excluded maintenance
// minutes), from a period's minutes by what the page showed (src/api/shown-minutes.ts) and the policy the status file declares.
import type { UptimePolicy } from '../declaration/declaration.ts'
import { WEIGHED, type ShownMinutes, type Weighed } from '../api/shown-minutes.ts'

/** One period's figures: every count a reader needs to check the percentage by hand. */
export interface UptimeFigures {
  /** Minutes of the period inside the window, up to now. */
  minutes: number
  /** Up to four decimals, rounded down; null when no minute counts (all no data or excluded maintenance). */
  uptimePercent: number | null
  /** Σ weight × minutes: the formula's numerator. */
  downMinutes: number
  operationalMinutes: number
  degradedMinutes: number
  partialMinutes: number
  majorMinutes: number
  /** Minutes a maintenance window showed (under `counted` also in the status minutes beneath it). */
  maintenanceMinutes: number
  /** Minutes nothing was known of: not counted on either side. */
  noDataMinutes: number
}

/** The figures of `minutes` minutes, of which `shown` were recorded; unrecorded minutes are no data. */
export function figuresOf (shown: ShownMinutes, minutes: number, policy: UptimePolicy): UptimeFigures {
  const by: Record<Weighed, number> = { operational: 0, degraded_performance: 0, partial_outage: 0, major_outage: 0 }
  let outside = 0
  let beneath = 0
  for (const status of WEIGHED) {
    by[status] += shown[status] ?? 0
    outside += shown[status] ?? 0
    beneath += shown[`maintenance:${status}`] ?? 0
    if (policy.maintenance === 'counted') by[status] += shown[`maintenance:${status}`] ?? 0
  }
  const maintenance = beneath + (shown['maintenance:unknown'] ?? 0)
  // excluded: a window's minutes on neither side; up: as operational ones; counted: as the status beneath, and a
  // window over a component nothing was known of is no data.
  const counted = policy.maintenance === 'excluded' ? outside : policy.maintenance === 'up' ? outside + maintenance : outside + beneath
  const noData = Math.max(0, minutes - (policy.maintenance === 'counted' ? outside + beneath : outside + maintenance))
  const down = round(policy.weights.degraded_performance * by.degraded_performance + policy.weights.partial_outage * by.partial_outage +
    policy.weights.major_outage * by.major_outage)
  return {
    minutes,
    uptimePercent: percent(down, counted),
    downMinutes: down,
    operationalMinutes: by.operational + (policy.maintenance === 'up' ? maintenance : 0),
    degradedMinutes: by.degraded_performance,
    partialMinutes: by.partial_outage,
    majorMinutes: by.major_outage,
    maintenanceMinutes: maintenance,
    noDataMinutes: noData
  }
}

/** (1 − down / counted) × 100, rounded down to four decimals so that any down minute keeps it below 100. */
export function percent (down: number, counted: number): number | null {
  if (counted <= 0) return null
  return Math.floor((1 - down / counted) * 1_000_000 + 1e-6) / 10_000
}

/** The mean of the figures that have one: a group's and the page's figure weigh their components equally. */
export function meanPercent (values: ReadonlyArray<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null)
  if (known.length === 0) return null
  return Math.floor((known.reduce((sum, value) => sum + value, 0) / known.length) * 10_000 + 1e-6) / 10_000
}

/** Weighted minutes kept to four decimals: 0.5 × 3 is 1.5, not 1.5000000000000002. */
function round (value: number): number {
  return Math.round(value * 10_000) / 10_000
}
