// The one severity order of statuses (docs/en/architecture.md#layout, docs/en/architecture.md#status-model): the measured statuses of GET /api/v1/health and the minute history,
// and the public statuses of GET /api/v1/health/components, least severe first. Every "worse of two statuses" reads it.
import type { Static } from 'typebox'
import type { ShownStatus } from './components.ts'
import type { ComponentStatus } from './health.ts'

type Measured = Static<typeof ComponentStatus>
type Shown = Static<typeof ShownStatus>

/**
 * Least severe first. A step names the measured status and the public status of the same severity, as
 * src/monitor/measure.ts shows one as the other (`ok` as `operational`, `degraded` as `degraded_performance`, `down` as
 * `major_outage`; only the cache's `down` is shown milder, as `partial_outage`). `under_maintenance` sits between
 * operational and any outage; `unknown` (nothing known) below all. The browser's copy for the last-24-hours strip is
 * CHECK_SEVERITY in src/view/status-uptime.js, which a test pins to this order.
 */
export const SEVERITY_ORDER = [
  { measured: 'unknown', shown: 'unknown' },
  { measured: 'ok', shown: 'operational' },
  { shown: 'under_maintenance' },
  { measured: 'degraded', shown: 'degraded_performance' },
  { shown: 'partial_outage' },
  { measured: 'down', shown: 'major_outage' }
] as const satisfies ReadonlyArray<{ measured?: Measured, shown: Shown }>

/** The measured statuses alone, least severe first: unknown, ok, degraded, down. */
export const MEASURED_ORDER: readonly Measured[] = SEVERITY_ORDER.flatMap((step) => 'measured' in step ? [step.measured] : [])

const RANKS: ReadonlyMap<string, number> = new Map(SEVERITY_ORDER.flatMap((step, rank): Array<[string, number]> =>
  'measured' in step ? [[step.measured, rank], [step.shown, rank]] : [[step.shown, rank]]))

/** A status's rank in SEVERITY_ORDER; anything not in it (a stored value this version does not know, `no_data`) ranks as `unknown`. */
export function severity (status: string): number {
  return RANKS.get(status) ?? 0
}
