// The pacer of the followers' fan-out: starts evenly spaced, never more than the rate in any second, and a pause is not
// made up for with a burst.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { createPacer } from '../../src/lib/pacer.ts'

/** The most starts within any window of a second. */
function busiestSecond (times: number[]): number {
  let most = 0
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++
    most = Math.max(most, i - j + 1)
  }
  return most
}

describe('pacer', () => {
  it('spreads starts over the second: at most perSecond in any second, none bunched', async () => {
    const pacer = createPacer(50)
    const times: number[] = []
    for (let i = 0; i < 120; i++) {
      await pacer.next()
      times.push(performance.now())
    }
    assert.ok(busiestSecond(times) <= 50, `${busiestSecond(times)} in a second`)
    const gaps = times.slice(1).map((time, i) => time - times[i]!)
    // On a grid of 20.4 ms; a start a little late keeps to the grid, so the next gap is shorter by as much (10 ms at most).
    assert.ok(Math.min(...gaps) >= 10, `gaps of at least 10 ms, got ${Math.min(...gaps).toFixed(1)} ms`)
    assert.ok(times.at(-1)! - times[0]! < 119 * 20.4 + 1500, 'and not much slower than the rate')
  })

  it('after a pause, goes on at the rate instead of catching up with a burst', async () => {
    const pacer = createPacer(20)
    await pacer.next()
    await sleep(300)
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      await pacer.next()
      times.push(performance.now())
    }
    const gaps = times.slice(1).map((time, i) => time - times[i]!)
    assert.ok(Math.min(...gaps) >= 30, `no burst after the pause: gaps ${gaps.map((gap) => gap.toFixed(0)).join(', ')} ms`)
  })
})
