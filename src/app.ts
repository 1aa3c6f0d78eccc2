// buildApp(context) → the Fastify instance: every plugin and route registered here, in reading order.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { Context } from './context.ts'
import conventions from './http/conventions.ts'
import { handleClientError } from './http/client-errors.ts'
import rateLimit from './http/rate-limit.ts'
import assetRoutes from './http/routes/assets.ts'
import docsRoutes from './http/routes/docs.ts'
import probeRoutes from './http/routes/probes.ts'

export async function buildApp (context: Context): Promise<FastifyInstance> {
  const { config } = context
  const app = Fastify({
    loggerInstance: context.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false } },
    clientErrorHandler: handleClientError
  })

  // The rules every response follows, then the limit every client shares.
  await app.register(conventions, { staging: config.deployEnv === 'staging' })
  await app.register(rateLimit, { cache: context.cache, clock: context.clock, perMinute: config.rateLimitPerMinute })

  // The public API.
  await app.register(probeRoutes, { readiness: context.readiness })

  // The site.
  await app.register(assetRoutes)
  await app.register(docsRoutes, { docs: context.docs })

  return app
}
