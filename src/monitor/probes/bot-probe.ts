// The bot connection: heartbeats from bot_heartbeats and/or a pull of BOT_STATUS_URL, combined.
import type { Database } from '../../store/database.ts'
import { listBotHeartbeats } from '../../store/repositories/bot-heartbeats.ts'
import { withTimeout } from '../../lib/timeout.ts'
import { worse } from '../status.ts'
import type { ShardsBody } from '../../api/shards.ts'
import { buildShardsBody } from '../../bot/shards.ts'
import { judgeShards } from './bot-heartbeats.ts'
import { probeBotUrl } from './bot-url.ts'
import type { BotProbeResult } from './probe.ts'

export interface BotProbeOptions {
  database: Database
  statusUrl: URL | undefined
  heartbeatTimeoutSeconds: number
  now: number
  timeoutMs: number
  /** Receives the shards view built from the heartbeats read (undefined: none reported); not called when unreadable. */
  onShards?: (body: ShardsBody | undefined) => void
}

/**
 * With both sources, the worse status wins and the pulled details (shards, latency) are preferred.
 * Neither configured nor ever reported: `unknown`, which does not count toward the overall status.
 */
export async function probeBot (options: BotProbeOptions): Promise<BotProbeResult> {
  const [fromHeartbeats, fromUrl] = await Promise.all([
    readHeartbeats(options),
    options.statusUrl === undefined ? undefined : probeBotUrl(options.statusUrl)
  ])
  if (fromUrl === undefined && fromHeartbeats === 'unreadable') {
    return { status: 'unknown', latencyMs: null, shards: null, message: 'Bot heartbeats cannot be read right now.' }
  }
  const heartbeats = fromHeartbeats === 'unreadable' ? undefined : fromHeartbeats
  if (fromUrl === undefined && heartbeats === undefined) {
    return { status: 'unknown', latencyMs: null, shards: null, message: 'No bot shard has reported yet.' }
  }
  if (fromUrl === undefined) return heartbeats!
  if (heartbeats === undefined) return fromUrl
  const status = worse(fromUrl.status, heartbeats.status)
  const message = status === fromUrl.status ? fromUrl.message : heartbeats.message
  return {
    status,
    latencyMs: fromUrl.latencyMs ?? heartbeats.latencyMs,
    shards: fromUrl.shards ?? heartbeats.shards,
    ...(message === undefined ? {} : { message })
  }
}

async function readHeartbeats (options: BotProbeOptions): Promise<BotProbeResult | undefined | 'unreadable'> {
  try {
    const rows = await withTimeout(listBotHeartbeats(options.database), options.timeoutMs, 'bot heartbeats')
    const body = buildShardsBody(rows, options.now, options.heartbeatTimeoutSeconds)
    options.onShards?.(body)
    return body === undefined ? undefined : judgeShards(body)
  } catch {
    return 'unreadable'
  }
}
