// POST /v1/incidents, POST /v1/incidents/{id}/updates, POST /v1/incidents/{id}/resolve, GET /v1/incidents: the CLI's
// incident commands over HTTP, through the same operations (src/operations/) and checks.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { Context } from '../../../context.ts'
import { checkId } from '../../../incidents/rules.ts'
import { IncidentList, OperatorIncident } from '../../../operations/answers.ts'
import { IdParams, IncidentUpdateBody, IncidentsQuery, OpenIncidentBody, ResolveBody } from '../schemas.ts'
import { jsonResponse } from '../../../api/common.ts'
import { operatorOperations } from '../request-operations.ts'
import { IdempotencyHeaders, operatorProblemResponses, postProblemResponses } from '../responses.ts'

export default async function operatorIncidentRoutes (fastify: FastifyInstance, options: { context: Context }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { context } = options
  const operations = operatorOperations(context)

  /** The incident as stored now; this replica's public copy is refreshed at once (the others within 15 s). */
  const shown = (incident: OperatorIncident) => {
    void context.incidents.runOnce()
    return incident
  }

  app.post('/v1/incidents', {
    config: { scope: 'incidents', answersWithIncident: true },
    schema: {
      summary: 'Open an incident',
      description: 'Opens an incident with its first update (status investigating unless given). Refusals are the CLI\'s, as a 400 problem.',
      tags: ['incidents'],
      headers: IdempotencyHeaders,
      body: OpenIncidentBody,
      response: { 201: jsonResponse('The incident as opened.', OperatorIncident), ...postProblemResponses([400]) }
    }
  }, async (request, reply) => reply.code(201).send(shown(await operations(request).openIncident(request.body))))

  app.post('/v1/incidents/:id/updates', {
    config: { scope: 'incidents', answersWithIncident: true },
    schema: {
      summary: 'Update an incident',
      description: 'Adds an update to an open incident; `status: resolved` resolves it. Components given replace the ones it affects.',
      tags: ['incidents'],
      params: IdParams,
      headers: IdempotencyHeaders,
      body: IncidentUpdateBody,
      response: { 201: jsonResponse('The incident after the update.', OperatorIncident), ...postProblemResponses([400]) }
    }
  }, async (request, reply) => {
    const id = checkId('incident', request.params.id)
    return reply.code(201).send(shown(await operations(request).updateIncident(id, request.body)))
  })

  app.post('/v1/incidents/:id/resolve', {
    config: { scope: 'incidents', answersWithIncident: true },
    schema: {
      summary: 'Resolve an incident',
      tags: ['incidents'],
      params: IdParams,
      headers: IdempotencyHeaders,
      body: ResolveBody,
      response: { 200: jsonResponse('The incident, resolved.', OperatorIncident), ...postProblemResponses([400]) }
    }
  }, async (request) => {
    const id = checkId('incident', request.params.id)
    return shown(await operations(request).resolveIncident(id, request.body.message))
  })

  app.get('/v1/incidents', {
    config: { scope: 'incidents' },
    schema: {
      summary: 'List incidents',
      description: '`state=open` (the default): the open incidents. `state=all`: those resolved in the last 90 days too. Newest first, with who wrote each update.',
      tags: ['incidents'],
      querystring: IncidentsQuery,
      response: { 200: jsonResponse('The incidents.', IncidentList), ...operatorProblemResponses([400]) }
    }
  }, async (request) => ({ incidents: await operations(request).listIncidents(request.query.state ?? 'open') }))
}
