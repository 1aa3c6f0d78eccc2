// Attempts of the declared http and tcp checks made by this replica, counted by component and outcome and timed.
import { Counter, Histogram, type Registry } from 'prom-client'
import { metricName as name } from './metric-name.ts'

/** Checks answer in milliseconds to their time limit (at most 60 s). */
const CHECK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

/** Counts one attempt of a declared check by component and outcome, with its duration. */
export type CheckObserver = (component: string, outcome: 'ok' | 'degraded' | 'down', seconds: number) => void

/** `check_results_total` and `check_duration_seconds`; returns what counts an attempt. */
export function registerCheckMetrics (registry: Registry): CheckObserver {
  const registers = [registry]
  const checkResults = new Counter({
    name: name('check_results_total'),
    help: 'Attempts of the declared http and tcp checks made by this replica (the one holding the checks lease), by component and outcome (ok, degraded, down).',
    labelNames: ['component', 'outcome'] as const,
    registers
  })
  const checkDurations = new Histogram({
    name: name('check_duration_seconds'),
    help: 'Time each attempt of a declared http or tcp check took, by component (a failed attempt up to its time limit).',
    labelNames: ['component'] as const,
    buckets: CHECK_BUCKETS,
    registers
  })
  return (component, outcome, seconds) => {
    checkResults.inc({ component, outcome })
    checkDurations.observe({ component }, seconds)
  }
}
