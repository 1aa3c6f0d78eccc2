// The checks lease (src/checks/lease.ts): its length and tick from the shortest interval within 5-15 s, and one holder at a time on a shared database.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createCheckLease, leaseTiming } from '../../src/checks/lease.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { MemoryCache } from '../../src/store/cache/memory-cache.ts'
import { declare, sqlite } from './declare.ts'

describe('the runner lease', () => {
  it('lasts the shortest check interval, at least 5 s and at most 15 s; ticks at a third of it', (t) => {
    const every = (...intervals: string[]) => declare(t, intervals.map((every, i) => `  - { id: c${i}, name: C, check: { tcp: { host: 127.0.0.1, port: ${1000 + i}, every: ${every} } } }`).join('\n')).probed
    assert.deepEqual(leaseTiming(every('10s', '30s')), { leaseMs: 10_000, tickMs: 3333 })
    assert.deepEqual(leaseTiming(every('5s', '1h')), { leaseMs: 5_000, tickMs: 1667 })
    assert.deepEqual(leaseTiming(every('1m', '5m')), { leaseMs: 15_000, tickMs: 5000 })
    assert.deepEqual(leaseTiming([]), { leaseMs: 15_000, tickMs: 5000 }, 'only pushes: the longest')
  })

  it('one runner holds it at a time; each default holder name is its own; it passes on once expired', async (t) => {
    const database = await sqlite(t)
    const clock = new ManualClock()
    const lease = () => createCheckLease({ cache: new MemoryCache(), cacheKind: 'memory', database, holder: undefined, ttlMs: 5000, clock })
    const first = lease()
    const second = lease()
    assert.equal(first.store, 'database')
    assert.equal(await first.hold(), true)
    assert.equal(await second.hold(), false)
    assert.equal(await first.hold(), true, 'renewed')
    clock.advance(5001)
    assert.equal(await second.hold(), true, 'taken once expired')
    assert.equal(await first.hold(), false)
  })
})
