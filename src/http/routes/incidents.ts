// GET /api/v1/health/incidents: the maintenance banner, upcoming maintenance and incidents, from memory.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { IncidentsService } from '../../incidents/service.ts'
import { cacheControl } from '../headers.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { IncidentsBody } from '../../api/incidents.ts'
import { sendSerialized } from '../send.ts'

export default async function incidentRoutes (fastify: FastifyInstance, options: { incidents: IncidentsService }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const { incidents } = options

  app.get('/api/v1/health/incidents', {
    config: { cacheControl: cacheControl.incidents },
    schema: {
      summary: 'Maintenance and incidents',
      description: 'The maintenance window active now (or null), windows starting within the next 14 days, and incidents: ' +
        'open ones first, then those resolved in the last 90 days, newest first, each with its updates newest first. ' +
        'Served from memory and refreshed from the database at least every 15 s. Titles and messages are plain text ' +
        'exactly as the operator wrote them: escape them before putting them into HTML.',
      tags: ['health'],
      response: {
        200: jsonResponse('The maintenance banner, upcoming maintenance and incidents.', IncidentsBody),
        ...problemResponses({ 503: 'The instance has not been able to read incidents from the database since it started.' })
      }
    }
  }, async (_request, reply) => {
    if (!incidents.loaded) throw problems.notReady('Incidents have not been read from the database yet.')
    return sendSerialized(reply, incidents.serialized())
  })
}
