// The bodies of GET /api/v1/health/shards and /api/v1/health/shards/{guildId} (docs/en/architecture.md#beyond-the-spec): one schema for
// validation, serialisation, OpenAPI and the status page's shard grid.
import { Type, type Static } from 'typebox'

/** The decimal numbers of `max`'s length that are at most `max`, without a leading zero, as a regular expression. */
function atMostPattern (max: string): string {
  const alternatives: string[] = []
  for (let i = 0; i < max.length; i++) {
    const digit = Number(max[i])
    const lowest = i === 0 ? 1 : 0
    if (digit <= lowest) continue
    const rest = max.length - i - 1
    alternatives.push(`${max.slice(0, i)}[${lowest}-${digit - 1}]${rest === 0 ? '' : `[0-9]{${rest}}`}`)
  }
  return [...alternatives, max].join('|')
}

/**
 * A Discord snowflake as the API accepts it: 17 to 20 digits, no leading zero, below 2^64 (the OpenAPI pattern of
 * every guildId, so that the contract admits exactly what the server does).
 */
export const SNOWFLAKE_PATTERN = `^(?:[1-9][0-9]{16,18}|${atMostPattern(((1n << 64n) - 1n).toString())})$`

export const ShardState = Type.Union([
  Type.Literal('ready'), Type.Literal('connecting'), Type.Literal('reconnecting'), Type.Literal('resuming'),
  Type.Literal('disconnected'), Type.Literal('silent'), Type.Literal('missing')
], {
  description: 'What the shard last reported (`ready`, `connecting`, `reconnecting`, `resuming`, `disconnected`); ' +
    '`silent` when its last heartbeat is older than the heartbeat timeout; `missing` when it never reported although it is ' +
    'below the shard count. Only a fresh `ready` is connected.'
})
export type ShardState = Static<typeof ShardState>

export const Shard = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  status: ShardState,
  connected: Type.Boolean(),
  latencyMs: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'The gateway ping it last reported, in milliseconds.' }),
  lastHeartbeatAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Its last heartbeat; null for a `missing` shard.' })
}, { additionalProperties: false })
export type Shard = Static<typeof Shard>

export const ShardCluster = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  shards: Type.Array(Shard, { description: 'Ordered by shard id.' })
}, { additionalProperties: false })
export type ShardCluster = Static<typeof ShardCluster>

export const ShardsBody = Type.Object({
  total: Type.Integer({ minimum: 1, description: 'The shard count: the `total` of the newest heartbeat that carried one, else the highest shard id reported plus one.' }),
  connected: Type.Integer({ minimum: 0 }),
  clusters: Type.Array(ShardCluster, { description: 'Ordered by cluster id; bots without clusters have one cluster `0`.' })
}, {
  $id: 'Shards',
  title: 'Shards',
  additionalProperties: false,
  examples: [{
    total: 4,
    connected: 3,
    clusters: [
      { id: 0, shards: [
        { id: 0, status: 'ready', connected: true, latencyMs: 41, lastHeartbeatAt: '2026-11-21T12:00:00.000Z' },
        { id: 1, status: 'ready', connected: true, latencyMs: 38, lastHeartbeatAt: '2026-11-21T12:00:02.000Z' }
      ] },
      { id: 1, shards: [
        { id: 2, status: 'reconnecting', connected: false, latencyMs: null, lastHeartbeatAt: '2026-11-21T11:59:58.000Z' },
        { id: 3, status: 'ready', connected: true, latencyMs: 44, lastHeartbeatAt: '2026-11-21T12:00:01.000Z' }
      ] }
    ]
  }]
})
export type ShardsBody = Static<typeof ShardsBody>

export const ShardLookupBody = Type.Object({
  guildId: Type.String({ pattern: SNOWFLAKE_PATTERN, description: 'The server (guild) id asked about, as a string.' }),
  shard: Type.Integer({ minimum: 0, description: '`(guildId >> 22) % total`.' }),
  cluster: Type.Integer({ minimum: 0 }),
  status: ShardState,
  connected: Type.Boolean()
}, {
  $id: 'ShardLookup',
  title: 'ShardLookup',
  additionalProperties: false,
  examples: [{ guildId: '81384788765712384', shard: 2, cluster: 1, status: 'reconnecting', connected: false }]
})
export type ShardLookupBody = Static<typeof ShardLookupBody>
