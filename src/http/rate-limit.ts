// A per-client-IP request limit over all routes, counted in the shared cache so replicas enforce one limit.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Cache } from '../store/cache/cache.ts'
import type { Clock } from '../lib/clock.ts'
import { problems } from '../api/problems.ts'
import { sendProblem } from './conventions.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false exempts a route (the orchestrator's liveness and readiness probes). */
    rateLimit?: boolean
  }
}

export interface RateLimitOptions {
  cache: Cache
  clock: Clock
  perMinute: number
}

const WINDOW_MS = 60_000

async function rateLimit (app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { cache, clock, perMinute } = options
  if (perMinute === 0) return
  const policy = `${perMinute};w=60`
  const limit = String(perMinute)

  // Callback style, as every hook on the public path: no promise of the hook's own per request (the count is one).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.rateLimit === false || request.method === 'OPTIONS') return done()
    const now = clock.now()
    const windowStart = now - (now % WINDOW_MS)
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000))
    cache.increment(`rate:${request.ip}:${windowStart}`, WINDOW_MS + 1000).then((count) => {
      reply.header('ratelimit-policy', policy).header('ratelimit-limit', limit)
        .header('ratelimit-remaining', String(Math.max(0, perMinute - count))).header('ratelimit-reset', String(resetSeconds))
      if (count > perMinute) sendProblem(reply, problems.rateLimited(resetSeconds))
      else done()
    }, done)
  })
}

export default fp(rateLimit, { name: 'rate-limit', dependencies: ['http-conventions'] })
