// How agents and crawlers find the API (docs/en/architecture.md#discovery): /.well-known/api-catalog, /api/v1/openapi.json, /sitemap.xml,
// /robots.txt and /llms.txt, each rendered once per base URL and served with its ETag.
import type { IncomingMessage } from 'node:http'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../../config/index.ts'
import { servesApiDescription, servesSitemap } from '../../discovery/access.ts'
import {
  CATALOG_CONTENT_TYPE, CATALOG_PATH, OPENAPI_MEDIA_TYPE, OPENAPI_PATH, apiCatalog, catalogLinkHeader
} from '../../discovery/catalog.ts'
import type { MarkdownDoc } from '../../docs/markdown-views.ts'
import { llmsTxt, type DescribedApi } from '../../discovery/llms.ts'
import { discordFollowing, publicMetricsPort } from '../../publish/follow.ts'
import { withServer } from '../../discovery/openapi-document.ts'
import { perBaseUrl, type Rendered } from '../../lib/per-base-url.ts'
import { robotsTxt } from '../../discovery/robots.ts'
import { allPages, sitemapXml } from '../../discovery/sitemap.ts'
import type { PageSource } from '../../site/page-source.ts'
import { baseUrlFor, baseUrlOfRaw } from '../base-url.ts'
import { cacheControl } from '../headers.ts'
import { VERSION_KEYS } from '../../edge/cache-headers.ts'
import { sendSerialized } from '../send.ts'
import { problems } from '../../api/problems.ts'
import { ApiCatalogBody, OpenApiBody } from '../../api/discovery.ts'

export interface DiscoveryRouteOptions {
  config: Config
  /** Every module that serves HTML pages: the sitemap lists their pages. */
  pages: PageSource[]
  /** The docs' Markdown pages, which llms.txt lists. */
  markdownDocs?: MarkdownDoc[]
}

const TEXT = 'text/plain; charset=utf-8'

function send (reply: FastifyReply, rendered: Rendered, type: string): FastifyReply {
  return sendSerialized(reply, rendered, { type })
}

export default async function discoveryRoutes (fastify: FastifyInstance, options: DiscoveryRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const { config, pages } = options
  const staging = config.deployEnv === 'staging'
  const routeConfig = { cacheControl: cacheControl.discovery, edgeKeys: VERSION_KEYS }
  // The generated description exists once the app is ready; every route below is only called after that.
  const described = () => app.swagger() as unknown as Record<string, unknown>

  const catalog = perBaseUrl((baseUrl) => JSON.stringify(apiCatalog(baseUrl, config.germanPrefix)))
  const openapi = perBaseUrl((baseUrl) => JSON.stringify(withServer(described(), baseUrl)))
  const sitemap = perBaseUrl((baseUrl) => sitemapXml(baseUrl, allPages(pages)))
  const robots = perBaseUrl((baseUrl) => robotsTxt(baseUrl, staging))
  const follow = { productName: config.status.product.name, publicMetricsPort: publicMetricsPort(config.metricsPort, config.metricsHost), discordCommands: discordFollowing(config.discord) }
  const llms = perBaseUrl((baseUrl) => llmsTxt(described() as unknown as DescribedApi, {
    baseUrl, germanPrefix: config.germanPrefix, staging, markdownDocs: options.markdownDocs, follow, languages: config.languages
  }))

  /**
   * A document on the request's base URL, found without the framework (src/http/prepared-answers.ts). The catalog and
   * OpenAPI are left to the handler when PUBLIC_BASE_URL is set: then the Host decides whether they are served at all.
   */
  const onBase = (document: (baseUrl: string) => Rendered, hostDecides = false) => (raw: IncomingMessage) => {
    if (hostDecides && (config.publicBaseUrl !== undefined || staging)) return undefined
    const baseUrl = baseUrlOfRaw(raw, config)
    return baseUrl === undefined ? undefined : document(baseUrl)
  }

  app.get(CATALOG_PATH, {
    config: { ...routeConfig, prepared: onBase(catalog, true) },
    schema: {
      summary: 'API catalog (RFC 9727): where this API and its descriptions are',
      description: 'An RFC 9264 linkset with one context object, the API at `{base_url}/api/v1`: `service-desc` links this ' +
        'OpenAPI description, `service-doc` the documentation pages (English, then German), `status` the health endpoint. ' +
        'Every URL is absolute. Content type `application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"`. ' +
        'GET and HEAD also carry `Link: <…/.well-known/api-catalog>; rel="api-catalog"`. ' +
        'Served on the public host only: staging instances and other hosts answer 404.',
      tags: ['discovery'],
      response: {
        200: {
          description: 'The API catalog.',
          headers: { Link: { type: 'string', description: 'Always `<{base_url}/.well-known/api-catalog>; rel="api-catalog"`.' } },
          content: { 'application/linkset+json': { schema: ApiCatalogBody } }
        }
      }
    }
  }, (request, reply) => {
    if (!servesApiDescription(request, config)) throw problems.notFound()
    const baseUrl = baseUrlFor(reply, config)
    reply.header('link', catalogLinkHeader(baseUrl))
    send(reply, catalog(baseUrl), CATALOG_CONTENT_TYPE)
  })

  app.get(OPENAPI_PATH, {
    config: { ...routeConfig, prepared: onBase(openapi, true) },
    schema: {
      summary: 'This OpenAPI 3.1 description of the API',
      description: 'Generated from the same schemas that validate and serialise every response. `servers` holds this ' +
        'service\'s base URL. Content type `application/openapi+json;version=3.1`. Served on the public host only: ' +
        'staging instances and other hosts answer 404.',
      tags: ['discovery'],
      response: {
        200: { description: 'The OpenAPI description.', content: { 'application/openapi+json': { schema: OpenApiBody } } }
      }
    }
  }, (request, reply) => {
    if (!servesApiDescription(request, config)) throw problems.notFound()
    send(reply, openapi(baseUrlFor(reply, config)), OPENAPI_MEDIA_TYPE)
  })

  app.get('/sitemap.xml', { config: { ...routeConfig, prepared: servesSitemap(config) ? onBase(sitemap) : undefined } }, (request, reply) => {
    if (!servesSitemap(config)) throw problems.notFound()
    return send(reply, sitemap(baseUrlFor(reply, config)), 'application/xml; charset=utf-8')
  })

  app.get('/robots.txt', { config: { ...routeConfig, prepared: onBase(robots) } }, (request, reply) => {
    return send(reply, robots(baseUrlFor(reply, config)), TEXT)
  })

  app.get('/llms.txt', { config: { ...routeConfig, prepared: onBase(llms) } }, (request, reply) => {
    if (staging) reply.header('x-robots-tag', 'noindex')
    return send(reply, llms(baseUrlFor(reply, config)), TEXT)
  })
}
