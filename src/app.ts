// buildApp(context) → the Fastify instance: every plugin and route registered here, in reading order.
import swagger from '@fastify/swagger'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Context } from './context.ts'
import { openapiOptions } from './discovery/openapi-options.ts'
import answeredRequestsHook, { answeredRequests } from './http/answered-requests.ts'
import conventions from './http/conventions.ts'
import edgeHeaders from './http/edge-headers.ts'
import { clientErrorHandler, connectHandler, expectationHandler, handleFrameworkError, MAX_PATH_SEGMENT } from './http/client-errors.ts'
import plainNumbers from './http/plain-numbers.ts'
import { throttledRejectionLog } from './http/rejection-log.ts'
import rateLimit from './http/rate-limit.ts'
import { notFoundPages } from './http/not-found-page.ts'
import { preparedAnswers } from './http/prepared-answers.ts'
import { requestIdSequence } from './http/request-ids.ts'
import { lazyRequestLogger } from './http/request-logger.ts'
import assetRoutes from './http/routes/assets.ts'
import brandAssetRoutes from './http/routes/brand-assets.ts'
import platformStatusRoutes from './http/routes/platform-status.ts'
import incidentRoutes from './http/routes/incidents.ts'
import discoveryRoutes from './http/routes/discovery.ts'
import healthRoutes from './http/routes/health.ts'
import shardRoutes from './http/routes/shards.ts'
import docsRoutes from './http/routes/docs.ts'
import badgeRoutes from './http/routes/badges.ts'
import calendarRoutes from './http/routes/calendar.ts'
import feedRoutes from './http/routes/feeds.ts'
import statuspageRoutes from './http/routes/statuspage-copy.ts'
import markdownRoutes from './http/routes/markdown.ts'
import probeRoutes from './http/routes/probes.ts'
import siteRoutes from './http/routes/site.ts'
import { markdownDocs } from './docs/markdown-views.ts'
import incidentPageRoutes from './http/routes/incident-pages.ts'
import historyPageRoutes from './http/routes/history-pages.ts'
import componentPageRoutes from './http/routes/component-pages.ts'
import uptimePageRoutes from './http/routes/uptime-pages.ts'
import { plainJsonSerializers, trustProxyOption } from './http/fastify-options.ts'
import { sitePages } from './site/home-and-status-pages.ts'
import { renderNotFoundPage } from './site/not-found-page.ts'
import { serviceStatusSource } from './site/status-source.ts'

/** How long an idle client connection stays open: above the 60 s a cache in front keeps its idle connections. */
export const KEEP_ALIVE_MS = 72_000

export interface AppOptions {
  /** Plain text shown at the top of every page (the demo marks its data this way). */
  siteNotice?: string
  /** How often the status page refreshes itself; 60 s unless a test or the demo asks for less. */
  statusRefreshSeconds?: number
}

