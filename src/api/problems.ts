// Every error the service sends, as a small table of named factories with stable codes (RFC 9457 problem+json).

/**
 * node:http's status texts, taken from the module itself: an `import` of node:http makes Node evaluate every export
 * of it for the ES module namespace, which loads its WebSocket client (undici) too: ~40 ms of each start.
 */
const { STATUS_CODES } = process.getBuiltinModule('node:http')

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'

export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  /** A stable, machine-readable name for the problem, e.g. `rate_limited`. */
  code: string
}

/** An error that carries the problem to send and any headers that go with it (Allow, Retry-After). */
export class ProblemError extends Error {
  override name = 'ProblemError'
  readonly problem: Problem
  readonly headers: Record<string, string>

  constructor (problem: Problem, headers: Record<string, string> = {}) {
    super(problem.detail)
    this.problem = problem
    this.headers = headers
  }
}

/** A problem with this status, stable code and sentence (and the headers that go with it). */
export function problem (status: number, code: string, detail: string, headers: Record<string, string> = {}): ProblemError {
  return new ProblemError({ type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, code }, headers)
}

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS'

export const problems = {
  invalidRequest: (detail: string) => problem(400, 'invalid_request', detail),
  notFound: () => problem(404, 'not_found', 'There is nothing at this address. The API is described at /api/v1/openapi.json.'),
  methodNotAllowed: (method: string) =>
    problem(405, 'method_not_allowed', `${method} is not supported: this API is read-only and answers GET, HEAD and OPTIONS.`, { allow: ALLOWED_METHODS }),
  rateLimited: (retryAfterSeconds: number) =>
    problem(429, 'rate_limited', `Too many requests from this address. Try again in ${retryAfterSeconds} s; polling once a minute is enough.`,
      { 'retry-after': String(retryAfterSeconds) }),
  notReady: (detail: string) => problem(503, 'not_ready', detail),
  upstreamUnavailable: (detail: string, retryAfterSeconds: number) =>
    problem(503, 'upstream_unavailable', detail, { 'retry-after': String(retryAfterSeconds) }),
  clientError: (status: number, detail = 'The request could not be read.') => problem(status, 'bad_request', detail),
  internal: () => problem(500, 'internal_error', 'Something went wrong on our side. It has been logged.')
} as const
