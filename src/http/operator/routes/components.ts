// PUT and DELETE /v1/components/{id}/status: an operator's status on a manual component, through the same operations
// (src/operations/) the CLI's `component set|clear` uses. Every replica shows it within 15 s (this one at once).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { jsonResponse } from '../../../api/common.ts'
import type { Context } from '../../../context.ts'
import { ManualStatusAnswer } from '../../../operations/answers.ts'
import { ComponentParams, ManualStatusBody } from '../schemas.ts'
import { operatorOperations } from '../request-operations.ts'
import { operatorProblemResponses } from '../responses.ts'

export default async function operatorComponentRoutes (fastify: FastifyInstance, options: { context: Context }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { context } = options
  const operations = operatorOperations(context)
  const shown = () => context.manualStatuses?.refresh().catch(() => undefined)

  app.put('/v1/components/:id/status', {
    config: { scope: 'components' },
    schema: {
      summary: 'Set a manual component\'s status',
      description: 'Only components the status file declares with `check: { manual: true }`. Replaces what was set before.',
      tags: ['components'],
      params: ComponentParams,
      body: ManualStatusBody,
      response: { 200: jsonResponse('What is set now.', ManualStatusAnswer), ...operatorProblemResponses([400, 413, 415]) }
    }
  }, async (request) => {
    const set = await operations(request).setComponentStatus(request.params.id, request.body)
    await shown()
    return set
  })

  app.delete('/v1/components/:id/status', {
    config: { scope: 'components' },
    schema: {
      summary: 'Clear a manual component\'s status',
      description: 'The component is operational again (what it is when nothing is set).',
      tags: ['components'],
      params: ComponentParams,
      response: { 200: jsonResponse('What it is now.', ManualStatusAnswer), ...operatorProblemResponses([400]) }
    }
  }, async (request) => {
    const cleared = await operations(request).clearComponentStatus(request.params.id)
    await shown()
    return cleared
  })
}
