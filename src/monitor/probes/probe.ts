// What a component probe answers: a status, a latency, and a short public-safe message.
import type { ComponentStatus } from '../status.ts'

export interface ProbeResult {
  status: ComponentStatus
  /** Round-trip (or reported) latency in milliseconds; null when there is none to report. */
  latencyMs: number | null
  /** A short sentence safe to publish: never an error text, host name or connection string. */
  message?: string
}

export interface BotProbeResult extends ProbeResult {
  shards: { total: number, connected: number } | null
}

export function roundLatency (ms: number): number {
  return Math.max(0, Math.round(ms * 10) / 10)
}
