// The documentation site: /docs/… pages, the search results page, and GET /docs/api/search — in English and,
// under GERMAN_PREFIX, in German.
import type {} from '@fastify/swagger' // its FastifySchema fields: summary, tags, hide
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { DocsSite } from '../../docs/docs-site.ts'
import { renderDocPage, renderSearchPage } from '../../docs/views.ts'
import { LruCache } from '../../lib/lru.ts'
import type { Locale } from '../../lib/locale.ts'
import { cacheControl } from '../headers.ts'
import { VERSION_KEYS } from '../../edge/cache-headers.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { SearchBody, SearchQuery, type SearchBody as SearchBodyType } from '../../api/search.ts'
import { HTML_TYPE, encodeOnce, heldBytes, serialize, type SendableBody, type Serialized } from '../../lib/serialized.ts'
import { pageOn, sendPage, sendSerialized } from '../send.ts'
import type { PreparedParts } from '../prepared-answers.ts'
import { withOrigin } from '../../lib/origin-placeholder.ts'
import { baseUrlFor, baseUrlOfRaw } from '../base-url.ts'
import type { Config } from '../../config/index.ts'

export interface DocsRoutesOptions {
  /** For {base_url}: the pages' absolute links (hreflang) point there. */
  config: Config
  docs: DocsSite
}

const HTML_SEARCH_LIMIT = 20
/**
 * Docs are read once at start, so an answer never changes: popular queries are answered from memory, their bytes
 * only (not the answer as objects), within a byte bound per language: clients that never ask the same twice cannot
 * grow it, nor even enter it (docs/en/operations.md#memory).
 */
const SEARCH_CACHE_ENTRIES = 2000
const SEARCH_CACHE_BYTES = 4 * 1024 * 1024
/** An answer is kept when its query is asked for again among the next this many new ones (src/lib/lru.ts). */
const SEARCH_SECOND_ASK_WITHIN = 512

export default async function docsRoutes (app: FastifyInstance, options: DocsRoutesOptions): Promise<void> {
  const { docs, config } = options
  for (const locale of ['en', 'de'] as const) registerLocale(app, docs, locale, config)
}

function registerLocale (fastify: FastifyInstance, docs: DocsSite, locale: Locale, config: Config): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const root = docs.roots[locale]
  const language = locale === 'en' ? 'English' : 'German'
  const answers = new LruCache<string, SendableBody>(SEARCH_CACHE_ENTRIES, { max: SEARCH_CACHE_BYTES, of: heldBytes }, SEARCH_SECOND_ASK_WITHIN)
  const pages = new Map<string, Serialized<string>>()

  app.get(`${root}/api/search`, {
    config: {
      cacheControl: cacheControl.search,
      edgeKeys: VERSION_KEYS,
      // An answer kept for this query, if there is one: searching is left to the handler.
      prepared: (_raw, { query }) => {
        const { q, limit } = query as { q: string, limit?: number }
        return answers.peek(`${limit ?? 10} ${q.trim()}`)
      }
    },
    schema: {
      summary: `Search the ${language} documentation`,
      description: `Section-level full-text search over the ${language} docs: stemming, umlaut folding (ä = ae, ß = ss), ` +
        'typo tolerance (one edit in words of 4+ letters, two in 8+), prefix matching on the last word, German compound ' +
        'awareness, and title > heading > body boosts. `highlights` are [start, end) offsets into `excerpt`.',
      tags: ['docs'],
      querystring: SearchQuery,
      response: {
        200: jsonResponse('Matching sections, best first (possibly none).', SearchBody),
        ...problemResponses({ 400: '`q` is missing, blank or longer than 200 characters, or `limit` is not a whole number from 1 to 50.' })
      }
    }
  }, (request, reply) => {
    const query = request.query.q.trim() // the schema's pattern admits 1–200 characters after trimming
    const limit = request.query.limit ?? 10
    const answer = answers.getOrSet(`${limit} ${query}`, () => { // the key `prepared` above peeks at
      const { payload, etag, compressed } = serialize<SearchBodyType>({ query, locale, results: docs.search(locale, query, limit) })
      return { payload, etag, compressed }
    })
    return sendSerialized(reply, answer)
  })

  // Where the search box sends its form without JavaScript: the same results as HTML.
  app.get<{ Querystring: Record<string, unknown> }>(`${root}/search`, {
    config: { cacheControl: cacheControl.page, edgeKeys: VERSION_KEYS },
    schema: { hide: true }
  }, async (request, reply) => {
    const raw = request.query.q
    const query = (typeof raw === 'string' ? raw : Array.isArray(raw) && typeof raw[0] === 'string' ? raw[0] : '').trim().slice(0, 200)
    const results = query === '' ? [] : docs.search(locale, query, HTML_SEARCH_LIMIT)
    return reply.type(HTML_TYPE).send(withOrigin(renderSearchPage(docs, locale, query, results, config.status.product), baseUrlFor(reply, config)))
  })

  // Each page is rendered once, on its first request; only pages that exist are kept.
  const page = (slug: string): Serialized<string> => {
    const found = docs.page(locale, slug)
    if (found === undefined) throw problems.notFound()
    let rendered = pages.get(found.url)
    if (rendered === undefined) {
      const html = renderDocPage(docs, found, config.status.product)
      rendered = encodeOnce(html, html, 'lasting')
      pages.set(found.url, rendered)
    }
    return rendered
  }
  /** A page already rendered, on the request's base URL (src/http/prepared-answers.ts). */
  const renderedOn = (raw: IncomingMessage, slug: string): SendableBody | undefined => {
    const found = docs.page(locale, slug)
    const rendered = found === undefined ? undefined : pages.get(found.url)
    const baseUrl = baseUrlOfRaw(raw, config)
    return rendered === undefined || baseUrl === undefined ? undefined : pageOn(rendered, baseUrl)
  }
  const pageOptions = (prepared: (raw: IncomingMessage, parts: PreparedParts) => SendableBody | undefined) =>
    ({ config: { cacheControl: cacheControl.page, edgeKeys: VERSION_KEYS, prepared }, schema: { hide: true } })
  app.get(root, pageOptions((raw) => renderedOn(raw, '')), (request, reply) => sendPage(reply, page(''), baseUrlFor(reply, config)))
  app.get<{ Params: { '*': string } }>(`${root}/*`, pageOptions((raw, { params }) => renderedOn(raw, (params as { '*': string })['*'].replace(/\/+$/, ''))), (request, reply) =>
    sendPage(reply, page(request.params['*'].replace(/\/+$/, '')), baseUrlFor(reply, config)))
}
