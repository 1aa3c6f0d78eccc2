// Bearer tokens on the operator listener (docs/en/architecture.md#operator-api): constant-time comparison, the scope each route needs, and
// failed attempts limited per address in the shared cache (so all replicas count them together). The limit bounds the
// wrong tokens an address gets answered (401) per minute; it never refuses a valid token, so that nobody sharing the
// bot's address can silence its heartbeats. Secrets have 32 characters or more: answering is no help in guessing one.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../../lib/clock.ts'
import type { Cache } from '../../store/cache/cache.ts'
import { operatorProblems } from './problems.ts'
import { allows, type OperatorScope, type OperatorToken } from '../../config/operator.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a route needs; false: no token (the route checks its caller itself, or is the API description). Unset: admin. */
    scope?: OperatorScope | false
  }
  interface FastifyRequest {
    /** The token that was presented; set on every route that needs one. */
    operator?: OperatorToken
  }
}

/** Failed attempts (missing or wrong tokens) an address gets answered per minute; further ones get 429. */
const FAILED_ATTEMPTS_PER_MINUTE = 10
const WINDOW_MS = 60_000

const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest()

/** The token whose secret this is, compared in constant time against every configured secret. */
export function tokenMatcher (tokens: readonly OperatorToken[]): (presented: string) => OperatorToken | undefined {
  const known = tokens.map((token) => ({ token, digest: digest(token.secret) }))
  return (presented) => {
    const candidate = digest(presented)
    let found: OperatorToken | undefined
    for (const entry of known) {
      if (timingSafeEqual(entry.digest, candidate) && found === undefined) found = entry.token
    }
    return found
  }
}

/** The secret of `Authorization: Bearer <secret>`, or undefined. */
function bearer (request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header)
  return match?.[1]
}

export interface OperatorAuthOptions {
  tokens: readonly OperatorToken[]
  cache: Cache
  clock: Clock
}

async function operatorAuth (app: FastifyInstance, options: OperatorAuthOptions): Promise<void> {
  const { cache, clock } = options
  const match = tokenMatcher(options.tokens)
  app.decorateRequest('operator', undefined)

  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.scope ?? 'admin'
    if (scope === false) return
    const secret = bearer(request)
    const token = secret === undefined ? undefined : match(secret)
    if (token === undefined) {
      // One atomic step per failure (INCR with its expiry, in one script on Redis): across replicas, at most the limit
      // of failures per address and minute is answered 401, however many arrive at once.
      const now = clock.now()
      const windowStart = now - (now % WINDOW_MS)
      const failures = await cache.increment(`operator-failures:${request.ip}:${windowStart}`, WINDOW_MS + 1000)
      if (failures > FAILED_ATTEMPTS_PER_MINUTE) throw operatorProblems.tooManyFailures(Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)))
      throw secret === undefined ? operatorProblems.missingToken() : operatorProblems.unknownToken()
    }
    if (!allows(token, scope)) throw operatorProblems.missingScope(scope)
    request.operator = token
  })
}

export default fp(operatorAuth, { name: 'operator-auth' })
