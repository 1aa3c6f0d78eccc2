// The shards the bot's last heartbeats reported, serialised once per round (GET /api/v1/health/shards answers from it).
import type { ShardsBody } from '../api/shards.ts'
import { shardsSnapshot, type ShardsSnapshot } from '../bot/shard-snapshot.ts'

export interface ShardsHolder {
  /** The bot probe's `onShards`: the shards view of the heartbeats just read (undefined: none reported). */
  readonly onShards: (body: ShardsBody | undefined) => void
  /** The latest snapshot; undefined while no shard has reported. */
  readonly current: () => ShardsSnapshot | undefined
}

export function createShardsHolder (): ShardsHolder {
  let shards: ShardsSnapshot | undefined
  return {
    onShards: (body) => { shards = body === undefined ? undefined : shardsSnapshot(body) },
    current: () => shards
  }
}
