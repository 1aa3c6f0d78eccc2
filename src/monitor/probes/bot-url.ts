// The bot probe by pull: GET BOT_STATUS_URL within 2 s; a JSON body with status/shards/latency is used when present.
import { roundLatency, type BotProbeResult } from './probe.ts'
import { startProbeTimer } from './probe-timer.ts'
import type { ComponentStatus } from '../status.ts'

const BOT_URL_TIMEOUT_MS = 2000
const BODY_LIMIT_BYTES = 64 * 1024

export async function probeBotUrl (url: URL, timeoutMs = BOT_URL_TIMEOUT_MS): Promise<BotProbeResult> {
  const timer = startProbeTimer()
  const signal = AbortSignal.timeout(timeoutMs)
  let response: Response
  let body: string
  try {
    response = await fetch(url, { signal, redirect: 'error', headers: { accept: 'application/json' } })
    body = await readLimited(response)
  } catch (error) {
    timer.stop()
    const timedOut = signal.aborted || (error as Error).name === 'TimeoutError'
    return {
      status: 'down',
      latencyMs: null,
      shards: null,
      message: timedOut ? 'The bot did not answer its status check in time.' : 'The bot\'s status endpoint cannot be reached.'
    }
  }
  const roundTrip = timer.elapsedMs()
  if (!response.ok) {
    return { status: 'down', latencyMs: null, shards: null, message: 'The bot\'s status endpoint reports an error.' }
  }
  const details = parseDetails(body)
  if (details === undefined) return { status: 'ok', latencyMs: roundTrip, shards: null }
  const shards = details.shards ?? null
  const status = details.status ?? (shards === null ? 'ok' : statusOfShards(shards))
  return {
    status,
    latencyMs: details.latencyMs ?? roundTrip,
    shards,
    ...(status === 'ok' ? {} : { message: status === 'down' ? 'The bot reports that it is down.' : 'The bot reports reduced service.' })
  }
}

interface Details {
  status?: ComponentStatus
  shards?: { total: number, connected: number }
  latencyMs?: number
}

/** Reads what the bot said, keeping only well-formed fields; anything else is ignored, never trusted. */
function parseDetails (text: string): Details | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const record = value as Record<string, unknown>
  const details: Details = {}
  const status = typeof record.status === 'string' ? record.status.toLowerCase() : undefined
  if (status === 'ok' || status === 'ready' || status === 'online') details.status = 'ok'
  else if (status === 'degraded') details.status = 'degraded'
  else if (status === 'down' || status === 'offline') details.status = 'down'
  const shards = record.shards as Record<string, unknown> | undefined
  if (typeof shards === 'object' && shards !== null && isCount(shards.total) && isCount(shards.connected) && shards.connected <= shards.total) {
    details.shards = { total: shards.total, connected: shards.connected }
  }
  const latency = [record.latencyMs, record.latency, record.ping].find((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 3_600_000)
  if (typeof latency === 'number') details.latencyMs = roundLatency(latency)
  return details
}

function isCount (value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

function statusOfShards (shards: { total: number, connected: number }): ComponentStatus {
  if (shards.total === 0 || shards.connected === shards.total) return 'ok'
  return shards.connected === 0 ? 'down' : 'degraded'
}

async function readLimited (response: Response): Promise<string> {
  if (response.body === null) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body) {
    size += chunk.byteLength
    if (size > BODY_LIMIT_BYTES) {
      await response.body.cancel().catch(() => {})
      return '' // too large to be a status: treated as a body without details
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
