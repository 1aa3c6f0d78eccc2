// Redis first, memory while Redis does not answer: the service keeps working and the cache probe reports down.
import type { Cache } from './cache.ts'

/** After a failure, the primary is left alone this long before the next request tries it again. */
const RETRY_AFTER_MS = 1000

export class FallbackCache implements Cache {
  readonly #primary: Cache
  readonly #fallback: Cache
  readonly #now: () => number
  readonly #onFallback: (message: string) => void
  #skipPrimaryUntil = 0

  /** `onFallback` hears each time a failed command sends the cache to memory (a log line: this is not silent). */
  constructor (primary: Cache, fallback: Cache, options: { now?: () => number, onFallback?: (message: string) => void } = {}) {
    this.#primary = primary
    this.#fallback = fallback
    this.#now = options.now ?? Date.now
    this.#onFallback = options.onFallback ?? (() => {})
  }

  /** True while the primary is being bypassed after a failure. */
  get degraded (): boolean {
    return this.#now() < this.#skipPrimaryUntil
  }

  get (key: string) { return this.#use((cache) => cache.get(key)) }
  set (key: string, value: string, ttlMs: number) { return this.#use((cache) => cache.set(key, value, ttlMs)) }
  increment (key: string, ttlMs: number) { return this.#use((cache) => cache.increment(key, ttlMs)) }
  lock (key: string, ttlMs: number) { return this.#use((cache) => cache.lock(key, ttlMs)) }
  lease (key: string, holder: string, ttlMs: number) { return this.#use((cache) => cache.lease(key, holder, ttlMs)) }

  /**
   * Pings the primary itself: the health of the cache is the health of Redis, not of the fallback. A failed ping
   * only reports: the commands find out for themselves. (A ping that timed out because this process was starved of
   * CPU would otherwise send every replica's locks and counters to memory for a second, each on its own.)
   */
  async ping (): Promise<void> {
    await this.#primary.ping()
    this.#skipPrimaryUntil = 0
  }

  async close (): Promise<void> {
    await Promise.all([this.#primary.close(), this.#fallback.close()])
  }

  async #use<T> (operation: (cache: Cache) => Promise<T>): Promise<T> {
    if (!this.degraded) {
      try {
        return await operation(this.#primary)
      } catch (error) {
        this.#skipPrimaryUntil = this.#now() + RETRY_AFTER_MS
        this.#onFallback(`redis command failed (${(error as Error).message}); using memory for ${RETRY_AFTER_MS} ms`)
      }
    }
    return operation(this.#fallback)
  }
}
