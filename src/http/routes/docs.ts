// The documentation site: /docs/… pages, the search results page, and GET /docs/api/search — in English and,
// under GERMAN_PREFIX, in German.
import type {} from '@fastify/swagger' // its FastifySchema fields: summary, tags, hide
import type { FastifyInstance } from 'fastify'
import type { DocsSite } from '../../docs/docs-site.ts'
import { renderDocPage, renderSearchPage } from '../../docs/views.ts'
import type { Locale } from '../../site/pages.ts'
import { cacheControl } from '../headers.ts'
import { problems } from '../problems.ts'
import { jsonResponse, problemResponses } from '../schemas/common.ts'
import { SearchBody, SearchQuery, type SearchQuery as SearchQueryType } from '../schemas/search.ts'

export interface DocsRoutesOptions {
  docs: DocsSite
}

const HTML = 'text/html; charset=utf-8'
const HTML_SEARCH_LIMIT = 20

export default async function docsRoutes (app: FastifyInstance, options: DocsRoutesOptions): Promise<void> {
  const { docs } = options
  for (const locale of ['en', 'de'] as const) registerLocale(app, docs, locale)
}

function registerLocale (app: FastifyInstance, docs: DocsSite, locale: Locale): void {
  const root = docs.roots[locale]
  const language = locale === 'en' ? 'English' : 'German'

  app.get<{ Querystring: SearchQueryType }>(`${root}/api/search`, {
    config: { cacheControl: cacheControl.search },
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
  }, async (request) => {
    const query = request.query.q.trim()
    if (query === '') throw problems.invalidRequest('The query parameter "q" must not be blank.')
    return { query, locale, results: docs.search(locale, query, request.query.limit ?? 10) }
  })

  // Where the search box sends its form without JavaScript: the same results as HTML.
  app.get<{ Querystring: Record<string, unknown> }>(`${root}/search`, {
    config: { cacheControl: cacheControl.page },
    schema: { hide: true }
  }, async (request, reply) => {
    const raw = request.query.q
    const query = (typeof raw === 'string' ? raw : Array.isArray(raw) && typeof raw[0] === 'string' ? raw[0] : '').trim().slice(0, 200)
    const results = query === '' ? [] : docs.search(locale, query, HTML_SEARCH_LIMIT)
    return reply.type(HTML).send(renderSearchPage(docs, locale, query, results))
  })

  const page = async (slug: string) => {
    const found = docs.page(locale, slug)
    if (found === undefined) throw problems.notFound()
    return renderDocPage(docs, found)
  }
  const pageOptions = { config: { cacheControl: cacheControl.page }, schema: { hide: true } }
  app.get(root, pageOptions, async (_request, reply) => reply.type(HTML).send(await page('')))
  app.get<{ Params: { '*': string } }>(`${root}/*`, pageOptions, async (request, reply) =>
    reply.type(HTML).send(await page(request.params['*'].replace(/\/+$/, ''))))
}
