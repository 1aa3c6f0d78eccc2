// The shards body serialised once per monitor round, and guild lookups answered from it: each shard's part of
// the lookup body is serialised with the snapshot, so a request only prepends the guild id it asked about.
import type { ShardLookupBody, ShardsBody } from '../api/shards.ts'
import { encodeOnce, serialize, type Serialized } from '../lib/serialized.ts'
import { shardOfGuild } from './guild-shard.ts'

export interface ShardsSnapshot {
  body: Serialized<ShardsBody>
  /** The lookup body for a guild id already checked by parseSnowflake (`text` its decimal form). */
  lookup (guildId: bigint, text: string): Serialized<ShardLookupBody>
}

export function shardsSnapshot (body: ShardsBody): ShardsSnapshot {
  const entries: Array<Omit<ShardLookupBody, 'guildId'>> = []
  for (const cluster of body.clusters) {
    for (const shard of cluster.shards) entries[shard.id] = { shard: shard.id, cluster: cluster.id, status: shard.status, connected: shard.connected }
  }
  const tails = entries.map((entry) => JSON.stringify(entry).slice(1))
  return {
    body: serialize(body),
    lookup (guildId, text) {
      const shard = shardOfGuild(guildId, body.total)
      return encodeOnce({ guildId: text, ...entries[shard]! }, `{"guildId":"${text}",${tails[shard]!}`)
    }
  }
}
