// Chooses the cache for the configuration: memory by default, Redis (with a memory fallback) with REDIS_URL.
import type { Cache, CacheKind } from './cache.ts'
import { FallbackCache } from './fallback-cache.ts'
import { MemoryCache } from './memory-cache.ts'

export interface OpenedCache {
  cache: Cache
  kind: CacheKind
}

/** How long start-up waits for Redis before serving from memory (it keeps reconnecting in the background). */
const CONNECT_WAIT_MS = 2000

export async function openCache (options: { redisUrl: string | undefined, onError?: (message: string) => void, keyPrefix?: string }): Promise<OpenedCache> {
  if (options.redisUrl === undefined) return { cache: new MemoryCache(), kind: 'memory' }
  // ioredis is loaded only when REDIS_URL asks for it: the embedded shape starts without its ~80 modules.
  const { RedisCache } = await import('./redis-cache.ts')
  const redis = new RedisCache(options.redisUrl, { onError: options.onError, keyPrefix: options.keyPrefix })
  await redis.connected(CONNECT_WAIT_MS)
  return { cache: new FallbackCache(redis, new MemoryCache(), { onFallback: options.onError }), kind: 'redis' }
}
