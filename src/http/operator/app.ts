// buildOperatorApp(context) → the operator listener's Fastify instance (docs/en/architecture.md#operator-api): every plugin and route of that
// port is registered here, in reading order. Nothing here is ever reachable on the public port.
import swagger from '@fastify/swagger'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { plainJsonSerializers, trustProxyOption } from '../fastify-options.ts'
import type { Context } from '../../context.ts'
import { cacheControl } from '../headers.ts'
import { clientErrorHandler, handleFrameworkError } from '../client-errors.ts'
import { requestIdSequence } from '../request-ids.ts'
import { lazyRequestLogger } from '../request-logger.ts'
import { discordInteractionOptions, discordInteractionRoutes } from './discord-interactions.ts'
import operatorAuth from './auth.ts'
import { handleOperatorErrors } from './errors.ts'
import idempotency from './idempotency.ts'
import { operatorOpenapiOptions } from './openapi.ts'
import operatorComponentRoutes from './routes/components.ts'
import operatorHeartbeatRoutes from './routes/heartbeats.ts'
import operatorIncidentRoutes from './routes/incidents.ts'
import operatorMaintenanceRoutes from './routes/maintenance.ts'
import operatorPushRoutes from './routes/push.ts'
import operatorReportRoutes from './routes/reports.ts'

/** The largest body a route takes; POST /v1/heartbeats takes more (./routes/heartbeats.ts). */
export const BODY_LIMIT_BYTES = 64 * 1024

export async function buildOperatorApp (context: Context): Promise<FastifyInstance> {
  const { config } = context
  const nextRequestId = requestIdSequence()
  const app = Fastify({
    loggerInstance: context.logger as FastifyBaseLogger, // pino redacts Authorization (src/context.ts); no request is logged with it
    trustProxy: trustProxyOption(config.trustProxy), // behind a proxy, the failed-attempt limit counts the client's address
    genReqId: nextRequestId,
    childLoggerFactory: lazyRequestLogger,
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    schemaController: { compilersFactory: { buildSerializer: plainJsonSerializers } },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    // What the parser and the router cannot read is a problem too, as on the public port.
    clientErrorHandler: clientErrorHandler(nextRequestId),
    frameworkErrors: handleFrameworkError
  })
  app.removeContentTypeParser('text/plain') // JSON only: anything else is 415
  handleOperatorErrors(app)
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('cache-control', cacheControl.noStore).header('x-request-id', request.id)
    return payload
  })

  // Tokens and scopes first (route config `scope`), then Idempotency-Key on the POSTs that passed them.
  await app.register(operatorAuth, { tokens: config.operatorTokens, cache: context.cache, clock: context.clock })
  await app.register(idempotency, { database: context.database, clock: context.clock })

  // The OpenAPI document describes every route registered after this line.
  await app.register(swagger, operatorOpenapiOptions(config.status.product))
  app.get('/openapi.json', { config: { scope: false }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/openapi+json; charset=utf-8').send(JSON.stringify(app.swagger())))

  // The routes: every plugin of the operator listener is registered here, in this order.
  await app.register(operatorIncidentRoutes, { context })
  await app.register(operatorMaintenanceRoutes, { context })
  await app.register(operatorComponentRoutes, { context })
  await app.register(operatorHeartbeatRoutes, { context })
  await app.register(operatorPushRoutes, { context })
  await app.register(operatorReportRoutes, { context })
  // Discord's interactions (docs/en/architecture.md#discord), only with DISCORD_PUBLIC_KEY: their Ed25519 signature is their authentication.
  const discord = discordInteractionOptions(context)
  if (discord !== undefined) await app.register(discordInteractionRoutes, { ...discord, routeConfig: { scope: false } })

  return app
}
