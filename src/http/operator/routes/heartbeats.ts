// POST /v1/heartbeats: a bot's shards report in (up to 1,000 reports a request), through the same operation
// (src/operations/) as the CLI's `status-api heartbeat`: checked by the reporter's own heartbeatProblem, written all or none.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { jsonResponse } from '../../../api/common.ts'
import type { HeartbeatReport } from '../../../bot/heartbeat-reporter.ts'
import type { Context } from '../../../context.ts'
import { HeartbeatsAnswer } from '../../../operations/answers.ts'
import { HeartbeatsBody } from '../schemas.ts'
import { operatorOperations } from '../operations.ts'
import { IdempotencyHeaders, postProblemResponses } from '../responses.ts'

/** A batch of 1,000 full reports is ~80 KB: more than the 64 KiB every other route takes. */
const HEARTBEATS_BODY_LIMIT_BYTES = 256 * 1024

export default async function operatorHeartbeatRoutes (fastify: FastifyInstance, options: { context: Context }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const operations = operatorOperations(options.context)

  app.post('/v1/heartbeats', {
    config: { scope: 'heartbeat' },
    bodyLimit: HEARTBEATS_BODY_LIMIT_BYTES,
    schema: {
      summary: 'Report shard heartbeats',
      description: 'Each shard\'s status, gateway ping, guilds and cluster, replacing its previous report. Up to 1,000 reports; one ' +
        'refused report refuses the request and writes nothing. Send every 30 s or so: a shard silent for longer than ' +
        'BOT_HEARTBEAT_TIMEOUT_SECONDS counts as disconnected.',
      tags: ['heartbeats'],
      headers: IdempotencyHeaders,
      body: HeartbeatsBody,
      response: { 200: jsonResponse('The reports were recorded.', HeartbeatsAnswer), ...postProblemResponses([400]) }
    }
  }, async (request) => operations(request).reportHeartbeats(request.body.reports as HeartbeatReport[]))
}
