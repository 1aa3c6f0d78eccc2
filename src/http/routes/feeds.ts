// GET /status/feed.atom and /status/feed.rss, and both below the prefix of every served page language (LANGUAGES): every published update, from memory;
// `?component=` (repeatable) lists only what names those components.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config/index.ts'
import type { IncidentsService } from '../../incidents/service.ts'
import type { IncidentsData } from '../../incidents/view.ts'
import type { Clock } from '../../lib/clock.ts'
import type { StatusService } from '../../status/service.ts'
import type { PageLanguage } from '../../lib/locale.ts'
import { LruCache } from '../../lib/lru.ts'
import { SECOND_ASK_WITHIN } from '../../lib/per-base-url.ts'
import { encodeOnce, heldBytes, type Serialized } from '../../lib/serialized.ts'
import { feedEvents, rowsNaming } from '../../publish/feed-events.ts'
import { FEED_TYPES, buildFeed, feedPath, type FeedFormat } from '../../publish/feeds.ts'
import { rebuiltOnChange } from '../../publish/rebuilt.ts'
import { feedComponentQuery } from '../../api/feeds.ts'
import { problems } from '../../api/problems.ts'
import { baseUrlFor, baseUrlOfRaw } from '../base-url.ts'
import { cacheControl } from '../headers.ts'
import { repeatableQuery } from '../repeatable-query.ts'
import { sendSerialized } from '../send.ts'

export interface FeedRouteOptions {
  config: Config
  incidents: IncidentsService
  clock: Clock
  /** The one public status: entries name the components they affect by its names (declared once, so not a memo key). */
  status: StatusService
}

/**
 * Filtered feeds kept, over all four feeds, base URLs and filters: the declared ids allow many filters, so they are
 * bounded in number and in bytes, and kept only from a filter's second request (src/lib/lru.ts).
 */
const MAX_FILTERED = 64
const MAX_FILTERED_BYTES = 8 * 1024 * 1024

type Inputs = readonly [IncidentsData, unknown]

export default async function feedRoutes (app: FastifyInstance, options: FeedRouteOptions): Promise<void> {
  const { config, incidents, clock, status } = options
  const query = feedComponentQuery(config.status.components.map((component) => component.id))
  const build = (baseUrl: string, lang: PageLanguage, format: FeedFormat, rows: IncidentsData, only: readonly string[]): Serialized<string> => {
    const now = clock.now()
    const events = feedEvents(only.length === 0 ? rows : rowsNaming(rows, new Set(only)), now, lang)
    const xml = buildFeed({ baseUrl, germanPrefix: config.germanPrefix, lang, format, events, now, components: status.current().value.components, productName: config.status.product.name, only })
    return encodeOnce(xml, xml)
  }
  // A filtered feed is keyed by its inputs' generation too: what older rows built is never sent, and ages out.
  const filtered = new LruCache<string, Serialized<string>>(MAX_FILTERED, { max: MAX_FILTERED_BYTES, of: heldBytes }, SECOND_ASK_WITHIN)
  let seen: Inputs | undefined
  let generation = 0
  const generationOf = (inputs: Inputs): number => {
    if (seen === undefined || seen[0] !== inputs[0] || seen[1] !== inputs[1]) {
      seen = inputs
      generation++
    }
    return generation
  }

  for (const lang of config.languages) {
    for (const format of ['atom', 'rss'] as const satisfies FeedFormat[]) {
      // The incidents body changes when the rows do and when a window starts or ends: exactly when an entry can appear.
      const whole = rebuiltOnChange((baseUrl, [rows]: Inputs) => build(baseUrl, lang, format, rows, []))
      app.get<{ Querystring: { component?: string[] } }>(feedPath(lang, format, config.germanPrefix), {
        config: {
          cacheControl: cacheControl.feed,
          edgeKeys: ['incidents', 'status'],
          // The whole feed (a filtered one is left to the handler).
          prepared: (raw, { query }) => {
            const rows = incidents.rows()
            const baseUrl = baseUrlOfRaw(raw, config)
            if (rows === undefined || baseUrl === undefined || (query as { component?: unknown }).component !== undefined) return undefined
            return whole(baseUrl, [rows, incidents.serialized()])
          }
        },
        preValidation: repeatableQuery('component'),
        schema: { querystring: query }
      }, (request, reply) => {
        const rows = incidents.rows()
        if (rows === undefined) throw problems.notReady('Incidents have not been read from the database yet.')
        const inputs: Inputs = [rows, incidents.serialized()]
        const baseUrl = baseUrlFor(reply, config)
        const only = [...new Set(request.query.component ?? [])].sort() // one key for any order and repeats
        const body = only.length === 0
          ? whole(baseUrl, inputs)
          : filtered.getOrSet(`${generationOf(inputs)}\n${lang}\n${format}\n${only.join(',')}\n${baseUrl}`, () => build(baseUrl, lang, format, rows, only))
        return sendSerialized(reply.header('content-language', lang), body, { type: FEED_TYPES[format] })
      })
    }
  }
}
