// POST /v1/maintenance, POST /v1/maintenance/{id}/end, GET /v1/maintenance, the series' GET and end: the CLI's maintenance commands over HTTP,
// through the same operations (src/operations/) and checks (times in the CLI's forms: now, +2h, ISO 8601 with a zone).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { jsonResponse } from '../../../api/common.ts'
import type { Context } from '../../../context.ts'
import { checkId } from '../../../incidents/rules.ts'
import { EndedMaintenance, MaintenanceList, OperatorSeries, ScheduledMaintenance } from '../../../operations/answers.ts'
import { EmptyBody, IdParams, ScheduleBody, SeriesParams } from '../schemas.ts'
import { operatorOperations } from '../request-operations.ts'
import { IdempotencyHeaders, operatorProblemResponses, postProblemResponses } from '../responses.ts'

export default async function operatorMaintenanceRoutes (fastify: FastifyInstance, options: { context: Context }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { context } = options
  const operations = operatorOperations(context)

  /** The window as stored now; this replica's public copy is refreshed at once (the others within 15 s). */
  const shown = <T>(window: T): T => {
    void context.incidents.runOnce()
    return window
  }

  app.post('/v1/maintenance', {
    config: { scope: 'maintenance' },
    schema: {
      summary: 'Schedule maintenance',
      description: 'Schedules a window; its components are under_maintenance while it is active. With `rrule`, a series: its occurrences are ' +
        'windows of their own, written at least 14 days ahead, and the answer is the first one with the series in `series`. Refusals are the CLI\'s, as a 400 problem.',
      tags: ['maintenance'],
      headers: IdempotencyHeaders,
      body: ScheduleBody,
      response: { 201: jsonResponse('The window as scheduled (a series: its first occurrence, and the series).', ScheduledMaintenance), ...postProblemResponses([400]) }
    }
  }, async (request, reply) => reply.code(201).send(shown(await operations(request).scheduleMaintenance(request.body))))

  app.post('/v1/maintenance/:id/end', {
    config: { scope: 'maintenance' },
    schema: {
      summary: 'End maintenance',
      description: 'Ends an active window now, or cancels one that has not started.',
      tags: ['maintenance'],
      params: IdParams,
      headers: IdempotencyHeaders,
      body: EmptyBody,
      response: { 200: jsonResponse('The window, ended or cancelled, and the state it was in.', EndedMaintenance), ...postProblemResponses([400]) }
    }
  }, async (request) => {
    const id = checkId('maintenance', request.params.id)
    return shown(await operations(request).endMaintenance(id))
  })

  app.get('/v1/maintenance', {
    config: { scope: 'maintenance' },
    schema: {
      summary: 'List maintenance',
      description: 'Windows not over yet, and those that ended in the last 30 days, soonest start first, with who scheduled and ended them.',
      tags: ['maintenance'],
      response: { 200: jsonResponse('The windows.', MaintenanceList), ...operatorProblemResponses() }
    }
  }, async (request) => {
    const acting = operations(request)
    return { maintenance: await acting.listMaintenance(), series: await acting.listSeries() }
  })

  app.get('/v1/maintenance/series/:seriesId', {
    config: { scope: 'maintenance' },
    schema: {
      summary: 'Show a maintenance series',
      description: 'A series with its next 10 occurrences in UTC, so what a rule will do is seen before it does it.',
      tags: ['maintenance'],
      params: SeriesParams,
      response: { 200: jsonResponse('The series.', OperatorSeries), ...operatorProblemResponses([400]) }
    }
  }, async (request) => operations(request).getSeries(request.params.seriesId))

  app.post('/v1/maintenance/series/:seriesId/end', {
    config: { scope: 'maintenance' },
    schema: {
      summary: 'End a maintenance series',
      description: 'No occurrences from now on; a running one ends now. Ending one occurrence (POST /v1/maintenance/{id}/end) leaves the others.',
      tags: ['maintenance'],
      params: SeriesParams,
      headers: IdempotencyHeaders,
      body: EmptyBody,
      response: { 200: jsonResponse('The series, ended.', OperatorSeries), ...postProblemResponses([400]) }
    }
  }, async (request) => shown(await operations(request).endSeries(request.params.seriesId)))
}
