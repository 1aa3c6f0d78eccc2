// GET /status/history?page=N (and under the German prefix): the open incidents the status page has no room for, then
// the incidents resolved in the last 90 days, a page at a time, from the incidents service's memory; a page is rendered again only when the list it shows has changed.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { IncidentsService } from '../../incidents/service.ts'
import { historyStart, incidentBody } from '../../incidents/view.ts'
import { incidentIn } from '../../incidents/texts.ts'
import { LruCache } from '../../lib/lru.ts'
import { SECOND_ASK_WITHIN } from '../../lib/per-base-url.ts'
import { encodeOnce, heldBytes, type Serialized } from '../../lib/serialized.ts'
import { problems } from '../../api/problems.ts'
import { localPath } from '../../view/status-links.js'
import { HISTORY_PAGE_SIZE, historyPath, renderHistoryPage } from '../../site/history-page.ts'
import { cacheControl } from '../headers.ts'
import { sendPage } from '../send.ts'
import { baseUrlFor } from '../base-url.ts'
import type { Config } from '../../config/index.ts'

export interface HistoryPageRouteOptions {
  config: Config
  incidents: IncidentsService
  germanPrefix: string
  notice?: string
}

/** Pages kept per list, both languages together (each ~60 KB with its compressed variants), and their bytes at most. */
const PAGES_KEPT = 32
const PAGES_BYTES = 4 * 1024 * 1024

const HistoryQuery = Type.Object({
  // A page past the last is a 404 (the page that is not there), anything but a whole number from 1 a 400 problem.
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The page, from 1 (the newest incidents).' }))
})

export default async function historyPageRoutes (fastify: FastifyInstance, options: HistoryPageRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const { incidents, germanPrefix, notice, config } = options
  const product = config.status.product
  const declaration = config.status
  // The pages of one list (the service hands out the same object until it changes). Kept from their second request:
  // a crawler walking every page once does not push out the pages people read.
  let kept: { list: object, pages: LruCache<string, Serialized<string>> } | undefined
  const pagesOf = (list: object): LruCache<string, Serialized<string>> => {
    if (kept?.list === list) return kept.pages
    kept = { list, pages: new LruCache<string, Serialized<string>>(PAGES_KEPT, { max: PAGES_BYTES, of: heldBytes }, SECOND_ASK_WITHIN) }
    return kept.pages
  }

  for (const lang of config.languages) {
    app.get(localPath(lang, '/status/history', germanPrefix), {
      config: { cacheControl: cacheControl.incidents, edgeKeys: ['history', 'incidents'] },
      schema: { querystring: HistoryQuery }
    }, async (request, reply) => {
      if (!incidents.loaded) throw problems.notReady('Incidents have not been read from the database yet.')
      const list = incidents.listed()
      const start = historyStart(list)
      const pages = Math.max(1, Math.ceil((list.rows.length - start) / HISTORY_PAGE_SIZE))
      const page = request.query.page ?? 1
      if (page > pages) throw problems.notFound()
      const html = pagesOf(list).getOrSet(`${lang} ${page}`, () => {
        const from = start + (page - 1) * HISTORY_PAGE_SIZE
        const shown = list.rows.slice(from, from + HISTORY_PAGE_SIZE).map((row) => incidentIn(incidentBody(row), row.texts, lang))
        const moreOpen = list.open - start
        const rendered = renderHistoryPage({ lang, languages: config.languages, germanPrefix, product, notice, declaration, incidents: shown, page, pages, moreOpen })
        return encodeOnce(rendered, rendered)
      })
      // The neighbours, as the API names its next page; the site's discovery links follow (src/http/conventions.ts).
      const links = [
        ...(page > 1 ? [`<${historyPath(lang, page - 1, germanPrefix)}>; rel="prev"`] : []),
        ...(page < pages ? [`<${historyPath(lang, page + 1, germanPrefix)}>; rel="next"`] : [])
      ]
      if (links.length > 0) reply.header('link', links.join(', '))
      return sendPage(reply, html, baseUrlFor(reply, config))
    })
  }
}
