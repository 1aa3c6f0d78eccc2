// How the operator routes describe their answers (for validation tests and the OpenAPI document): JSON bodies and the
// problems every route can give (401, 403, 429 for tokens; 413, 415 for bodies) besides its own.
import { Type } from 'typebox'
import { problemResponses } from '../../api/common.ts'

/** The header every POST may carry (./idempotency.ts). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({
    description: 'Any 1–255 visible ASCII characters (a UUID). The same key and body (compared as JSON, key order aside) within 24 h get the first answer again, and nothing is written twice; the same key with another body gets 422.'
  }))
})

const PROBLEMS: Record<number, string> = {
  400: 'The input was refused; `detail` says why, in the words of the CLI. Nothing was written.',
  401: 'No token, or one that is not valid (`WWW-Authenticate: Bearer`).',
  403: 'The token lacks the scope this needs.',
  404: 'Nothing here.',
  409: 'The first request with this Idempotency-Key was left unanswered by an earlier version of the service.',
  413: 'The body is larger than 64 KiB.',
  415: 'The body is not JSON.',
  422: 'The Idempotency-Key was used within 24 h for a different request.',
  429: 'Too many failed attempts from this address; `Retry-After` says when to come back.'
}

/** The problems of a route that needs a token: its own (`own`) and those of every such route. */
export function operatorProblemResponses (own: number[] = []) {
  const statuses = [...new Set([...own, 401, 403, 429])].sort()
  return problemResponses(Object.fromEntries(statuses.map((status) => [status, PROBLEMS[status]!])))
}

/** The problems a POST adds: its body and its Idempotency-Key. */
export function postProblemResponses (own: number[] = []) {
  return operatorProblemResponses([...own, 409, 413, 415, 422])
}
