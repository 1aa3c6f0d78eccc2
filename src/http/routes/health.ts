// GET /api/v1/health, /api/v1/health/components and /api/v1/health/history: the monitor's snapshot with the page
// indicator, the public status of every declared component, and the history, sent as pre-serialised bytes.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { Monitor } from '../../monitor/monitor.ts'
import type { StatusService } from '../../status/service.ts'
import { ComponentsBody } from '../../api/components.ts'
import { ComponentDetailBody } from '../../api/component-detail.ts'
import type { ComponentHistory } from '../../api/health.ts'
import { Type } from 'typebox'
import { serialize } from '../../lib/serialized.ts'
import { cacheControl } from '../headers.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { HealthBody, HistoryBody } from '../../api/health.ts'
import { type Serialized } from '../../lib/serialized.ts'
import { sendSerialized } from '../send.ts'
import { UptimeBody } from '../../api/uptime.ts'
import type { UptimeData } from '../../monitor/uptime-data.ts'
import { UptimeQueryError, type UptimeQuery } from '../../monitor/uptime-query.ts'

/** Declared for the documentation only: the handler checks each value itself, so that a refusal names its parameter. */
const UptimeQuerystring = Type.Object({
  from: Type.Optional(Type.String({ description: 'The first day, YYYY-MM-DD (UTC), inclusive; default: 29 days before `to` (today).', examples: ['2026-11-01'] })),
  to: Type.Optional(Type.String({ description: 'The last day, YYYY-MM-DD (UTC), inclusive, at most today; default: today.', examples: ['2026-11-30'] })),
  component: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], {
    description: 'A component\'s id; repeat it for several. Default: every component, in page order.'
  })),
  by: Type.Optional(Type.String({ description: '`day` or `month`; default `day` up to 92 days, `month` beyond.', examples: ['month'] }))
})

