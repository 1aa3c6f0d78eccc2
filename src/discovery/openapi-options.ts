// How @fastify/swagger turns the route schemas into the OpenAPI 3.1 description: which routes are the API, the
// responses every operation shares, and the rewrite of swagger's OpenAPI 3.0 habits into 3.1.
import { isDeepStrictEqual } from 'node:util'
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import type { FastifySchema } from 'fastify'
import type { Config } from '../config/index.ts'
import type { DeclaredProduct } from '../declaration/declaration.ts'
import { ProblemSchema } from '../api/common.ts'
import { VERSION } from '../monitor/version.ts'
import { toOpenApi31Schemas } from './json-schema-2020.ts'
import { sharedComponents, sharedResponseNames, withSharedResponses } from './shared-responses.ts'

type Json = Record<string, unknown>

/** Carries the shared responses a route needs from `transform` (which sees the route) to `transformObject`. */
const SHARED = 'x-shared-responses'

const OPERATION_METHODS = new Set(['get', 'head', 'options', 'put', 'post', 'patch', 'delete', 'trace'])

/** What each tag groups; a tag without an entry here is listed without a description. */
export const tagDescriptions: Record<string, string> = {
  health: 'The state of the service: overall and per-component health, history and uptime, incidents and maintenance, the chat platform\'s status.',
  incidents: 'Maintenance windows and incidents with their updates.',
  platform: 'The chat platform\'s own status, as its status page reports it.',
  docs: 'Search over the documentation, in English and German.',
  search: 'Search over the documentation, in English and German.',
  discovery: 'How tools and agents find and read this API: the RFC 9727 API catalog and this OpenAPI description.',
  probes: 'Liveness and readiness for orchestrators and load balancers. Not rate limited.',
  badges: 'Status, uptime and shards badges as Shields.io endpoint JSON (the SVG badges beside them are rendered here).',
  statuspage: 'The same status as an Atlassian Statuspage v2 page (page URL `{base_url}/status`), for the tools that read Statuspage.'
}

const API_DESCRIPTION = `A read-only, public status API for a chat-bot product (a Discord bot with a web dashboard): overall and
per-component health, the last 24 hours of checks and 90 days of uptime, the chat platform's own status, maintenance
and incidents, liveness and readiness, and a search over the documentation.

- **No authentication.** No endpoint reads credentials; \`Authorization\` and cookies are ignored. CORS allows any origin.
- **Methods.** Every path answers \`GET\`, \`HEAD\` (the same headers, no body) and \`OPTIONS\` (a CORS preflight,
  \`204\`). Any other method gets \`405\` with \`Allow: GET, HEAD, OPTIONS\`.
- **Polling.** \`GET /api/v1/health\` is the endpoint meant for polling; once a minute is enough.
- **Caching.** Every successful response has a strong \`ETag\`; send it in \`If-None-Match\` to get \`304\`.
  \`Cache-Control\` says how long each response may be reused, by browsers (\`max-age\`) and by shared caches
  (\`s-maxage\`, \`stale-while-revalidate\`, \`stale-if-error\`); liveness and readiness are \`no-store\`. When the
  operator turns the cache keys on, \`Surrogate-Key\` and \`Cache-Tag\` name what a response depends on.
- **Errors** are RFC 9457 \`application/problem+json\` with a stable \`code\`, and are never cached.
- **Rate limit.** Requests per client IP per minute (600 by default), shared by all routes except liveness and
  readiness; \`RateLimit-*\` headers tell the budget, \`429\` with \`Retry-After\` says when to come back.
- **Formats.** Timestamps are ISO 8601 UTC, durations end in \`Ms\`, percentages are 0–100.
- **Numbers in parameters** are plain decimal digits (\`10\`; never \`1e1\`, \`0x0a\`, \`10.0\`, \` 10\` or
  \`Infinity\`): anything else is a \`400\` problem, before the range is checked.

The API catalog (RFC 9727) is at \`/.well-known/api-catalog\`; the human-readable guide is at \`/docs/api\`.`

/**
 * Only the API is documented: the JSON routes (with the Statuspage copy under /status/api/ and the Shields endpoint
 * badges), the well-known catalog and both documentation searches — no HTML, feeds, SVG or assets.
 */
function isApiPath (url: string, germanPrefix: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/status/api/') || url.startsWith('/.well-known/') ||
    (url.startsWith('/status/badges/') && url.endsWith('.json')) ||
    url === '/docs/api/search' || url === `${germanPrefix}/docs/api/search`
}

/**
 * The description's title and summary: the status file's product by name ("Acme status API"), else the neutral words.
 * llms.txt's H1 and summary and the MCP server's name are read from here; `x-product` carries the name and website
 * for tools (the MCP server) that want them without parsing the title.
 */
