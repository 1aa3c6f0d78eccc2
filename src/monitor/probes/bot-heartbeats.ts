// The bot probe from heartbeats: shards whose last report is too old, or not `ready`, are disconnected.
import type { ShardsBody } from '../../api/shards.ts'
import { plural } from '../../view/status-plural.js'
import { roundLatency, type BotProbeResult } from './probe.ts'

/** The bot component from the shards view: all connected `ok`, none `down`, else `degraded`; latency the mean ping of connected shards. */
export function judgeShards (body: ShardsBody): BotProbeResult {
  const connected = body.clusters.flatMap((cluster) => cluster.shards).filter((shard) => shard.connected)
  const pings = connected.map((shard) => shard.latencyMs).filter((ping): ping is number => ping !== null)
  const latencyMs = pings.length === 0 ? null : roundLatency(pings.reduce((a, b) => a + b, 0) / pings.length)
  const shards = { total: body.total, connected: body.connected }
  if (body.connected === body.total) return { status: 'ok', latencyMs, shards }
  if (body.connected === 0) {
    return { status: 'down', latencyMs, shards, message: 'No bot shard is connected.' }
  }
  const disconnected = body.total - body.connected
  return { status: 'degraded', latencyMs, shards, message: `${disconnected} of ${body.total} bot shards ${plural(disconnected, 'is', 'are')} disconnected.` }
}
