// The operator API's own problems (RFC 9457): authentication, scopes, the failed-attempt limit, Idempotency-Key.
import { problem } from '../../api/problems.ts'
import type { OperatorScope } from '../../config/operator.ts'

/** RFC 6750: what a client without a valid token is told to send. */
const CHALLENGE = 'Bearer realm="status-api operator"'

export const operatorProblems = {
  missingToken: () => problem(401, 'unauthorized', 'This API needs a token: send Authorization: Bearer <token>.', { 'www-authenticate': CHALLENGE }),
  unknownToken: () => problem(401, 'unauthorized', 'The token is not valid.', { 'www-authenticate': `${CHALLENGE}, error="invalid_token"` }),
  missingScope: (scope: OperatorScope) => problem(403, 'forbidden', `This token may not do this: it needs the ${scope} scope (or admin).`),
  tooManyFailures: (retryAfterSeconds: number) =>
    problem(429, 'rate_limited', `Too many failed attempts from this address. Try again in ${retryAfterSeconds} s.`, { 'retry-after': String(retryAfterSeconds) }),
  invalid: (detail: string) => problem(400, 'invalid_request', detail),
  conflict: (detail: string) => problem(409, 'state_conflict', detail),
  notFound: (detail = 'There is nothing at this address. The operator API is described at /openapi.json.') => problem(404, 'not_found', detail),
  idempotencyMismatch: () => problem(422, 'idempotency_key_reused', 'This Idempotency-Key was used within the last 24 h for a different request; use a new key.'),
  idempotencyInFlight: () => problem(409, 'idempotency_key_in_use', 'The first request with this Idempotency-Key is still being answered; retry in a moment.', { 'retry-after': '1' })
} as const
