// The LRU cache keeps at most its capacity and forgets the least recently used entry first.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { LruCache } from '../../src/lib/lru.ts'

describe('LruCache', () => {
  it('makes a value once, then returns it', () => {
    const cache = new LruCache<string, number>(2)
    let made = 0
    assert.equal(cache.getOrSet('a', () => ++made), 1)
    assert.equal(cache.getOrSet('a', () => ++made), 1)
    assert.equal(made, 1)
  })

  it('forgets the least recently used entry beyond its capacity', () => {
    const cache = new LruCache<string, string>(2)
    cache.getOrSet('a', () => 'A')
    cache.getOrSet('b', () => 'B')
    cache.getOrSet('a', () => 'A2') // a is now the most recent
    cache.getOrSet('c', () => 'C') // b goes
    assert.equal(cache.size, 2)
    assert.equal(cache.getOrSet('a', () => 'new'), 'A')
    assert.equal(cache.getOrSet('b', () => 'new'), 'new')
  })

  it('answers the entry just used again without making it, and still evicts in order of use', () => {
    const cache = new LruCache<string, string>(2)
    let made = 0
    cache.getOrSet('a', () => { made++; return 'A' })
    cache.getOrSet('b', () => { made++; return 'B' })
    for (let i = 0; i < 3; i++) assert.equal(cache.getOrSet('b', () => 'new'), 'B')
    cache.getOrSet('a', () => 'new') // a is the most recent again
    cache.getOrSet('c', () => 'C') // so b goes
    assert.equal(made, 2)
    assert.equal(cache.getOrSet('a', () => 'new'), 'A')
    assert.equal(cache.getOrSet('b', () => 'B2'), 'B2')
  })

  it('with a byte bound, forgets the least recently used entries until the values fit, whatever their count', () => {
    const cache = new LruCache<string, string>(100, { max: 10, of: (value) => value.length })
    cache.getOrSet('a', () => 'aaaa')
    cache.getOrSet('b', () => 'bbbb')
    cache.getOrSet('a', () => 'new') // a is now the most recent
    assert.equal(cache.bytes, 8)
    cache.getOrSet('c', () => 'cccccc') // 14 bytes: b goes, a (4) + c (6) fit
    assert.equal(cache.size, 2)
    assert.equal(cache.bytes, 10)
    assert.equal(cache.getOrSet('a', () => 'new'), 'aaaa')
    assert.equal(cache.getOrSet('b', () => 'B'), 'B') // made again; c (least recent) goes, a + B = 5
    assert.equal(cache.bytes, 5)
    cache.getOrSet('huge', () => 'x'.repeat(50)) // alone above the bound: kept (it is being answered), all others go
    assert.equal(cache.size, 1)
    assert.equal(cache.bytes, 50)
    cache.getOrSet('d', () => 'dd')
    assert.deepEqual([cache.size, cache.bytes], [1, 2])
  })

  it('with secondAskWithin, keeps a value only when its key is asked for again among that many new keys', () => {
    const cache = new LruCache<string, string>(10, undefined, 2)
    let made = 0
    const make = () => `v${++made}`
    assert.equal(cache.getOrSet('a', make), 'v1')
    assert.equal(cache.size, 0, 'asked for once: made, not kept')
    assert.equal(cache.getOrSet('a', make), 'v2', 'asked again: made again')
    assert.equal(cache.size, 1, 'and kept')
    assert.equal(cache.getOrSet('a', make), 'v2')
    cache.getOrSet('b', make) // v3
    cache.getOrSet('c', make) // v4
    cache.getOrSet('d', make) // v5: b is now beyond the last 2 new keys
    assert.equal(cache.getOrSet('b', make), 'v6', 'asked again too late: still a first ask')
    assert.equal(cache.size, 1)
    assert.equal(cache.getOrSet('d', make), 'v7', 'within the last 2 new keys: kept')
    assert.equal(cache.getOrSet('d', make), 'v7')
    assert.equal(cache.size, 2)
  })

  it('refuses a capacity below one', () => {
    assert.throws(() => new LruCache(0), RangeError)
  })
})
