// Redis first, memory while Redis does not answer: the service keeps working and the cache probe reports down.
import type { Cache } from './cache.ts'

/** After a failure, the primary is left alone this long before the next request tries it again. */
const RETRY_AFTER_MS = 1000

export class FallbackCache implements Cache {
  readonly #primary: Cache
  readonly #fallback: Cache
  readonly #now: () => number
  #skipPrimaryUntil = 0

  constructor (primary: Cache, fallback: Cache, now: () => number = Date.now) {
    this.#primary = primary
    this.#fallback = fallback
    this.#now = now
  }

  /** True while the primary is being bypassed after a failure. */
  get degraded (): boolean {
    return this.#now() < this.#skipPrimaryUntil
  }

  get (key: string) { return this.#use((cache) => cache.get(key)) }
  set (key: string, value: string, ttlMs: number) { return this.#use((cache) => cache.set(key, value, ttlMs)) }
  increment (key: string, ttlMs: number) { return this.#use((cache) => cache.increment(key, ttlMs)) }
  lock (key: string, ttlMs: number) { return this.#use((cache) => cache.lock(key, ttlMs)) }

  /** Pings the primary itself: the health of the cache is the health of Redis, not of the fallback. */
  async ping (): Promise<number> {
    try {
      const latency = await this.#primary.ping()
      this.#skipPrimaryUntil = 0
      return latency
    } catch (error) {
      this.#skipPrimaryUntil = this.#now() + RETRY_AFTER_MS
      throw error
    }
  }

  async close (): Promise<void> {
    await Promise.all([this.#primary.close(), this.#fallback.close()])
  }

  async #use<T> (operation: (cache: Cache) => Promise<T>): Promise<T> {
    if (!this.degraded) {
      try {
        return await operation(this.#primary)
      } catch {
        this.#skipPrimaryUntil = this.#now() + RETRY_AFTER_MS
      }
    }
    return operation(this.#fallback)
  }
}
