// What one attempt of a declared check finds: ok, degraded or down, its latency and a public-safe sentence.
import type { ProbeResult } from '../monitor/probes/probe.ts'

export interface Attempt extends ProbeResult {
  status: 'ok' | 'degraded' | 'down'
}

/** A failed connection in words safe to publish, from the error's code (its text may name the host); undefined: not a connection error. */
export function connectionFailure (code: string | undefined): string | undefined {
  switch (code) {
    case 'ECONNREFUSED': return 'The connection was refused.'
    case 'ECONNRESET': case 'EPIPE': return 'The connection was closed before an answer came.'
    case 'ENOTFOUND': case 'EAI_AGAIN': case 'EAI_NODATA': case 'EAI_NONAME': return 'The name could not be resolved.'
    case 'EHOSTUNREACH': case 'ENETUNREACH': return 'The address cannot be reached.'
    default: return undefined
  }
}
