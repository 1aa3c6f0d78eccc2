// The status vocabulary and the overall-status rule (docs/en/status-definitions.md#overall-status), as plain functions.
import { severity } from '../api/status-severity.ts'
import type { BuiltinProbe } from '../declaration/declaration.ts'

export type ComponentStatus = 'ok' | 'degraded' | 'down' | 'unknown'
export type OverallStatus = 'ok' | 'degraded' | 'down'

/** The three builtin probes' statuses (the status model's BUILTIN_PROBES). */
export type ComponentStatuses = Record<BuiltinProbe, ComponentStatus>

/**
 * `down` if the database or the bot is down; else `degraded` if any component is degraded or the cache
 * is down; else `ok`. `unknown` (not configured, or not readable) does not count.
 */
export function overallStatus (components: ComponentStatuses): OverallStatus {
  if (components.database === 'down' || components.bot === 'down') return 'down'
  if (components.cache === 'down') return 'degraded'
  if (Object.values(components).includes('degraded')) return 'degraded'
  return 'ok'
}

/** The more severe of two statuses (src/api/status-severity.ts); any known status beats `unknown`. */
export function worse<T extends ComponentStatus> (a: T, b: T): T {
  return severity(b) > severity(a) ? b : a
}

/** Component statuses as the database stores them, read back defensively (anything strange is `unknown`). */
export function asComponentStatus (value: string): ComponentStatus {
  return value === 'ok' || value === 'degraded' || value === 'down' ? value : 'unknown'
}

export function asOverallStatus (value: string): OverallStatus {
  return value === 'degraded' || value === 'down' ? value : 'ok'
}
