// GET /api/v1/health/incidents: the maintenance banner, upcoming maintenance and incidents, from memory: the recent
// window by default, older ones page by page (`?before=` an incident id, `limit`), the next page named in a Link header.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { IncidentsService } from '../../incidents/service.ts'
import { cacheControl } from '../headers.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { IncidentsBody } from '../../api/incidents.ts'
import { sendSerialized } from '../send.ts'
import { OPEN_SHOWN, PAGE_LIMIT_MAX, RECENT_RESOLVED } from '../../incidents/view.ts'
import { serialize } from '../../lib/serialized.ts'
import { incidentsApiHref } from '../../view/status-links.js'

const PageQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'An incident id from a previous page: the incidents listed after it.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX, description: `How many incidents at most (1–${PAGE_LIMIT_MAX}); by default the recent window.` }))
})

export default async function incidentRoutes (fastify: FastifyInstance, options: { incidents: IncidentsService }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const { incidents } = options

  app.get('/api/v1/health/incidents', {
    config: { cacheControl: cacheControl.incidents, edgeKeys: ['incidents'], prepared: () => incidents.loaded ? incidents.serialized() : undefined },
    schema: {
      summary: 'Maintenance and incidents',
      description: 'The maintenance window active now (or null), windows starting within the next 14 days, and incidents: ' +
        'open ones first, then those resolved in the last 90 days, newest first, each with its updates newest first. ' +
        `Without parameters the list is the recent window: the open incidents and the newest ${RECENT_RESOLVED} resolved ones; with more ` +
        `than ${OPEN_SHOWN} open, the newest ${OPEN_SHOWN} open ones alone. \`totals\` counts every open and resolved incident of the list. ` +
        'When more follow, a `Link: <…?before=ID&limit=N>; rel="next"` header names the next page; `before` (an incident id of ' +
        `the list) and \`limit\` (1–${PAGE_LIMIT_MAX}) page through all of the 90 days. ` +
        'Served from memory and refreshed from the database at least every 15 s. Titles and messages are plain text ' +
        'exactly as the operator wrote them: escape them before putting them into HTML.',
      tags: ['health'],
      querystring: PageQuery,
      response: {
        200: jsonResponse('The maintenance banner, upcoming maintenance and incidents.', IncidentsBody),
        ...problemResponses({
          400: 'A parameter is not a whole number in range, or `before` names no incident of the list.',
          503: 'The instance has not been able to read incidents from the database since it started.'
        })
      }
    }
  }, (request, reply) => {
    if (!incidents.loaded) throw problems.notReady('Incidents have not been read from the database yet.')
    const { before, limit } = request.query
    const nextLink = (next: number | undefined, size: number) => {
      if (next !== undefined) reply.header('link', `<${incidentsApiHref(next, size)}>; rel="next"`)
    }
    if (before === undefined && limit === undefined) {
      nextLink(incidents.next(), RECENT_RESOLVED)
      return sendSerialized(reply, incidents.serialized())
    }
    const size = limit ?? RECENT_RESOLVED
    const page = incidents.page(before, size)
    if (page === undefined) throw problems.invalidRequest(`before=${before}: no incident of the list (open, or resolved in the last 90 days) has this id.`)
    nextLink(page.next, size)
    return sendSerialized(reply, serialize(page.body))
  })
}
