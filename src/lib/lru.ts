// A bounded map that forgets the least recently used entry first: memory stays flat whatever clients ask. Bounded in
// entries, and, for values whose size varies (answers, documents), in bytes as well; optionally keeping only what is
// asked for twice, so that what clients ask for once passes through without settling in.

/** A bound in bytes: the most the values may hold together, and how many bytes one value holds. */
export interface ByteBound<V> {
  max: number
  of: (value: V) => number
}

/**
 * The keys asked for once lately, for a cache that keeps a value only when its key is asked for again: what clients ask
 * for once (a made-up query, a Host never seen again) is made, sent and dropped at once. Dying young, it is freed by
 * V8's cheap young-generation collections; a value that settled in the cache and was pushed out later is freed only by
 * a full collection, which V8 puts off until tens of MiB of such bytes have piled up (bench/README.md#footprint). A
 * fixed ring of keys, not a Map or a Set: what passes through a long-lived Map ages into the old generation even when
 * deleted at once (200,000 one-off 6 KB buffers through a Map of 16 entries: 28 full collections and +50 MiB RSS;
 * kept in an array of 16 slots instead: 2 and +0, as with no cache at all).
 */
class AskedOnce<K> {
  readonly #keys: Array<K | undefined>
  #next = 0

  constructor (size: number) {
    if (!(size >= 1)) throw new RangeError('Remember at least one key.')
    this.#keys = Array.from({ length: size }, () => undefined)
  }

  /** True when `key` is among the last keys asked for once (then forgotten here); else remembers it and says false. */
  askedBefore (key: K): boolean {
    const index = this.#keys.indexOf(key)
    if (index !== -1) {
      this.#keys[index] = undefined
      return true
    }
    this.#keys[this.#next] = key
    this.#next = (this.#next + 1) % this.#keys.length
    return false
  }
}

export class LruCache<K, V> {
  readonly #entries = new Map<K, V>()
  readonly #capacity: number
  readonly #bytes: ByteBound<V> | undefined
  readonly #askedOnce: AskedOnce<K> | undefined
  #heldBytes = 0
  /** The most recently used entry: asked for again, it needs no reordering (the usual case: one Host, one query). */
  #last: { key: K, value: V } | undefined

  /**
   * `secondAskWithin`: keep a value only when its key is asked for a second time among that many new keys (a key asked
   * once gets its value made and not kept); unset, every value made is kept.
   */
  constructor (capacity: number, bytes?: ByteBound<V>, secondAskWithin?: number) {
    if (!(capacity >= 1)) throw new RangeError('An LRU cache holds at least one entry.')
    this.#capacity = capacity
    this.#bytes = bytes
    if (secondAskWithin !== undefined) this.#askedOnce = new AskedOnce(secondAskWithin)
  }

  /** The entries kept. */
  get size (): number { return this.#entries.size }

  /** The bytes the values kept hold together (0 without a byte bound). */
  get bytes (): number { return this.#heldBytes }

  /** The cached value, if there is one, without making it or counting an ask. */
  peek (key: K): V | undefined {
    return this.#entries.get(key)
  }

  /** The cached value, or the one `make` returns (then cached, unless its key is asked for the first time lately). */
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
    if (this.#askedOnce !== undefined && !this.#askedOnce.askedBefore(key)) return value
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
