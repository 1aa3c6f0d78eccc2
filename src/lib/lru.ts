// A bounded map that forgets the least recently used entry first: memory stays flat whatever clients ask. Bounded in
// entries, and, for values whose size varies (answers, documents), in bytes as well.

/** A bound in bytes: the most the values may hold together, and how many bytes one value holds. */
export interface ByteBound<V> {
  max: number
  of: (value: V) => number
}

export class LruCache<K, V> {
  readonly #entries = new Map<K, V>()
  readonly #capacity: number
  readonly #bytes: ByteBound<V> | undefined
  #heldBytes = 0
  /** The most recently used entry: asked for again, it needs no reordering (the usual case: one Host, one query). */
  #last: { key: K, value: V } | undefined

  constructor (capacity: number, bytes?: ByteBound<V>) {
    if (!(capacity >= 1)) throw new RangeError('An LRU cache holds at least one entry.')
    this.#capacity = capacity
    this.#bytes = bytes
  }

  get size (): number { return this.#entries.size }

  /** The bytes the values hold together (0 without a byte bound). */
  get bytes (): number { return this.#heldBytes }

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
    // The newest entry is never the one evicted (even alone above the byte bound), so #last stays valid.
    if (this.#entries.size > this.#capacity) this.#evictOldest()
    if (this.#bytes !== undefined) {
      this.#heldBytes += this.#bytes.of(value)
      while (this.#heldBytes > this.#bytes.max && this.#entries.size > 1) this.#evictOldest()
    }
    this.#last = { key, value }
    return value
  }

  #evictOldest (): void {
    const [key, value] = this.#entries.entries().next().value as [K, V]
    this.#entries.delete(key)
    if (this.#bytes !== undefined) this.#heldBytes -= this.#bytes.of(value)
  }
}
