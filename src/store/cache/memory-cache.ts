// The in-process cache: the embedded default, and the fallback while Redis does not answer.
import type { Cache } from './cache.ts'

interface Entry {
  value: string
  expiresAt: number
}

export class MemoryCache implements Cache {
  readonly #entries = new Map<string, Entry>()
  readonly #maxEntries: number
  readonly #now: () => number

  constructor (options: { maxEntries?: number, now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? 100_000
    this.#now = options.now ?? Date.now
  }

  async get (key: string): Promise<string | undefined> {
    return this.#live(key)?.value
  }

  async set (key: string, value: string, ttlMs: number): Promise<void> {
    this.#put(key, value, ttlMs)
  }

  async increment (key: string, ttlMs: number): Promise<number> {
    const entry = this.#live(key)
    const count = entry === undefined ? 1 : Number(entry.value) + 1
    if (entry === undefined) this.#put(key, '1', ttlMs)
    else entry.value = String(count)
    return count
  }

  async lease (key: string, holder: string, ttlMs: number): Promise<boolean> {
    const leaseKey = `lease:${key}`
    const held = this.#live(leaseKey)
    if (held !== undefined && held.value !== holder) return false
    this.#put(leaseKey, holder, ttlMs)
    return true
  }

  async lock (key: string, ttlMs: number): Promise<(() => Promise<void>) | undefined> {
    const lockKey = `lock:${key}`
    if (this.#live(lockKey) !== undefined) return undefined
    const token = crypto.randomUUID()
    this.#put(lockKey, token, ttlMs)
    return async () => {
      if (this.#live(lockKey)?.value === token) this.#entries.delete(lockKey)
    }
  }

  async ping (): Promise<void> {}

  async close (): Promise<void> {
    this.#entries.clear()
  }

  #live (key: string): Entry | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt > this.#now()) return entry
    this.#entries.delete(key)
    return undefined
  }

  #put (key: string, value: string, ttlMs: number): void {
    if (!this.#entries.has(key) && this.#entries.size >= this.#maxEntries) this.#evict()
    this.#entries.set(key, { value, expiresAt: this.#now() + ttlMs })
  }

  /** Bounded memory: drop expired entries, then the oldest inserted ones. */
  #evict (): void {
    const now = this.#now()
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key)
    const excess = this.#entries.size - Math.floor(this.#maxEntries * 0.9)
    let dropped = 0
    for (const key of this.#entries.keys()) {
      if (dropped++ >= excess) break
      this.#entries.delete(key)
    }
  }
}
