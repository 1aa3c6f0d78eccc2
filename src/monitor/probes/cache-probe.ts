// The cache probe: the in-process memory cache is always ok; Redis gets a write (SET … PX) with a timeout, timed
// without the time this process's event loop was blocked.
import { CacheWriteRefused, type Cache, type CacheKind } from '../../store/cache/cache.ts'
import { withTimeout } from '../../lib/timeout.ts'
import type { ProbeResult } from './probe.ts'
import { startProbeTimer } from './probe-timer.ts'

export async function probeCache (cache: Cache, kind: CacheKind, timeoutMs: number): Promise<ProbeResult> {
  if (kind === 'memory') return { status: 'ok', latencyMs: 0, message: 'In-process memory cache.' }
  const timer = startProbeTimer()
  try {
    await withTimeout(cache.ping(), timeoutMs, 'cache ping')
    return { status: 'ok', latencyMs: timer.elapsedMs() }
  } catch (error) {
    timer.stop()
    if (error instanceof CacheWriteRefused) return { status: 'degraded', latencyMs: null, message: `The shared cache refuses writes (it is full); ${FALLBACK_COST}` }
    return { status: 'down', latencyMs: null, message: `The shared cache does not answer; ${FALLBACK_COST}` }
  }
}

/** What the memory fallback costs, said where people look: limits and upstream fetches are per instance meanwhile. */
const FALLBACK_COST = 'each instance uses its own memory meanwhile: rate limits count per instance and each instance fetches the chat platform\'s status itself.'
