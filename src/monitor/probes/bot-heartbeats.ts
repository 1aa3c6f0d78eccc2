// The bot probe from heartbeats: shards whose last report is too old, or not `ready`, are disconnected.
import type { BotHeartbeatRow } from '../../store/repositories/bot-heartbeats.ts'
import { roundLatency, type BotProbeResult } from './probe.ts'

/** The judgement over the shards' last reports at `now`; `undefined` when no shard ever reported. */
export function judgeHeartbeats (rows: BotHeartbeatRow[], now: number, timeoutSeconds: number): BotProbeResult | undefined {
  if (rows.length === 0) return undefined
  const freshSince = now - timeoutSeconds * 1000
  const connected = rows.filter((row) => row.status === 'ready' && Date.parse(row.reported_at) >= freshSince)
  const pings = connected.map((row) => row.ping_ms).filter((ping): ping is number => ping !== null)
  const latencyMs = pings.length === 0 ? null : roundLatency(pings.reduce((a, b) => a + b, 0) / pings.length)
  const shards = { total: rows.length, connected: connected.length }
  if (connected.length === rows.length) return { status: 'ok', latencyMs, shards }
  if (connected.length === 0) {
    return { status: 'down', latencyMs, shards, message: 'No bot shard is connected.' }
  }
  return { status: 'degraded', latencyMs, shards, message: `${rows.length - connected.length} of ${rows.length} bot shards are disconnected.` }
}
