// The responses every operation shares (304, 400, 404, 405, 429, 500) and their headers: declared once as OpenAPI
// components, chosen per route, and referenced from every operation — no route repeats them.
import { ALLOWED_METHODS, problems, type ProblemError } from '../api/problems.ts'
import { byCodeUnits } from '../lib/code-unit-order.ts'

type Json = Record<string, unknown>

const PROBLEM = 'application/problem+json'

const problemContent = (example: ProblemError) => ({
  [PROBLEM]: { schema: { $ref: '#/components/schemas/Problem' }, example: example.problem }
})

const header = (name: string) => ({ $ref: `#/components/headers/${name}` })

/** Response headers, by the name they are sent under. */
const sharedHeaders = {
  ETag: {
    description: 'A strong validator of the exact bytes sent. Send it back in `If-None-Match` to get `304 Not Modified` while nothing changed.',
    required: true,
    schema: { type: 'string', pattern: '^(W/)?"[^"]*"$' },
    example: '"3q2-7w1Vxk0fU9b3tA5d0Jm4c2E"'
  },
  'Cache-Control': {
    description: 'How long the response may be reused: `max-age` for browsers, and for shared caches (CDNs, Varnish) ' +
      '`s-maxage`, `stale-while-revalidate` and `stale-if-error` (how long a cache may keep serving its copy while this ' +
      'service is down); liveness, readiness and errors are `no-store`.',
    required: true,
    schema: { type: 'string' },
    example: 'public, max-age=10, s-maxage=10, stale-while-revalidate=15, stale-if-error=86400'
  },
  Allow: {
    description: 'The methods every path supports.',
    required: true,
    schema: { type: 'string', const: ALLOWED_METHODS }
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
    example: 30
  },
  'RateLimit-Limit': { description: 'Requests allowed per client IP per minute (absent when the limit is off).', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the current minute ends and the budget is renewed.', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Policy': { description: 'The policy, e.g. `600;w=60`: 600 requests per 60-second window.', schema: { type: 'string' }, example: '600;w=60' }
} as const

const rateLimitHeaders = {
  'RateLimit-Limit': header('RateLimit-Limit'),
  'RateLimit-Remaining': header('RateLimit-Remaining'),
  'RateLimit-Reset': header('RateLimit-Reset'),
  'RateLimit-Policy': header('RateLimit-Policy')
}

/** The shared responses, by component name, and the status code each stands for. */
const sharedResponses = {
  NotModified: {
    status: '304',
    response: {
      description: 'Not Modified: the `If-None-Match` request header named the current `ETag`. No body; reuse the copy you have.',
      headers: { ETag: header('ETag') }
    }
  },
  InvalidRequest: {
    status: '400',
    response: {
      description: 'A query or path parameter is missing or out of range; `detail` names it. Problem code `invalid_request`.',
      content: problemContent(problems.invalidRequest('The query parameter "limit" must be <= 50.'))
    }
  },
  NotFound: {
    status: '404',
    response: {
      description: 'Nothing at this address (problem code `not_found`): a mistyped path, or the catalog or OpenAPI description asked for on a staging instance or on a host other than the public one.',
      content: problemContent(problems.notFound())
    }
  },
  MethodNotAllowed: {
    status: '405',
    response: {
      description: 'Any method other than GET, HEAD and OPTIONS (problem code `method_not_allowed`): the API is read-only. `Allow` lists the methods.',
      headers: { Allow: header('Allow') },
      content: problemContent(problems.methodNotAllowed('POST'))
    }
  },
  TooManyRequests: {
    status: '429',
    response: {
      description: 'The client IP used up its requests for this minute (problem code `rate_limited`). Wait `Retry-After` seconds; polling once a minute is enough.',
      headers: { 'Retry-After': header('Retry-After'), ...rateLimitHeaders },
      content: problemContent(problems.rateLimited(30))
    }
  },
  InternalError: {
    status: '500',
    response: {
      description: 'An unexpected failure on the server (problem code `internal_error`); it has been logged. Safe to retry later.',
      content: problemContent(problems.internal())
    }
  }
} as const

type SharedName = keyof typeof sharedResponses

/** The OpenAPI `components` the shared responses need (the Problem schema itself comes from the route schemas' source). */
export const sharedComponents = {
  headers: sharedHeaders,
  responses: Object.fromEntries(Object.entries(sharedResponses).map(([name, { response }]) => [name, response]))
}

export interface RouteFacts {
  /** Status codes the route declares itself (its own descriptions win). */
  declared: string[]
  /** The route validates a querystring or path parameters, so it can answer 400. */
  hasParameters: boolean
  /** The route counts toward the rate limit (liveness and readiness do not). */
  rateLimited: boolean
}

/** Which shared responses apply to a route. */
export function sharedResponseNames (route: RouteFacts): SharedName[] {
  const declared = new Set(route.declared)
  const succeeds = route.declared.length === 0 || route.declared.some((status) => /^2/.test(status))
  const names: SharedName[] = []
  if (succeeds) names.push('NotModified')
  if (route.hasParameters) names.push('InvalidRequest')
  names.push('NotFound', 'MethodNotAllowed')
  if (route.rateLimited) names.push('TooManyRequests')
  names.push('InternalError')
  return names.filter((name) => !declared.has(sharedResponses[name].status))
}

/**
 * An OpenAPI operation with the shared responses referenced (in status order), `ETag` and `Cache-Control` on its
 * successful responses, and the rate-limit headers too when the route counts toward the limit.
 */
export function withSharedResponses (operation: Json, names: readonly string[]): Json {
  const responses: Record<string, Json> = { ...(operation.responses as Record<string, Json> | undefined) }
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2/.test(status)) continue
    responses[status] = {
      ...response,
      headers: {
        ETag: header('ETag'),
        'Cache-Control': header('Cache-Control'),
        ...(names.includes('TooManyRequests') ? rateLimitHeaders : {}),
        ...(response.headers as Json | undefined)
      }
    }
  }
  for (const name of names) {
    const shared = sharedResponses[name as SharedName]
    if (shared !== undefined) responses[shared.status] ??= { $ref: `#/components/responses/${name}` }
  }
  const ordered = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => byCodeUnits(a, b)))
  return { ...operation, responses: ordered }
}