export default async function healthRoutes (fastify: FastifyInstance, options: { monitor: Monitor, status: StatusService }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const { monitor, status } = options

  app.get('/api/v1/health', {
    config: { cacheControl: cacheControl.health, edgeKeys: ['status'], prepared: () => status.health() },
    schema: {
      summary: 'Health: overall status, version, uptime and components',
      description: 'The monitor\'s latest snapshot (components are probed every few seconds; no database query per request). ' +
        '200 when the overall status is `ok` or `degraded`, 503 with the same body when it is `down`. ' +
        'Polling once a minute is enough.',
      tags: ['health'],
      response: {
        200: jsonResponse('The service is up (`ok` or `degraded`).', HealthBody),
        503: {
          description: 'The service is down (the health body), or no check has finished yet since start (problem+json).',
          content: { ...jsonResponse('', HealthBody).content, ...problemResponses({ 503: '' })[503]!.content }
        }
      }
    }
  }, (_request, reply) => {
    const snapshot = status.health()
    if (snapshot === undefined) throw problems.notReady('The first health check has not finished yet. Try again in a few seconds.')
    // Down is news, not an error: the 503 body is as cacheable as the 200 one (a surge of readers is likeliest then).
    if (snapshot.statusCode === 503) reply.header('cache-control', reply.routeOptions.config.cacheControl)
    return sendSerialized(reply, snapshot, { statusCode: snapshot.statusCode })
  })

  app.get('/api/v1/health/components', {
    config: { cacheControl: cacheControl.health, edgeKeys: ['status'], prepared: () => status.current() },
    schema: {
      summary: 'Components: what the status page shows, and the page indicator',
      description: 'Every component the operator declared, in page order, with its effective status in Statuspage\'s ' +
        'words (the worst of what was measured and what unresolved incidents say; `under_maintenance` during a window ' +
        'naming it), its groups, and the page indicator. The status page, the Statuspage copy, badges, feeds, the ' +
        'Markdown views and the MCP tools all render this one value. No database query per request.',
      tags: ['health'],
      response: { 200: jsonResponse('The public status.', ComponentsBody) }
    }
  }, (_request, reply) => sendSerialized(reply, status.current()))

  // One body per declared component, built again only when the model or that component's history is another object.
  const details = new Map<string, { model: unknown, history: ComponentHistory, body: Serialized<ComponentDetailBody> }>()
  /** The body of a declared component's id with this history; undefined for an id the model does not have. */
  const detailOf = (id: string, history: ComponentHistory): Serialized<ComponentDetailBody> | undefined => {
    const model = status.current()
    const component = model.value.components.find((candidate) => candidate.id === id)
    if (component === undefined) return undefined
    let detail = details.get(id)
    if (detail === undefined || detail.model !== model || detail.history !== history) {
      detail = { model, history, body: serialize({ component, history }) }
      details.set(id, detail)
    }
    return detail.body
  }
  app.get('/api/v1/health/components/:id', {
    config: {
      cacheControl: cacheControl.history,
      edgeKeys: ['status', 'component-:id', 'history'],
      prepared: (_raw, { params }) => {
        const { id } = params as { id: string }
        const history = monitor.history.latestComponent(id)
        return history === undefined ? undefined : detailOf(id, history)
      }
    },
    schema: {
      summary: 'One component: its status now, its last 24 hours and its 90 days of uptime',
      description: 'A component of GET /api/v1/health/components by its id: what the status page shows of it now, its minute ' +
        'checks of the last 24 hours (status and latency), and 90 days of daily uptime with p50/p95 latency. The history is ' +
        'recomputed at most once a minute. 404 for an id the status file does not declare.',
      tags: ['health'],
      params: Type.Object({ id: Type.String({ description: 'The component\'s id from the status file (database, cache and bot without one).', examples: ['database'] }) }),
      response: {
        200: jsonResponse('The component.', ComponentDetailBody),
        ...problemResponses({
          404: 'No component has this id.',
          503: 'No history could be computed yet (the database has not answered since start).'
        })
      }
    }
  }, async (request, reply) => {
    const { id } = request.params as { id: string }
    if (!status.current().value.components.some((candidate) => candidate.id === id)) throw problems.notFound()
    let history: ComponentHistory | undefined
    try {
      history = await monitor.history.component(id)
    } catch {
      throw problems.notReady('The history is not available yet because the database does not answer.')
    }
    const body = history === undefined ? undefined : detailOf(id, history)
    if (body === undefined) throw problems.notFound()
    return sendSerialized(reply, body)
  })

  app.get('/api/v1/health/history', {
    config: { cacheControl: cacheControl.history, edgeKeys: ['history', 'status'], prepared: () => monitor.history.latest() },
    schema: {
      summary: 'History: the last 24 hours of minute checks and 90 days of uptime',
      description: 'One check per minute of the last 24 hours (oldest first; minutes without a record are absent), ' +
        'and uptime over the last 90 days: overall, per component, and per day (exactly 90 entries; a day without ' +
        'checks is `no_data` with `percent: null`, and `expectedChecks` shows gaps). Recomputed at most once a minute.',
      tags: ['health'],
      response: {
        200: jsonResponse('The history.', HistoryBody),
        ...problemResponses({ 503: 'No history could be computed yet (the database has not answered since start).' })
      }
    }
  }, async (_request, reply) => {
    let history: Serialized<unknown>
    try {
      history = await monitor.history.get()
    } catch {
      throw problems.notReady('The history is not available yet because the database does not answer.')
    }
    return sendSerialized(reply, history)
  })

  app.get('/api/v1/health/uptime', {
    // The handler checks each parameter itself (parseUptimeQuery), naming it; the schema documents them.
    attachValidation: true,
    config: {
      cacheControl: cacheControl.history,
      edgeKeys: ['history'],
      prepared: (_raw, { query }) => {
        const data = monitor.uptime.latest()
        if (data === undefined) return undefined
        try {
          return monitor.uptime.body(data, monitor.uptime.parse(data, query as Record<string, unknown>))
        } catch {
          return undefined // the handler answers the refusal
        }
      }
    },
    schema: {
      summary: 'Uptime over any window of up to 400 days, by day or month, with the formula',
      description: 'Per component and overall: the uptime computed from what the status page showed minute by minute, ' +
        'uptime = 1 − Σ(weight × minutes) / (minutes − no-data minutes − excluded maintenance minutes), with the weights and ' +
        'the maintenance rule in force (the status file\'s `uptime:`) and every minute count, so that each figure can be checked ' +
        'from the body alone. Days are UTC calendar days; kept 400 days. Answered from memory, read again at most once a minute. ' +
        'A wrong parameter is a 400 problem whose detail starts with the parameter\'s name.',
      tags: ['health'],
      querystring: UptimeQuerystring,
      response: {
        200: jsonResponse('The uptime figures.', UptimeBody),
        ...problemResponses({
          400: 'A parameter is wrong: not a calendar day, from after to, a window over 400 days or before the first day kept, ' +
            'to after today, an unknown or repeated component, an empty value, or by other than day or month.',
          503: 'No figures could be read yet (the database has not answered since start).'
        })
      }
    }
  }, async (request, reply) => {
    let data: UptimeData
    try {
      data = await monitor.uptime.data()
    } catch {
      throw problems.notReady('The uptime figures are not available yet because the database does not answer.')
    }
    let query: UptimeQuery
    try {
      query = monitor.uptime.parse(data, request.query as Record<string, unknown>)
    } catch (error) {
      if (error instanceof UptimeQueryError) throw problems.invalidRequest(error.message)
      throw error
    }
    return sendSerialized(reply, monitor.uptime.body(data, query))
  })
}
