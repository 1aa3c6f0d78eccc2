// GET /status/badges/{badge}.svg and .json (Shields endpoint): status, uptime and shards badges, from memory. The status
// badge renders the one public status (GET /api/v1/health/components); `?component=` takes any declared id.
// GET /status/badges/{component}/{response-time|uptime-…}.svg and .json: one component's response time and uptime.
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { ComponentsBody } from '../../api/components.ts'
import type { HistoryBody } from '../../api/health.ts'
import { encodeOnce, serialize, type SendableBody, type Serialized } from '../../lib/serialized.ts'
import type { Monitor } from '../../monitor/monitor.ts'
import type { ShardsSnapshot } from '../../bot/shard-snapshot.ts'
import type { StatusDeclaration } from '../../declaration/declaration.ts'
import type { PublicHealthSnapshot, StatusService } from '../../status/service.ts'
import { BADGES, COMPONENT_BADGES, badgeContent, badgeSvg, componentBadgeContent, shieldsEndpoint, type Badge, type BadgeContent } from '../../publish/badges.ts'
import { rebuiltOnChange } from '../../publish/rebuilt.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { BadgeLabelQuery, ShieldsEndpointBody, badgeComponentQuery } from '../../api/badges.ts'
import { Type } from 'typebox'
import { cacheControl } from '../headers.ts'
import { sendSerialized } from '../send.ts'
import type { PreparedParts } from '../prepared-answers.ts'

const SVG_TYPE = 'image/svg+xml; charset=utf-8'

const COMPONENT_SUMMARIES: Record<typeof COMPONENT_BADGES[number], string> = {
  'response-time': 'Response-time badge of one component: its latest measured latency',
  'uptime-24h': 'Uptime badge of one component: the last 24 hours',
  'uptime-7d': 'Uptime badge of one component: the last 7 days',
  'uptime-30d': 'Uptime badge of one component: the last 30 days',
  'uptime-90d': 'Uptime badge of one component: the last 90 days'
}

const SUMMARIES: Record<Badge, string> = {
  status: 'Status badge: the page indicator, or one component\'s status',
  'uptime-24h': 'Uptime badge: the last 24 hours',
  'uptime-7d': 'Uptime badge: the last 7 days',
  'uptime-30d': 'Uptime badge: the last 30 days',
  'uptime-90d': 'Uptime badge: the last 90 days',
  shards: 'Shards badge: connected of total'
}

interface BadgeQuery { component?: string, label?: string }

type Views = readonly [PublicHealthSnapshot | null, Serialized<HistoryBody> | null, Serialized<ComponentsBody>, ShardsSnapshot | null]

export interface BadgeRouteOptions {
  monitor: Monitor
  status: StatusService
  declaration: StatusDeclaration
}

