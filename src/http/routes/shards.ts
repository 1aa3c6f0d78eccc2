// GET /api/v1/health/shards and /api/v1/health/shards/{guildId}: the monitor's shards snapshot, and which shard
// (and cluster) serves a server, answered from that snapshot.
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { Monitor } from '../../monitor/monitor.ts'
import { cacheControl } from '../headers.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { SNOWFLAKE_PATTERN, ShardLookupBody, ShardsBody } from '../../api/shards.ts'
import { parseSnowflake } from '../../bot/guild-shard.ts'
import type { ShardsSnapshot } from '../../bot/shard-snapshot.ts'
import { sendSerialized } from '../send.ts'

const GuildParams = Type.Object({
  guildId: Type.String({
    pattern: SNOWFLAKE_PATTERN,
    description: 'A server (guild) id: a Discord snowflake of 17 to 20 digits, below 2^64.',
    examples: ['81384788765712384']
  })
})

const NO_SHARDS = 'No bot shard has reported a heartbeat yet.'

export default async function shardRoutes (app: FastifyInstance, options: { monitor: Monitor }): Promise<void> {
  const { monitor } = options
  const current = (): ShardsSnapshot => {
    const snapshot = monitor.shards()
    if (snapshot === undefined) throw problems.notReady(NO_SHARDS)
    return snapshot
  }

  app.get('/api/v1/health/shards', {
    config: { cacheControl: cacheControl.health, edgeKeys: ['shards'], prepared: () => monitor.shards()?.body },
    schema: {
      summary: 'Shards: every bot shard by cluster, with its state, latency and last heartbeat',
      description: 'From the monitor\'s latest read of the shards\' heartbeats (every probe interval; no database query per ' +
        'request). Shards are numbered from 0 to `total - 1`; bots without clusters have one cluster `0`.',
      tags: ['health'],
      response: {
        200: jsonResponse('The shards, grouped by cluster.', ShardsBody),
        ...problemResponses({ 503: NO_SHARDS })
      }
    }
  }, (_request, reply) => sendSerialized(reply, current().body))

  app.get<{ Params: { guildId: string } }>('/api/v1/health/shards/:guildId', {
    config: { cacheControl: cacheControl.health, edgeKeys: ['shards'] },
    attachValidation: true, // the handler words the 400 itself
    schema: {
      summary: 'Which shard serves a server, and is it connected?',
      description: 'The shard is `(guildId >> 22) % total` (64-bit arithmetic), its cluster and state from the same snapshot ' +
        'as `/api/v1/health/shards`. A message link `https://discord.com/channels/<guild>/…` carries the guild id first.',
      tags: ['health'],
      params: GuildParams,
      response: {
        200: jsonResponse('The shard serving that server.', ShardLookupBody),
        ...problemResponses({
          400: 'The id is not a snowflake (17–20 digits, below 2^64).',
          503: NO_SHARDS
        })
      }
    }
  }, (request, reply) => {
    const text = request.params.guildId
    const guildId = parseSnowflake(text)
    if (guildId === undefined) throw problems.invalidRequest('The server id must be a Discord snowflake: 17 to 20 digits, below 2^64.')
    return sendSerialized(reply, current().lookup(guildId, text))
  })
}