export async function buildApp (context: Context, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = context
  const nextRequestId = requestIdSequence()
  const prepared = preparedAnswers()
  const app = Fastify({
    serverFactory: prepared.serverFactory, // the public listener answers a prepared GET before the framework sees it
    loggerInstance: context.logger as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: nextRequestId,
    childLoggerFactory: lazyRequestLogger, // most requests never log on their own: no pino child for them
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: true }), // src/http/answered-requests.ts logs one line instead
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Longer than a cache's idle backend connections (Varnish's backend_idle_timeout, 60 s): the cache always closes an
    // idle connection first, so it never writes a request into one this side has just closed (docs/en/architecture.md#edge).
    keepAliveTimeout: KEEP_ALIVE_MS,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT },
    schemaController: { compilersFactory: { buildSerializer: plainJsonSerializers } },
    // validateSchema: Ajv would compile the JSON Schema meta-schema at start (~25 ms) to check the few request schemas;
    // test/discovery/openapi.test.ts validates every schema of every route (they are all in the OpenAPI document).
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, validateSchema: false } },
    http: { requireHostHeader: false }, // the conventions answer a missing (or repeated) Host with a problem
    clientErrorHandler: clientErrorHandler(nextRequestId, throttledRejectionLog(context.logger)),
    frameworkErrors: handleFrameworkError
  })
  // What Node's HTTP server would otherwise answer on its own, with an empty body or none at all.
  app.server.on('connect', connectHandler(nextRequestId))
  app.server.on('checkExpectation', expectationHandler(nextRequestId))

  // The rules every response follows, one log line per request (and its metrics when on), then the limit every client shares.
  await app.register(conventions, {
    staging: config.deployEnv === 'staging',
    draining: () => context.readiness.shuttingDown,
    notFoundPage: notFoundPages((lang) => renderNotFoundPage({ lang, germanPrefix: config.germanPrefix, notice: options.siteNotice, product: config.status.product }), config.germanPrefix, config.languages)
  })
  // What shared caches are told: lifetimes and keys, worked out once per route as the routes below are registered.
  await app.register(edgeHeaders, { edge: config.edge, revalidateSeconds: config.probeIntervalSeconds })
  await app.register(plainNumbers) // numeric parameters: plain decimal digits, one rule for every route
  const answered = answeredRequests(context.logger, context.metrics)
  await app.register(answeredRequestsHook, { answered })
  await app.register(rateLimit, { cache: context.cache, clock: context.clock, perMinute: config.rateLimitPerMinute })
  // Small answers from memory, repeated without the framework once it made them (src/http/prepared-answers.ts).
  await app.register(prepared.plugin, {
    rateLimited: (route) => config.rateLimitPerMinute > 0 && route.config?.rateLimit !== false,
    draining: () => context.readiness.shuttingDown,
    answered,
    nextRequestId
  })

  // The OpenAPI description is generated from the schemas of every route registered after this line.
  await app.register(swagger, openapiOptions(config))

  // The public API.
  await app.register(probeRoutes, { readiness: context.readiness })
  await app.register(healthRoutes, { monitor: context.monitor, status: context.status })
  await app.register(shardRoutes, { monitor: context.monitor })
  await app.register(platformStatusRoutes, { platformStatus: context.platformStatus })
  await app.register(incidentRoutes, { incidents: context.incidents })

  // The site: home and status page, the docs with their search (an API route too), and the assets they load.
  const statusSource = serviceStatusSource(context)
  await app.register(siteRoutes, {
    config,
    source: statusSource,
    clock: context.clock,
    germanPrefix: config.germanPrefix,
    notice: options.siteNotice,
    refreshSeconds: options.statusRefreshSeconds
  })
  await app.register(incidentPageRoutes, { config, incidents: context.incidents, germanPrefix: config.germanPrefix, notice: options.siteNotice })
  await app.register(historyPageRoutes, { config, incidents: context.incidents, germanPrefix: config.germanPrefix, notice: options.siteNotice })
  await app.register(componentPageRoutes, { config, status: context.status, history: context.monitor.history, incidents: context.incidents, uptime: context.monitor.uptime, germanPrefix: config.germanPrefix, notice: options.siteNotice })
  await app.register(uptimePageRoutes, { config, uptime: context.monitor.uptime, germanPrefix: config.germanPrefix, notice: options.siteNotice })
  await app.register(docsRoutes, { config, docs: context.docs })

  // Following and embedding the status: feeds, the maintenance calendar, a Statuspage v2 copy, badges.
  await app.register(feedRoutes, { config, incidents: context.incidents, clock: context.clock, status: context.status })
  await app.register(calendarRoutes, { config, incidents: context.incidents, clock: context.clock, status: context.status })
  await app.register(statuspageRoutes, { config, status: context.status, incidents: context.incidents, clock: context.clock })
  await app.register(badgeRoutes, { monitor: context.monitor, status: context.status, declaration: config.status })
  // The same status and docs as Markdown for agents: /status.md, /docs/….md, /llms-full.txt.
  await app.register(markdownRoutes, { config, source: statusSource, docs: context.docs, germanPrefix: config.germanPrefix })
  await app.register(assetRoutes)
  await app.register(brandAssetRoutes, { product: config.status.product })

  // Discovery: API catalog, OpenAPI, sitemap, robots.txt, llms.txt. The sitemap lists the pages of these sources.
  await app.register(discoveryRoutes, { config, pages: [sitePages(config.germanPrefix, config.status, config.languages), context.docs], markdownDocs: markdownDocs(context.docs) })

  return app
}