function apiInfo (product: Pick<DeclaredProduct, 'name' | 'url'>): { title: string, summary: string, 'x-product'?: { name: string, url?: string } } {
  if (product.name === undefined) {
    return { title: 'Public Status API', summary: 'Is the chat bot up? Health, uptime, incidents and the chat platform\'s status, without a login.' }
  }
  return {
    title: `${product.name} status API`,
    summary: `Is ${product.name} up? Health, uptime, incidents and the chat platform's status, without a login.`,
    'x-product': { name: product.name, ...(product.url === undefined ? {} : { url: product.url }) }
  }
}

/** The options @fastify/swagger is registered with, before any route, so that it sees them all. */
export function openapiOptions (config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        ...apiInfo(config.status.product),
        version: VERSION,
        description: API_DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' }
      },
      components: { schemas: { Problem: ProblemSchema as unknown as Json }, ...sharedComponents },
      security: []
    },
    convertConstToEnum: false,
    exposeHeadRoutes: true, // every GET route answers HEAD too (Fastify's exposeHeadRoutes): typed clients and tools see it
    stripBasePath: false,
    transform: ({ schema, url, route }) => {
      if (!isApiPath(url, config.germanPrefix)) return { schema: { ...schema, hide: true }, url }
      const names = sharedResponseNames({
        declared: Object.keys(schema?.response ?? {}),
        hasParameters: schema?.querystring !== undefined || schema?.params !== undefined,
        rateLimited: route.config?.rateLimit !== false
      })
      return { schema: { ...schema, [SHARED]: names } as FastifySchema, url }
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('the API is described in OpenAPI, not Swagger 2')
      return finishDocument(documentObject.openapiObject as Json) as never
    }
  }
}

/**
 * The generated document in its final 3.1 form: shared responses referenced (and only the used ones kept), problem
 * bodies pointing at the one Problem schema, operation ids, the tag list, and 2020-12 schemas throughout.
 */
function finishDocument (generated: Json): Json {
  const components = generated.components as { schemas: Record<string, unknown>, responses: Record<string, unknown> }
  const problem = components.schemas.Problem
  const paths = Object.fromEntries(Object.entries(generated.paths as Record<string, Json>).map(([url, item]) => [
    url,
    Object.fromEntries(Object.entries(item).map(([method, operation]) =>
      OPERATION_METHODS.has(method) ? [method, finishOperation(url, method, operation as Json, problem)] : [method, operation]))
  ]))
  const operations = Object.values(paths).flatMap((item) => Object.values(item) as Json[])
  const tagNames = new Set(operations.flatMap((operation) => (operation.tags as string[] | undefined) ?? []))
  const tags = [...tagNames].map((name) => tagDescriptions[name] === undefined ? { name } : { name, description: tagDescriptions[name] })
  const referenced = JSON.stringify(paths)
  const responses = Object.fromEntries(Object.entries(components.responses)
    .filter(([name]) => referenced.includes(`"#/components/responses/${name}"`)))
  return toOpenApi31Schemas({ ...generated, components: { ...components, responses }, tags, paths })
}

function finishOperation (url: string, method: string, operation: Json, problem: unknown): Json {
  const { [SHARED]: names, ...rest } = operation
  const finished = withSharedResponses(method === 'head' ? headersOnly(rest) : rest, (names as string[] | undefined) ?? [])
  return { operationId: operationIdOf(method, url), ...finished, responses: referenceProblem(finished.responses as Json, problem) }
}

/** HEAD shares GET's schema: say that it answers with GET's status and headers, and no body (RFC 9110 §9.3.2). */
function headersOnly (operation: Json): Json {
  return {
    ...operation,
    summary: `${String(operation.summary ?? '')} (headers only)`,
    description: `The status and headers GET would send, without the body. ${String(operation.description ?? '')}`
  }
}

/** A route's own problem response (e.g. readiness's 503) carries the Problem schema inline: point it at the component. */
export function referenceProblem (responses: Json, problem: unknown): Json {
  return Object.fromEntries(Object.entries(responses).map(([status, response]) => {
    const content = (response as { content?: Record<string, Json> }).content
    if (content === undefined) return [status, response]
    const media = Object.fromEntries(Object.entries(content).map(([type, entry]) =>
      [type, isDeepStrictEqual(entry.schema, problem) ? { ...entry, schema: { $ref: '#/components/schemas/Problem' } } : entry]))
    return [status, { ...(response as Json), content: media }]
  }))
}

/** `get /api/v1/health/history` → `getHealthHistory`; `get /de/docs/api/search` → `getDeDocsApiSearch`. */
export function operationIdOf (method: string, url: string): string {
  const words = url.replace(/^\/api\/v\d+\//, '/').split(/[^a-zA-Z0-9]+/).filter((word) => word !== '')
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
}
