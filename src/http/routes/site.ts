// GET / and /status, and their twins under each served language's prefix: the home page and the public status page.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock.ts'
import { renderHomePage } from '../../site/home-page.ts'
import { discordFollowing, publicMetricsPort } from '../../publish/follow.ts'
import { localPath, statusPathOf } from '../../view/status-links.js'
import { PAGE_LANGUAGES, type PageLanguage } from '../../lib/locale.ts'
import { renderStatusPage, withGuildAnswer } from '../../site/status-page.ts'
import { readStatus, sameBodies, statusNow, type StatusSource } from '../../site/status-source.ts'
import type { StatusBodies } from '../../view/status-view.js'
import { cacheControl } from '../headers.ts'
import { HTML_TYPE, encodeOnce, heldBytes, type Serialized } from '../../lib/serialized.ts'
import { LruCache } from '../../lib/lru.ts'
import { SECOND_ASK_WITHIN } from '../../lib/per-base-url.ts'
import { pageOn, sendPage, sendSerialized } from '../send.ts'
import { withOrigin } from '../../lib/origin-placeholder.ts'
import { baseUrlFor, baseUrlOfRaw } from '../base-url.ts'
import type { Config } from '../../config/index.ts'
import { textsIn } from '../../incidents/texts.ts'
import { uptimePolicy } from '../../declaration/declaration.ts'

export interface SiteRouteOptions {
  /** For {base_url}: the pages' absolute links (hreflang) point there. */
  config: Config
  source: StatusSource
  clock: Clock
  germanPrefix: string
  /** How often the status page refreshes itself; 60 s unless a test asks for less. */
  refreshSeconds?: number
  /** Plain text shown at the top of every page, e.g. that it shows demo data. */
  notice?: string
}

/** What the answered "Find your server" pages of one language may hold together (each ~2 × the ~66 KB status page). */
const ANSWERED_BYTES = 4 * 1024 * 1024

export default async function siteRoutes (fastify: FastifyInstance, options: SiteRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const { source, clock, germanPrefix, notice, config } = options
  const refreshSeconds = options.refreshSeconds ?? 60
  const product = config.status.product
  const metricsPort = publicMetricsPort(config.metricsPort, config.metricsHost)
  const statusPaths = Object.fromEntries(PAGE_LANGUAGES.map((lang) => [lang, statusPathOf(lang, germanPrefix)])) as Record<PageLanguage, string>
  // A copy older than this (three probe intervals, plus what a shared cache may add) says it is stale (docs/en/architecture.md#edge).
  const staleAfterSeconds = 3 * config.probeIntervalSeconds + config.edge.cacheSeconds

  for (const lang of config.languages) {
    // Each page is rendered again only when a body it shows has changed (a new health round, at most every
    // probe interval), not per request: the status page is ~85 KB of HTML.
    let home: { components: StatusBodies['components'], page: Serialized<string> } | undefined
    let status: { bodies: StatusBodies, page: Serialized<string> } | undefined
    // Answered pages of "Find your server", per base URL and input, until the page changes (bounded in entries and bytes,
    // and kept from their second request: clients choose the input).
    const answeredCache = () => new LruCache<string, Serialized<string>>(256, { max: ANSWERED_BYTES, of: heldBytes }, SECOND_ASK_WITHIN)
    let answered = answeredCache()

    app.get(localPath(lang, '/', germanPrefix), {
      config: {
        cacheControl: cacheControl.page,
        edgeKeys: ['status', 'incidents'],
        prepared: (raw) => {
          let components
          try {
            components = source.components()
          } catch {
            return undefined
          }
          const baseUrl = baseUrlOfRaw(raw, config)
          return home === undefined || home.components !== components || baseUrl === undefined ? undefined : pageOn(home.page, baseUrl)
        }
      }
    }, async (request, reply) => {
      let components = null
      try {
        components = await source.components()
      } catch (error) {
        request.log.warn({ err: error }, 'home page: the status model is not available')
      }
      if (home === undefined || home.components !== components) {
        const html = renderHomePage({ lang, languages: config.languages, components, germanPrefix, notice, product })
        home = { components, page: encodeOnce(html, html) }
      }
      return sendPage(reply, home.page, baseUrlFor(reply, config))
    })

    // The page shows the model first of all, which follows the health rounds: cached no longer than the health body.
    app.get<{ Querystring: { guild?: unknown } }>(statusPaths[lang], {
      config: {
        cacheControl: cacheControl.health,
        edgeKeys: ['status', 'incidents', 'platform', 'shards'],
        // The page rendered from the bodies held now; "Find your server" (`?guild=`) is left to the handler.
        prepared: (raw, { query }) => {
          const bodies = (query as { guild?: unknown }).guild === undefined ? statusNow(source) : undefined
          const baseUrl = baseUrlOfRaw(raw, config)
          if (bodies === undefined || status === undefined || !sameBodies(status.bodies, bodies) || baseUrl === undefined) return undefined
          return pageOn(status.page, baseUrl)
        }
      }
    }, async (request, reply) => {
      const bodies = await readStatus(source, (error, part) => request.log.warn({ err: error }, `status page: ${part} not available`))
      if (status === undefined || !sameBodies(status.bodies, bodies)) {
        const now = new Date(clock.now()).toISOString()
        const html = renderStatusPage({ lang, languages: config.languages, barDays: uptimePolicy(config.status).barDays, bodies, now, refreshSeconds, staleAfterSeconds, paths: statusPaths, germanPrefix, product, publicMetricsPort: metricsPort, discordCommands: discordFollowing(config.discord), notice, incidentTexts: textsIn(source.incidentTexts?.() ?? new Map(), lang) })
        status = { bodies, page: encodeOnce(html, html) }
        answered = answeredCache()
      }
      // "Find your server" without JavaScript: the same page with the answer in its slot.
      const guild = request.query.guild
      if (typeof guild === 'string' && guild !== '') {
        const base = baseUrlFor(reply, config)
        const page = status.page
        const shards = status.bodies.shards
        const filled = answered.getOrSet(`${base} ${guild.slice(0, 200)}`, () => {
          const html = withOrigin(withGuildAnswer(page.value, lang, statusPaths[lang], guild, shards), base)
          return encodeOnce(html, html)
        })
        return sendSerialized(reply, filled, { type: HTML_TYPE })
      }
      return sendPage(reply, status.page, baseUrlFor(reply, config))
    })
  }
}
