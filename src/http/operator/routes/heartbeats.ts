// POST /v1/heartbeats: a bot's shards report in (up to 1,000 reports a request), through the same operation
// (src/operations/) as the CLI's `status-api heartbeat`: checked by the reporter's own heartbeatProblem, written all or none.
// POST /v1/shards/forget: shards that no longer run are deleted, the same operation as `status-api shards forget`.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { jsonResponse } from '../../../api/common.ts'
import type { HeartbeatReport } from '../../../bot/heartbeat-reporter.ts'
import type { Context } from '../../../context.ts'
import { ForgottenShards, HeartbeatsAnswer } from '../../../operations/answers.ts'
import { ForgetShardsBody, HeartbeatsBody } from '../schemas.ts'
import { operatorOperations } from '../request-operations.ts'
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
      description: 'Each shard\'s status, gateway ping, guilds, cluster and the bot\'s shard count (`total`), replacing its previous ' +
        'report. Up to 1,000 reports; one refused report refuses the request and writes nothing. Send every 30 s or so: a shard ' +
        'silent for longer than BOT_HEARTBEAT_TIMEOUT_SECONDS counts as disconnected. The newest `total` defines the shards: ' +
        'rows at or beyond it are deleted.',
      tags: ['heartbeats'],
      headers: IdempotencyHeaders,
      body: HeartbeatsBody,
      response: { 200: jsonResponse('The reports were recorded.', HeartbeatsAnswer), ...postProblemResponses([400]) }
    }
  }, async (request) => operations(request).reportHeartbeats(request.body.reports as HeartbeatReport[]))

  app.post('/v1/shards/forget', {
    config: { scope: 'heartbeat' },
    schema: {
      summary: 'Forget shards',
      description: 'Deletes the heartbeats of the shards named, so that they leave the shards view (and the shard count) with ' +
        'the next probe round — shards a bot no longer runs, or a stray report. A shard that reports again is back. Reports ' +
        'that carry `total` do this by themselves for every shard at or beyond it.',
      tags: ['heartbeats'],
      headers: IdempotencyHeaders,
      body: ForgetShardsBody,
      response: { 200: jsonResponse('The shards named are gone.', ForgottenShards), ...postProblemResponses([400]) }
    }
  }, async (request) => operations(request).forgetShards(request.body.shards))
}
