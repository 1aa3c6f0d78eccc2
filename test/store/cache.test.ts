// The cache contract on memory and Redis, and the Redis → memory fallback when Redis stops and returns.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Cache } from '../../src/store/cache/cache.ts'
import { FallbackCache } from '../../src/store/cache/fallback-cache.ts'
import { MemoryCache } from '../../src/store/cache/memory-cache.ts'
import { RedisCache } from '../../src/store/cache/redis-cache.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { redisSkip, startRedis, type RedisServer } from '../services/redis.ts'

function contract (name: string, make: () => Promise<Cache>, wait: (ms: number) => Promise<void>, skip?: string) {
  describe(`${name} cache`, { skip }, () => {
    let cache: Cache
    before(async () => { cache = await make() })
    after(() => cache.close())

    it('keeps a value until its TTL ends', async () => {
      await cache.set('a', 'one', 200)
      assert.equal(await cache.get('a'), 'one')
      await wait(300)
      assert.equal(await cache.get('a'), undefined)
    })

    it('counts, and starts again after the window', async () => {
      assert.equal(await cache.increment('n', 200), 1)
      assert.equal(await cache.increment('n', 200), 2)
      await wait(300)
      assert.equal(await cache.increment('n', 200), 1)
    })

    it('gives a lock to one holder until released or expired', async () => {
      const release = await cache.lock('job', 200)
      assert.ok(release)
      assert.equal(await cache.lock('job', 200), undefined)
      await release()
      const again = await cache.lock('job', 200)
      assert.ok(again)
      await wait(300)
      assert.ok(await cache.lock('job', 200), 'an expired lock is free')
    })

    it('answers a ping with a latency', async () => {
      await cache.ping() // resolves: the write went through
    })
  })
}

const clock = new ManualClock()
contract('memory', async () => new MemoryCache({ now: () => clock.now() }), async (ms) => clock.advance(ms))

const skip = redisSkip()
let redis: RedisServer | undefined
if (skip === undefined) {
  before(async () => { redis = await startRedis() })
  after(() => redis?.destroy())
}
async function connectedRedis (keyPrefix: string): Promise<RedisCache> {
  const cache = new RedisCache(redis!.url, { keyPrefix })
  assert.ok(await cache.connected(2000))
  return cache
}

contract('redis', () => connectedRedis(`t${process.pid}:`), (ms) => sleep(ms), skip)

describe('memory cache bounds', () => {
  it('never holds more than its maximum', async () => {
    const cache = new MemoryCache({ maxEntries: 100 })
    for (let i = 0; i < 1000; i++) await cache.set(`k${i}`, 'v', 60_000)
    let kept = 0
    for (let i = 0; i < 1000; i++) if (await cache.get(`k${i}`) !== undefined) kept++
    assert.ok(kept <= 100 && kept > 0, `kept ${kept}`)
    assert.equal(await cache.get('k999'), 'v', 'the newest stays')
  })
})

describe('redis with memory fallback', { skip }, () => {
  it('keeps working while Redis is down, reports it, and uses Redis again when it returns', async () => {
    const server = redis!
    const fallbacks: string[] = []
    const cache = new FallbackCache(await connectedRedis(`f${process.pid}:`), new MemoryCache(), { onFallback: (message) => fallbacks.push(message) })
    after(() => cache.close())
    await cache.set('k', 'in-redis', 60_000)
    assert.equal(await cache.get('k'), 'in-redis')
    await cache.ping() // resolves: the write went through

    await server.stop()
    const started = performance.now()
    await cache.set('k', 'in-memory', 60_000)
    assert.equal(fallbacks.length, 1, 'the switch to memory is reported')
    assert.match(fallbacks[0]!, /^redis command failed \(.+\); using memory for 1000 ms$/)
    await assert.rejects(cache.ping(), 'the probe sees Redis down')
    assert.equal(await cache.get('k'), 'in-memory', 'operations fall back to memory')
    assert.equal(await cache.increment('c', 60_000), 1)
    assert.ok(performance.now() - started < 1000, 'the fallback does not wait on the dead server')

    await server.start()
    let back = false
    for (let i = 0; i < 50 && !back; i++) {
      await sleep(100)
      back = await cache.ping().then(() => true, () => false)
    }
    assert.ok(back, 'the probe sees Redis again')
    await cache.set('k', 'redis-again', 60_000)
    const direct = await connectedRedis(`f${process.pid}:`)
    after(() => direct.close())
    assert.equal(await direct.get('k'), 'redis-again', 'writes reach Redis again')
  })
})
