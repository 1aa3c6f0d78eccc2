// POST /v1/push/{component}: a push component reports its own state, through the same operation (src/operations/) the
// CLI's `status-api push` calls. Anything but a declared push component is a 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { jsonResponse } from '../../../api/common.ts'
import type { Context } from '../../../context.ts'
import { PushAnswer } from '../../../operations/answers.ts'
import { operatorOperations } from '../request-operations.ts'
import { operatorProblems } from '../problems.ts'
import { PushBody, PushParams } from '../schemas.ts'
import { IdempotencyHeaders, postProblemResponses } from '../responses.ts'

export default async function operatorPushRoutes (fastify: FastifyInstance, options: { context: Context }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { context } = options
  const declaration = context.config.status
  const operations = operatorOperations(context)
  const pushComponents = new Set(declaration.components.filter((component) => component.check.kind === 'push').map((component) => component.id))

  app.post('/v1/push/:component', {
    config: { scope: 'push' },
    schema: {
      summary: 'Push a component\'s state',
      description: 'Only components the status file declares with `check: { push: { within: … } }`. A bare push (no body, or `{}`) ' +
        'says "ok, alive"; a component silent for longer than its `within` is down. The page shows it within 15 s.',
      tags: ['push'],
      headers: IdempotencyHeaders,
      params: PushParams,
      body: PushBody,
      response: { 200: jsonResponse('What was recorded.', PushAnswer), ...postProblemResponses([400, 404]) }
    }
  }, async (request) => {
    const { component } = request.params
    if (!pushComponents.has(component)) {
      const list = pushComponents.size === 0 ? 'none' : [...pushComponents].join(', ')
      throw operatorProblems.notFound(`There is no push component with this id (push components: ${list}).`)
    }
    const pushed = await operations(request).push(component, request.body ?? {})
    await context.checks.refresh() // this replica shows it at once; the others read it within a few seconds
    return pushed
  })
}
