// The cache interface every part of the service uses: values with a TTL, counters, locks, a ping.
export interface Cache {
  get (key: string): Promise<string | undefined>
  set (key: string, value: string, ttlMs: number): Promise<void>
  /** Adds one to a counter that expires `ttlMs` after it was created; returns the new count. */
  increment (key: string, ttlMs: number): Promise<number>
  /** Takes a lock that expires by itself after `ttlMs`; returns a release function, or undefined when held elsewhere. */
  lock (key: string, ttlMs: number): Promise<(() => Promise<void>) | undefined>
  /** Takes the lease `key` for `holder` for `ttlMs`, or renews it when `holder` has it; true when `holder` holds it now. */
  lease (key: string, holder: string, ttlMs: number): Promise<boolean>
  /**
   * Writes a short-lived probe key and resolves once it is written (the cache probe times it); rejects when the cache
   * does not answer, with CacheWriteRefused when it answers but refuses the write (Redis full under `noeviction`).
   */
  ping (): Promise<void>
  close (): Promise<void>
}

export type CacheKind = 'memory' | 'redis'

/** The cache answered but refused to store anything (Redis: `OOM command not allowed`, a read-only replica). */
export class CacheWriteRefused extends Error {
  override name = 'CacheWriteRefused'
}
