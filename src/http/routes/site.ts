// GET / and /status, and their twins under the German prefix: the home page and the public status page.
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock.ts'
import { renderHomePage } from '../../site/home-page.ts'
import type { Locale } from '../../site/pages.ts'
import { localPath } from '../../site/layout.ts'
import { renderStatusPage } from '../../site/status-page.ts'
import { readStatus, type StatusSource } from '../../site/status-source.ts'
import { cacheControl } from '../headers.ts'

export interface SiteRouteOptions {
  source: StatusSource
  clock: Clock
  germanPrefix: string
  /** How often the status page refreshes itself; 60 s unless a test asks for less. */
  refreshSeconds?: number
  /** Plain text shown at the top of every page, e.g. that it shows demo data. */
  notice?: string
}

const HTML = 'text/html; charset=utf-8'

export default async function siteRoutes (app: FastifyInstance, options: SiteRouteOptions): Promise<void> {
  const { source, clock, germanPrefix, notice } = options
  const refreshSeconds = options.refreshSeconds ?? 60
  const statusPaths = { en: '/status', de: localPath('de', '/status', germanPrefix) }

  for (const lang of ['en', 'de'] as const satisfies Locale[]) {
    app.get(localPath(lang, '/', germanPrefix), {
      config: { cacheControl: cacheControl.page }
    }, async (request, reply) => {
      let health = null
      try {
        health = await source.health()
      } catch (error) {
        request.log.warn({ err: error }, 'home page: health not available')
      }
      return reply.type(HTML).send(renderHomePage({ lang, health, germanPrefix, notice }))
    })

    // The page shows the health body first of all, so it is cached no longer than that body.
    app.get(statusPaths[lang], {
      config: { cacheControl: cacheControl.health }
    }, async (request, reply) => {
      const bodies = await readStatus(source, (error, part) => request.log.warn({ err: error }, `status page: ${part} not available`))
      const now = new Date(clock.now()).toISOString()
      return reply.type(HTML).send(renderStatusPage({ lang, bodies, now, refreshSeconds, paths: statusPaths, germanPrefix, notice }))
    })
  }
}
