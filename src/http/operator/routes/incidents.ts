// POST /v1/incidents, POST /v1/incidents/{id}/updates, POST /v1/incidents/{id}/resolve, PUT and DELETE
// /v1/incidents/{id}/postmortem, GET /v1/incidents: the CLI's incident commands over HTTP, through the same operations
// (src/operations/) and checks.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { Context } from '../../../context.ts'
import { checkId } from '../../../incidents/rules.ts'
import { IncidentList, OperatorIncident } from '../../../operations/answers.ts'
import { IdParams, IncidentUpdateBody, IncidentsQuery, OpenIncidentBody, PostmortemBody, ResolveBody } from '../schemas.ts'
import { jsonResponse, problemResponses } from '../../../api/common.ts'
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

  /** 50,000 characters of any script are up to 200 KB of UTF-8 (more as JSON escapes): more than the 64 KiB of other routes. */
  const postmortemLimit = 256 * 1024
  const postmortemProblems = {
    ...operatorProblemResponses([400, 413, 415]),
    ...problemResponses({ 404: 'There is no such incident (or, to withdraw, it has no post-mortem).', 409: 'The incident is still open: a post-mortem is for a resolved incident.' })
  }

  app.put('/v1/incidents/:id/postmortem', {
    config: { scope: 'incidents' },
    bodyLimit: postmortemLimit,
    schema: {
      summary: 'Publish a post-mortem',
      description: 'Publishes the post-mortem of a resolved incident, or replaces it: replacing keeps `publishedAt` and moves `updatedAt`. ' +
        'The first publication notifies (`incident.postmortem`) once; a replacement does not. An open incident is refused with 409, nothing written.',
      tags: ['incidents'],
      params: IdParams,
      body: PostmortemBody,
      response: { 200: jsonResponse('The incident with its post-mortem (`postmortem`).', OperatorIncident), ...postmortemProblems }
    }
  }, async (request) => {
    const id = checkId('incident', request.params.id)
    return shown(await operations(request).publishPostmortem(id, request.body.markdown))
  })

  app.delete('/v1/incidents/:id/postmortem', {
    config: { scope: 'incidents' },
    schema: {
      summary: 'Withdraw a post-mortem',
      description: 'Deletes the incident\'s post-mortem: it leaves the incident\'s page and the lists. Publishing one again later sends no second notification.',
      tags: ['incidents'],
      params: IdParams,
      response: { 200: jsonResponse('The incident, without a post-mortem.', OperatorIncident), ...operatorProblemResponses([400]), ...problemResponses({ 404: 'There is no such incident, or it has no post-mortem.' }) }
    }
  }, async (request) => {
    const id = checkId('incident', request.params.id)
    return shown(await operations(request).withdrawPostmortem(id))
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
