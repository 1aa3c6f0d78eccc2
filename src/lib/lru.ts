// A bounded map that forgets the least recently used entry first: memory stays flat whatever clients ask.
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>()
  readonly #capacity: number

  constructor (capacity: number) {
    this.#capacity = capacity
  }

  get size (): number { return this.#entries.size }

  /** The cached value, or the one `make` returns (then cached). */
  getOrSet (key: K, make: () => V): V {
    const found = this.#entries.get(key)
    if (found !== undefined || this.#entries.has(key)) {
      this.#entries.delete(key)
      this.#entries.set(key, found as V)
      return found as V
    }
    const value = make()
    this.#entries.set(key, value)
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as K)
    return value
  }
}
