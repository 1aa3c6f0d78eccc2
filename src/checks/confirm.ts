// `confirm` (docs/en/architecture.md#status-model): a failed attempt counts once `confirm` attempts in a row have failed, so one lost packet
// never marks a component down; one success recovers at once.
import type { CheckResultRow } from '../store/repositories/check-results.ts'
import type { Attempt } from './attempt.ts'

/** The message while a first failure waits for its confirmation and nothing was reported before. */
export const CONFIRMING = 'Checking again before reporting a failure.'

/** The result to keep after `attempt` (made at `at`), given the one before. Degraded and down attempts are both failures. */
export function confirmed (component: string, previous: CheckResultRow | undefined, attempt: Attempt, confirm: number, at: number): CheckResultRow {
  if (attempt.status === 'ok') {
    return { component, status: 'ok', latencyMs: attempt.latencyMs, message: attempt.message ?? null, failures: 0, checkedAt: at, reportedBy: null }
  }
  const failures = Math.min((previous?.failures ?? 0) + 1, 1000)
  if (failures >= confirm) {
    return { component, status: attempt.status, latencyMs: attempt.latencyMs, message: attempt.message ?? null, failures, checkedAt: at, reportedBy: null }
  }
  // Not confirmed yet: what was reported stays, with this attempt's latency (if it had one).
  const kept = previous === undefined || previous.status === 'unknown'
    ? { status: 'unknown' as const, message: CONFIRMING }
    : { status: previous.status, message: previous.message }
  return { component, ...kept, latencyMs: attempt.latencyMs, failures, checkedAt: at, reportedBy: null }
}
