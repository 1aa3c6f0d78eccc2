// The shards as the API and the status page show them: each shard's state from its last heartbeat, grouped
// by cluster, with the count that decides "connected".
import type { Shard, ShardCluster, ShardsBody, ShardState } from '../api/shards.ts'
import type { BotHeartbeatRow } from '../store/repositories/bot-heartbeats.ts'
import { MAX_SHARD_ID } from './heartbeat-reporter.ts'

/** A shard's state at `now`: what it reported while fresh, `silent` once its heartbeat is older than the timeout. */
export function shardState (row: BotHeartbeatRow, freshSince: number): ShardState {
  return Date.parse(row.reported_at) >= freshSince ? row.status as ShardState : 'silent'
}

/**
 * The bot's shard count: the `total` of the newest report that carried one (the latest heartbeat; of equal times, the
 * highest shard's), else the highest shard id reported plus one; undefined when nothing is left to count.
 */
export function shardCount (rows: readonly BotHeartbeatRow[]): number | undefined {
  let newest: BotHeartbeatRow | undefined
  let highest = -1
  for (const row of rows) {
    if (row.shard_id > highest) highest = row.shard_id
    if (row.shard_total == null) continue
    if (newest === undefined || row.reported_at > newest.reported_at || (row.reported_at === newest.reported_at && row.shard_id > newest.shard_id)) newest = row
  }
  if (newest?.shard_total != null) return newest.shard_total
  return highest < 0 ? undefined : highest + 1
}

/**
 * Every shard from 0 below the bot's shard count (shardCount: the newest `total` reported, else the highest id plus
 * one), up to MAX_SHARD_ID; ids never reported are `missing`, in the cluster of the nearest reported shard below them.
 * Rows at or beyond the count are left out (the next report carrying `total` deletes them). Undefined when no shard
 * below the count has reported.
 */
export function buildShardsBody (reported: readonly BotHeartbeatRow[], now: number, timeoutSeconds: number): ShardsBody | undefined {
  // A row above the bound was written before it existed: left out rather than making the bot that many shards.
  const bounded = reported.filter((row) => row.shard_id <= MAX_SHARD_ID)
  const total = shardCount(bounded)
  const rows = total === undefined ? [] : bounded.filter((row) => row.shard_id < total)
  if (total === undefined || rows.length === 0) return undefined
  const freshSince = now - timeoutSeconds * 1000
  const byId = new Map(rows.map((row) => [row.shard_id, row]))
  const clusters = new Map<number, Shard[]>()
  let cluster = byId.get(Math.min(...byId.keys()))?.cluster_id ?? 0
  let connected = 0
  for (let id = 0; id < total; id++) {
    const row = byId.get(id)
    if (row !== undefined) cluster = row.cluster_id ?? 0
    const status = row === undefined ? 'missing' : shardState(row, freshSince)
    const isConnected = status === 'ready'
    if (isConnected) connected++
    const shard: Shard = { id, status, connected: isConnected, latencyMs: row?.ping_ms ?? null, lastHeartbeatAt: row?.reported_at ?? null }
    const list = clusters.get(cluster)
    if (list === undefined) clusters.set(cluster, [shard])
    else list.push(shard)
  }
  const ordered: ShardCluster[] = [...clusters].sort(([a], [b]) => a - b).map(([id, shards]) => ({ id, shards }))
  return { total, connected, clusters: ordered }
}
