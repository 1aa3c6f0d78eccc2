// The cache interface every part of the service uses: values with a TTL, counters, locks, a ping.
export interface Cache {
  get (key: string): Promise<string | undefined>
  set (key: string, value: string, ttlMs: number): Promise<void>
  /** Adds one to a counter that expires `ttlMs` after it was created; returns the new count. */
  increment (key: string, ttlMs: number): Promise<number>
  /** Takes a lock that expires by itself after `ttlMs`; returns a release function, or undefined when held elsewhere. */
  lock (key: string, ttlMs: number): Promise<(() => Promise<void>) | undefined>
  /** Resolves with the round-trip time in milliseconds, rejects when the cache does not answer. */
  ping (): Promise<number>
  close (): Promise<void>
}

export type CacheKind = 'memory' | 'redis'

export interface CacheHealth {
  kind: CacheKind
  status: 'ok' | 'down'
  latencyMs: number | null
}
