// A bounded map that forgets the least recently used entry first: memory stays flat whatever clients ask.
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>()
  readonly #capacity: number
  /** The most recently used entry: asked for again, it needs no reordering (the usual case: one Host, one query). */
  #last: { key: K, value: V } | undefined

  constructor (capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('An LRU cache holds at least one entry.')
    this.#capacity = capacity
  }

  get size (): number { return this.#entries.size }

  /** The cached value, or the one `make` returns (then cached). */
  getOrSet (key: K, make: () => V): V {
    if (this.#last !== undefined && this.#last.key === key) return this.#last.value
    const found = this.#entries.get(key)
    if (found !== undefined || this.#entries.has(key)) {
      this.#entries.delete(key)
      this.#entries.set(key, found as V)
      this.#last = { key, value: found as V }
      return found as V
    }
    const value = make()
    this.#entries.set(key, value)
    // The newest entry is never the one evicted, so #last stays valid.
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as K)
    this.#last = { key, value }
    return value
  }
}
