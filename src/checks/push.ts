// The one push operation (docs/en/architecture.md#status-model, docs/en/architecture.md#operator-api): a `push` component reports its own state. The CLI's `status-api push`
// and the operator API's POST /v1/push/{component} both call recordPush; what it refuses is an InvalidInput.
import type { Kysely } from 'kysely'
import { InvalidInput, checkLine, printable } from '../incidents/rules.ts'
import type { ProbeResult } from '../monitor/probes/probe.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import { formatDuration } from '../declaration/duration.ts'
import type { CheckResultRow } from '../store/repositories/check-results.ts'
import { upsertCheckResult } from '../store/repositories/check-results.ts'
import type { Tables } from '../store/tables.ts'

export const PUSH_STATUSES = ['ok', 'degraded', 'down'] as const
export type PushStatus = typeof PUSH_STATUSES[number]

/** A push as given; each part is optional (a bare push says "ok, alive"). */
export interface PushInput {
  status?: string
  latencyMs?: number
  message?: string
}

/** The longest latency a push may report: an hour (anything longer is a typo, not a response time). */
export const MAX_PUSH_LATENCY_MS = 3_600_000
/** A pushed message is shown on the page next to the component: one short line. */
export const MAX_PUSH_MESSAGE = 200

/**
 * Records a push of `componentId` at `now`: the component must be declared with a `push` check; status one of
 * PUSH_STATUSES (default ok); latency a number of milliseconds from 0 to an hour; message one line of at most 200
 * characters. `by` names the operator token that pushed (kept with the result, never shown). Returns what was stored.
 */
export async function recordPush (db: Kysely<Tables>, declaration: StatusDeclaration, componentId: string, input: PushInput, now: number, by?: string): Promise<CheckResultRow> {
  const row = checkPush(declaration, componentId, input, now, by)
  await upsertCheckResult(db, row)
  return row
}

/** Everything recordPush checks, without writing: the row it would store. */
export function checkPush (declaration: StatusDeclaration, componentId: string, input: PushInput, now: number, by?: string): CheckResultRow {
  const component = declaration.components.find((candidate) => candidate.id === componentId)
  if (component === undefined) {
    const pushed = declaration.components.filter((candidate) => candidate.check.kind === 'push').map((candidate) => candidate.id)
    throw new InvalidInput(`"${printable(componentId)}" is not a declared component (push components: ${pushed.length === 0 ? 'none' : pushed.join(', ')})`)
  }
  if (component.check.kind !== 'push') {
    throw new InvalidInput(`component "${componentId}" is checked by "${component.check.kind}", not by pushes (declare check: { push: { within: … } })`)
  }
  const status = input.status ?? 'ok'
  if (!(PUSH_STATUSES as readonly string[]).includes(status)) {
    throw new InvalidInput(`status must be one of ${PUSH_STATUSES.join(', ')} (got "${printable(status)}")`)
  }
  const latencyMs = input.latencyMs
  if (latencyMs !== undefined && !(Number.isFinite(latencyMs) && latencyMs >= 0 && latencyMs <= MAX_PUSH_LATENCY_MS)) {
    throw new InvalidInput(`latency must be a number of milliseconds from 0 to ${MAX_PUSH_LATENCY_MS}`)
  }
  // The text rule of every input (src/incidents/rules.ts): one line, no control characters, no noncharacters.
  const message = input.message === undefined ? undefined : checkLine('message', input.message, MAX_PUSH_MESSAGE)
  return {
    component: componentId,
    status: status as PushStatus,
    latencyMs: latencyMs === undefined ? null : Math.round(latencyMs * 10) / 10,
    message: message ?? null,
    failures: 0,
    checkedAt: now,
    reportedBy: by ?? null
  }
}

/**
 * A push component's measurement at `now`: its last push while within `withinMs`, `down` once it has been silent
 * longer. One that never pushed is `unknown` until `withinMs` has passed since `watchedSince` (this service started
 * watching it), then `down`: a worker that never starts is noticed, a fresh deployment does not cry wolf.
 */
export function pushMeasurement (last: CheckResultRow | undefined, withinMs: number, now: number, watchedSince = -Infinity): ProbeResult {
  if (last === undefined) {
    return now - watchedSince > withinMs
      ? { status: 'down', latencyMs: null, message: 'No report received yet.' }
      : { status: 'unknown', latencyMs: null, message: 'Not checked yet.' }
  }
  if (now - last.checkedAt > withinMs) return { status: 'down', latencyMs: null, message: `No report for more than ${formatDuration(withinMs)}.` }
  const status = last.status === 'unknown' ? 'ok' : last.status
  return { status, latencyMs: last.latencyMs, ...(last.message === null ? {} : { message: last.message }) }
}
