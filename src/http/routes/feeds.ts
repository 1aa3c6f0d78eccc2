// GET /status/feed.atom and /status/feed.rss, and both under the German prefix: every published update, from memory.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config/index.ts'
import type { IncidentsService } from '../../incidents/service.ts'
import type { IncidentsData } from '../../incidents/view.ts'
import type { Clock } from '../../lib/clock.ts'
import type { StatusService } from '../../status/service.ts'
import type { Locale } from '../../lib/locale.ts'
import { encodeOnce } from '../../lib/serialized.ts'
import { feedEvents } from '../../publish/feed-events.ts'
import { FEED_TYPES, buildFeed, feedPath, type FeedFormat } from '../../publish/feeds.ts'
import { rebuiltOnChange } from '../../publish/rebuilt.ts'
import { problems } from '../../api/problems.ts'
import { baseUrlOf } from '../base-url.ts'
import { cacheControl } from '../headers.ts'
import { sendSerialized } from '../send.ts'

export interface FeedRouteOptions {
  config: Config
  incidents: IncidentsService
  clock: Clock
  /** The one public status: entries name the components they affect by its names (declared once, so not a memo key). */
  status: StatusService
}

export default async function feedRoutes (app: FastifyInstance, options: FeedRouteOptions): Promise<void> {
  const { config, incidents, clock, status } = options
  for (const lang of ['en', 'de'] as const satisfies Locale[]) {
    for (const format of ['atom', 'rss'] as const satisfies FeedFormat[]) {
      // The incidents body changes when the rows do and when a window starts or ends: exactly when an entry can appear.
      const feed = rebuiltOnChange((baseUrl, [rows]: readonly [IncidentsData, unknown]) => {
        const now = clock.now()
        const xml = buildFeed({ baseUrl, germanPrefix: config.germanPrefix, lang, format, events: feedEvents(rows, now), now, components: status.current().value.components, productName: config.status.product.name })
        return encodeOnce(xml, xml)
      })
      app.get(feedPath(lang, format, config.germanPrefix), { config: { cacheControl: cacheControl.feed } }, (request, reply) => {
        const rows = incidents.rows()
        if (rows === undefined) throw problems.notReady('Incidents have not been read from the database yet.')
        return sendSerialized(reply, feed(baseUrlOf(request, config), [rows, incidents.serialized()]), { type: FEED_TYPES[format] })
      })
    }
  }
}