export default async function badgeRoutes (app: FastifyInstance, options: BadgeRouteOptions): Promise<void> {
  const { monitor, status, declaration } = options
  const declared = new Set(declaration.components.map((component) => component.id))
  /** The components the shards badge may name: those the builtin bot probe measures. */
  const botComponents = new Set(declaration.components.filter((component) => component.check.kind === 'builtin' && component.check.probe === 'bot').map((component) => component.id))

  /** The snapshot, the history, the public status and the shards as they are now; no history yet (the database never answered) is no data. */
  const views = async (): Promise<Views> => {
    let history: Serialized<HistoryBody> | null = null
    try {
      history = await monitor.history.get()
    } catch {
      // Shown as "no data" on the uptime badges.
    }
    return [status.health() ?? null, history, status.current(), monitor.shards() ?? null]
  }
  /** The same views without waiting (src/http/prepared-answers.ts): undefined while the history is missing or due. */
  const viewsNow = (): Views | undefined => {
    const history = monitor.history.latest()
    return history === undefined ? undefined : [status.health() ?? null, history, status.current(), monitor.shards() ?? null]
  }
  /** A badge for a target the handler answered before, made from the views now (its parameters were valid then). */
  const preparedBadge = (badge: (key: string, inputs: Views) => SendableBody, key: (parts: PreparedParts) => string) =>
    (_raw: IncomingMessage, parts: PreparedParts): SendableBody | undefined => {
      const inputs = viewsNow()
      return inputs === undefined ? undefined : badge(key(parts), inputs)
    }
  const productName = declaration.product.name
  /** A badge's memo key: its component and its `?label=` (either may be empty: the default). */
  const keyOf = (component: string, query: { label?: string }): string => `${component}\n${(query.label ?? '').replace(/\s+/g, ' ')}`
  /** The badge of a memo key, made by `make` for its component (undefined: the whole service), labelled as the key says. */
  const labelled = (key: string, make: (component: string | undefined) => BadgeContent): BadgeContent => {
    const [component, label] = key.split('\n') as [string, string]
    const made = make(component === '' ? undefined : component)
    return label === '' ? made : { ...made, label }
  }

  /** Both forms of a badge, each memoised per memo key: built again only when the snapshot, the history, the status or the shards change. */
  const renderers = (content: (key: string, inputs: Views) => BadgeContent) => ({
    svg: rebuiltOnChange((key, inputs: Views) => {
      const text = badgeSvg(content(key, inputs))
      return encodeOnce(text, text)
    }),
    json: rebuiltOnChange((key, inputs: Views) => serialize(shieldsEndpoint(content(key, inputs))))
  })

  for (const badge of COMPONENT_BADGES) {
    const { svg, json } = renderers((key, [health, history, current]) => labelled(key, (component) =>
      componentBadgeContent(badge, component!, { status: current.value, health: health?.value, history: history?.value })))
    const declaredComponent = (params: { component: string }): string => {
      if (!declared.has(params.component)) throw problems.notFound()
      return params.component
    }
    const params = Type.Object({ component: Type.String({ description: 'A declared component\'s id (GET /api/v1/health/components).', examples: ['database'] }) })
    const componentKey = ({ params, query }: PreparedParts) => keyOf(declaredComponent(params as { component: string }), query as { label?: string })
    app.get<{ Params: { component: string }, Querystring: { label?: string } }>(`/status/badges/:component/${badge}.svg`, {
      config: { cacheControl: cacheControl.badge, edgeKeys: ['status', 'component-:component'], prepared: preparedBadge(svg, componentKey) },
      schema: { params, querystring: BadgeLabelQuery }
    }, async (request, reply) => sendSerialized(reply, svg(keyOf(declaredComponent(request.params), request.query), await views()), { type: SVG_TYPE }))
    app.get<{ Params: { component: string }, Querystring: { label?: string } }>(`/status/badges/:component/${badge}.json`, {
      config: { cacheControl: cacheControl.badge, edgeKeys: ['status', 'component-:component'], prepared: preparedBadge(json, componentKey) },
      schema: {
        summary: `${COMPONENT_SUMMARIES[badge]} (Shields.io endpoint JSON)`,
        description: `For \`https://img.shields.io/endpoint?url=…\`. The same badge as \`/status/badges/{component}/${badge}.svg\`. ` +
          'Built from the public status and the history in memory; 404 for an id the status file does not declare.',
        tags: ['badges'],
        params,
        querystring: BadgeLabelQuery,
        response: {
          200: jsonResponse('The badge as Shields endpoint JSON.', ShieldsEndpointBody),
          ...problemResponses({ 404: 'No declared component has this id.' })
        }
      }
    }, async (request, reply) => sendSerialized(reply, json(keyOf(declaredComponent(request.params), request.query), await views())))
  }

  for (const badge of BADGES) {
    // One memo per route, keyed by the component: built again only when the snapshot, the history, the status or the shards change.
    const { svg, json } = renderers((key, [health, history, current, shards]) => labelled(key, (component) =>
      badgeContent(badge, component, { status: current.value, health: health?.value, history: history?.value, shards: shards?.body.value, productName })))

    const query = badgeComponentQuery(badge === 'shards' ? [...botComponents] : [...declared], badge === 'shards')
    const componentOf = (query: BadgeQuery): string => {
      const component = query.component
      if (component === undefined) return ''
      if (!declared.has(component)) {
        throw problems.invalidRequest(`No component has this id. The components are: ${[...declared].join(', ')} (GET /api/v1/health/components); or leave out "component".`)
      }
      if (badge === 'shards' && !botComponents.has(component)) {
        throw problems.invalidRequest(`The shards badge is about the bot connection only: leave out "component" or name the bot's component (${[...botComponents].join(', ')}).`)
      }
      return component
    }

    const serviceKey = ({ query }: PreparedParts) => keyOf(componentOf(query as BadgeQuery), query as BadgeQuery)
    app.get<{ Querystring: BadgeQuery }>(`/status/badges/${badge}.svg`, {
      config: { cacheControl: cacheControl.badge, edgeKeys: ['status'], prepared: preparedBadge(svg, serviceKey) },
      schema: { querystring: query }
    }, async (request, reply) => {
      return sendSerialized(reply, svg(keyOf(componentOf(request.query), request.query), await views()), { type: SVG_TYPE })
    })

    app.get<{ Querystring: BadgeQuery }>(`/status/badges/${badge}.json`, {
      config: { cacheControl: cacheControl.badge, edgeKeys: ['status'], prepared: preparedBadge(json, serviceKey) },
      schema: {
        summary: `${SUMMARIES[badge]} (Shields.io endpoint JSON)`,
        description: `For \`https://img.shields.io/endpoint?url=…\`. The same badge as \`/status/badges/${badge}.svg\`, ` +
          'which this service renders itself. Built from the public status of GET /api/v1/health/components, the health ' +
          'snapshot and the history in memory.',
        tags: ['badges'],
        querystring: query,
        response: {
          200: jsonResponse('The badge as Shields endpoint JSON.', ShieldsEndpointBody),
          ...problemResponses({ 400: 'No declared component has this id (or the shards badge names another component than the bot connection).' })
        }
      }
    }, async (request, reply) => {
      return sendSerialized(reply, json(keyOf(componentOf(request.query), request.query), await views()))
    })
  }
}
