// GET /v1/reports/uptime: the CLI's `report uptime` over HTTP, through the same operation (src/operations/) and checks.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { Context } from '../../../context.ts'
import { jsonResponse } from '../../../api/common.ts'
import { UptimeReport } from '../../../api/uptime.ts'
import { repeatableQuery } from '../../repeatable-query.ts'
import { operatorOperations } from '../request-operations.ts'
import { operatorProblemResponses } from '../responses.ts'

const ReportQuery = Type.Object({
  month: Type.String({ description: 'The calendar month, YYYY-MM (UTC).', examples: ['2026-11'] }),
  component: Type.Optional(Type.Array(Type.String(), { description: 'A declared component\'s id; repeat it for several. Default: every component.' }))
}, { additionalProperties: false })

export default async function operatorReportRoutes (fastify: FastifyInstance, options: { context: Context }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const operations = operatorOperations(options.context)

  app.get('/v1/reports/uptime', {
    config: { scope: 'incidents' },
    preValidation: repeatableQuery('component'),
    schema: {
      summary: 'A month\'s uptime report',
      description: 'Per component the month\'s uptime by the published formula, the target met or missed, minutes by status, and ' +
        'each incident that touched it with its duration and impact: what `status-api report uptime` prints. From the store.',
      tags: ['reports'],
      querystring: ReportQuery,
      response: { 200: jsonResponse('The report.', UptimeReport), ...operatorProblemResponses([400]) }
    }
  }, async (request) => await operations(request).uptimeReport({ month: request.query.month, components: request.query.component }))
}
