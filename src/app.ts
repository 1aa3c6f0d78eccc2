// buildApp(context) → the Fastify instance: every plugin and route registered here, in reading order.
import swagger from '@fastify/swagger'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Context } from './context.ts'
import { openapiOptions } from './discovery/openapi-options.ts'
import accessLog from './http/access-log.ts'
import conventions from './http/conventions.ts'
import { handleClientError, handleFrameworkError } from './http/client-errors.ts'
import rateLimit from './http/rate-limit.ts'
import { requestIdSequence } from './http/request-ids.ts'
import { lazyRequestLogger } from './http/request-logger.ts'
import assetRoutes from './http/routes/assets.ts'
import platformStatusRoutes from './http/routes/platform-status.ts'
import incidentRoutes from './http/routes/incidents.ts'
import discoveryRoutes from './http/routes/discovery.ts'
import healthRoutes from './http/routes/health.ts'
import shardRoutes from './http/routes/shards.ts'
import docsRoutes from './http/routes/docs.ts'
import probeRoutes from './http/routes/probes.ts'
import siteRoutes from './http/routes/site.ts'
import incidentPageRoutes from './http/routes/incident-pages.ts'
import { sitePages } from './site/home-and-status-pages.ts'
import { serviceStatusSource } from './site/status-source.ts'

export interface AppOptions {
  /** Plain text shown at the top of every page (the demo marks its data this way). */
  siteNotice?: string
  /** How often the status page refreshes itself; 60 s unless a test or the demo asks for less. */
  statusRefreshSeconds?: number
}

export async function buildApp (context: Context, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = context
  const app = Fastify({
    loggerInstance: context.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    genReqId: requestIdSequence(),
    childLoggerFactory: lazyRequestLogger, // most requests never log on their own: no pino child for them
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: true }), // src/http/access-log.ts logs one line instead
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false } },
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError
  })

  // The rules every response follows, one log line per request, then the limit every client shares.
  await app.register(conventions, { staging: config.deployEnv === 'staging' })
  await app.register(accessLog, { enabled: context.logger.isLevelEnabled('info') })
  await app.register(rateLimit, { cache: context.cache, clock: context.clock, perMinute: config.rateLimitPerMinute })

  // The OpenAPI description is generated from the schemas of every route registered after this line.
  await app.register(swagger, openapiOptions(config))

  // The public API.
  await app.register(probeRoutes, { readiness: context.readiness })
  await app.register(healthRoutes, { monitor: context.monitor })
  await app.register(shardRoutes, { monitor: context.monitor })
  await app.register(platformStatusRoutes, { platformStatus: context.platformStatus })
  await app.register(incidentRoutes, { incidents: context.incidents })

  // The site: home and status page, the docs with their search (an API route too), and the assets they load.
  await app.register(siteRoutes, {
    config,
    source: serviceStatusSource(context),
    clock: context.clock,
    germanPrefix: config.germanPrefix,
    notice: options.siteNotice,
    refreshSeconds: options.statusRefreshSeconds
  })
  await app.register(incidentPageRoutes, { config, incidents: context.incidents, germanPrefix: config.germanPrefix, notice: options.siteNotice })
  await app.register(docsRoutes, { config, docs: context.docs })
  await app.register(assetRoutes)

  // Discovery: API catalog, OpenAPI, sitemap, robots.txt, llms.txt. The sitemap lists the pages of these sources.
  await app.register(discoveryRoutes, { config, pages: [sitePages(config.germanPrefix), context.docs] })

  return app
}
