// The cache probe: the in-process memory cache is always ok; Redis gets a ping with a timeout.
import type { Cache, CacheKind } from '../../store/cache/cache.ts'
import { withTimeout } from '../../lib/timeout.ts'
import { roundLatency, type ProbeResult } from './probe.ts'

export async function probeCache (cache: Cache, kind: CacheKind, timeoutMs: number): Promise<ProbeResult> {
  if (kind === 'memory') return { status: 'ok', latencyMs: 0, message: 'In-process memory cache.' }
  try {
    return { status: 'ok', latencyMs: roundLatency(await withTimeout(cache.ping(), timeoutMs, 'cache ping')) }
  } catch {
    return { status: 'down', latencyMs: null, message: 'The shared cache does not answer; each instance serves from its own memory.' }
  }
}
