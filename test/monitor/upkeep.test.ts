// The upkeep: housekeeping (skipped while writes fail) then the history, one upkeep at a time.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createUpkeep } from '../../src/monitor/upkeep.ts'
import { WriteState } from '../../src/monitor/write-state.ts'

/** A step that waits until released, recording each call. */
function gate<T> () {
  const calls: T[] = []
  let release = () => {}
  let waiting = Promise.resolve()
  return {
    calls,
    hold () { waiting = new Promise((resolve) => { release = resolve }) },
    release: () => release(),
    run: async (value: T) => { calls.push(value); await waiting }
  }
}

describe('the upkeep', () => {
  it('runs the housekeeping, then the history; one at a time', async () => {
    const order: string[] = []
    const housekeeping = gate<number>()
    const upkeep = createUpkeep({
      writes: new WriteState(),
      housekeepIfDue: async (now) => { await housekeeping.run(now); order.push('housekeeping') },
      refreshHistory: async () => { order.push('history') }
    })
    assert.equal(upkeep.inFlight(), undefined)
    housekeeping.hold()
    const first = upkeep.start(1000)
    const second = upkeep.start(2000)
    assert.equal(second, first, 'the upkeep in flight, not a second one')
    assert.equal(upkeep.inFlight(), first)
    housekeeping.release()
    await first
    assert.deepEqual(housekeeping.calls, [1000])
    assert.deepEqual(order, ['housekeeping', 'history'])
    assert.equal(upkeep.inFlight(), undefined, 'forgotten once done')
    await upkeep.start(3000)
    assert.deepEqual(housekeeping.calls, [1000, 3000], 'the next round starts one again')
  })

  it('skips the housekeeping while a write failure stands, but not the history', async () => {
    const writes = new WriteState()
    const done: string[] = []
    const upkeep = createUpkeep({
      writes,
      housekeepIfDue: async () => { done.push('housekeeping') },
      refreshHistory: async () => { done.push('history') }
    })
    writes.failed('full', 0)
    await upkeep.start(1000)
    assert.deepEqual(done, ['history'])
    writes.succeeded()
    await upkeep.start(2000)
    assert.deepEqual(done, ['history', 'housekeeping', 'history'])
  })
})
