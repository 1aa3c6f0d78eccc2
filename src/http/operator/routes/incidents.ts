// POST /v1/incidents, POST /v1/incidents/{id}/updates, POST /v1/incidents/{id}/resolve, GET /v1/incidents: the CLI's
// incident commands over HTTP, through the same checks and operations.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { Context } from '../../../context.ts'
import { API_LABELS, checkIncidentUpdate, checkOpenIncident, checkResolveMessage } from '../../../incidents/input.ts'
import { openIncident, resolveIncident, updateIncident } from '../../../incidents/operations.ts'
import { checkId } from '../../../incidents/rules.ts'
import { loadIncidents } from '../../../store/repositories/incidents.ts'
import { IdParams, IncidentList, IncidentUpdateBody, IncidentsQuery, OpenIncidentBody, OperatorIncident, ResolveBody } from '../schemas.ts'
import { jsonResponse } from '../../../api/common.ts'
import { IdempotencyHeaders, operatorProblemResponses, postProblemResponses } from '../responses.ts'
import { listedIncidents, listedSince, operatorIncident } from '../view.ts'

export default async function operatorIncidentRoutes (fastify: FastifyInstance, options: { context: Context }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { context } = options
  const { db } = context.database

  /** The incident as stored now; this replica's public copy is refreshed at once (the others within 15 s). */
  const answer = async (id: number) => {
    void context.incidents.runOnce()
    const [row] = await loadIncidents(db, listedSince(context.clock.now()), id)
    return operatorIncident(row!)
  }

  app.post('/v1/incidents', {
    config: { scope: 'incidents' },
    schema: {
      summary: 'Open an incident',
      description: 'Opens an incident with its first update (status investigating unless given). Refusals are the CLI\'s, as a 400 problem.',
      tags: ['incidents'],
      headers: IdempotencyHeaders,
      body: OpenIncidentBody,
      response: { 201: jsonResponse('The incident as opened.', OperatorIncident), ...postProblemResponses([400]) }
    }
  }, async (request, reply) => {
    const incident = checkOpenIncident(request.body, context.config.status, API_LABELS)
    const id = await openIncident(db, { ...incident, by: request.operator!.name }, context.clock.now())
    return reply.code(201).send(await answer(id))
  })

  app.post('/v1/incidents/:id/updates', {
    config: { scope: 'incidents' },
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
    const update = checkIncidentUpdate(request.body, context.config.status, API_LABELS)
    await updateIncident(db, id, { ...update, by: request.operator!.name }, context.clock.now())
    return reply.code(201).send(await answer(id))
  })

  app.post('/v1/incidents/:id/resolve', {
    config: { scope: 'incidents' },
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
    const message = checkResolveMessage(request.body.message, API_LABELS)
    await resolveIncident(db, id, message, context.clock.now(), request.operator!.name)
    return answer(id)
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
  }, async (request) => {
    const now = context.clock.now()
    return { incidents: listedIncidents(await loadIncidents(db, listedSince(now)), now, request.query.state ?? 'open') }
  })
}
