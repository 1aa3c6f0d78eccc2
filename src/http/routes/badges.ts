// GET /status/badges/{badge}.svg and .json (Shields endpoint): status, uptime and shards badges, from memory.
import type { FastifyInstance } from 'fastify'
import type { HistoryBody } from '../../api/health.ts'
import { encodeOnce, serialize, type Serialized } from '../../lib/serialized.ts'
import type { Monitor } from '../../monitor/monitor.ts'
import type { PublicHealthSnapshot, StatusService } from '../../status/service.ts'
import { BADGES, badgeContent, badgeSvg, shieldsEndpoint, type Badge, type BadgeComponent } from '../../publish/badges.ts'
import { rebuiltOnChange } from '../../publish/rebuilt.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse } from '../../api/common.ts'
import { BadgeComponentQuery, ShieldsEndpointBody } from '../../api/badges.ts'
import { cacheControl } from '../headers.ts'
import { sendSerialized } from '../send.ts'

const SVG_TYPE = 'image/svg+xml; charset=utf-8'

const SUMMARIES: Record<Badge, string> = {
  status: 'Status badge: operational, degraded, major outage or maintenance',
  'uptime-24h': 'Uptime badge: the last 24 hours',
  'uptime-7d': 'Uptime badge: the last 7 days',
  'uptime-30d': 'Uptime badge: the last 30 days',
  'uptime-90d': 'Uptime badge: the last 90 days',
  shards: 'Shards badge: connected of total'
}

type Views = readonly [PublicHealthSnapshot | null, Serialized<HistoryBody> | null]

export default async function badgeRoutes (app: FastifyInstance, options: { monitor: Monitor, status: StatusService }): Promise<void> {
  const { monitor, status } = options

  /** The snapshot and the history as they are now; no history yet (the database never answered) is no data. */
  const views = async (): Promise<Views> => {
    let history: Serialized<HistoryBody> | null = null
    try {
      history = await monitor.history.get()
    } catch {
      // Shown as "no data" on the uptime badges.
    }
    return [status.health() ?? null, history]
  }
  const content = (badge: Badge, component: BadgeComponent | undefined, [health, history]: Views) =>
    badgeContent(badge, component, { health: health?.value, history: history?.value })

  for (const badge of BADGES) {
    // One memo per route, keyed by the component: built again only when the snapshot or the history changes.
    const svg = rebuiltOnChange((component, inputs: Views) => {
      const text = badgeSvg(content(badge, component === '' ? undefined : component as BadgeComponent, inputs))
      return encodeOnce(text, text)
    })
    const json = rebuiltOnChange((component, inputs: Views) =>
      serialize(shieldsEndpoint(content(badge, component === '' ? undefined : component as BadgeComponent, inputs))))

    const componentOf = (query: { component?: BadgeComponent }): string => {
      if (badge === 'shards' && query.component !== undefined && query.component !== 'bot') {
        throw problems.invalidRequest('The shards badge is about the bot only: leave out "component" or use component=bot.')
      }
      return query.component ?? ''
    }

    app.get<{ Querystring: { component?: BadgeComponent } }>(`/status/badges/${badge}.svg`, {
      config: { cacheControl: cacheControl.badge },
      schema: { querystring: BadgeComponentQuery }
    }, async (request, reply) => {
      const component = componentOf(request.query)
      return sendSerialized(reply, svg(component, await views()), { type: SVG_TYPE })
    })

    app.get<{ Querystring: { component?: BadgeComponent } }>(`/status/badges/${badge}.json`, {
      config: { cacheControl: cacheControl.badge },
      schema: {
        summary: `${SUMMARIES[badge]} (Shields.io endpoint JSON)`,
        description: `For \`https://img.shields.io/endpoint?url=…\`. The same badge as \`/status/badges/${badge}.svg\`, ` +
          'which this service renders itself. Built from the health snapshot and the history in memory.',
        tags: ['badges'],
        querystring: BadgeComponentQuery,
        response: { 200: jsonResponse('The badge as Shields endpoint JSON.', ShieldsEndpointBody) }
      }
    }, async (request, reply) => {
      const component = componentOf(request.query)
      return sendSerialized(reply, json(component, await views()))
    })
  }
}
