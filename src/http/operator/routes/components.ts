// PUT and DELETE /v1/components/{id}/status: an operator's status on a manual component, through the one operation
// the CLI's `component set|clear` uses. Every replica shows it within 15 s (this one at once).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { jsonResponse } from '../../../api/common.ts'
import type { Context } from '../../../context.ts'
import { clearManualComponent, setManualComponent } from '../../../operations/manual-components.ts'
import { ComponentParams, ManualStatusAnswer, ManualStatusBody } from '../schemas.ts'
import { operatorProblemResponses } from '../responses.ts'

export default async function operatorComponentRoutes (fastify: FastifyInstance, options: { context: Context }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { context } = options
  const { db } = context.database
  const declaration = context.config.status
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
    const { id } = request.params
    const set = await setManualComponent(db, declaration, id, request.body, context.clock.now(), request.operator!.name)
    await shown()
    return { id, status: set.status, message: set.message ?? null }
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
    const { id } = request.params
    await clearManualComponent(db, declaration, id, context.clock.now(), request.operator!.name)
    await shown()
    return { id, status: 'operational' as const, message: null }
  })
}
