// Repeating background rounds: the wait comes from each round's result, a run of failures is reported once and its end
// once, and stop() ends the rounds (waiting a bounded time for one in flight).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { repeating } from '../../src/lib/repeating.ts'

describe('repeating', () => {
  it('reports the first failure and the first success after it, once each, whatever the number of rounds', async () => {
    const outcomes = [true, false, false, false, true, true, false]
    const seen: string[] = []
    const delays: Array<number | undefined> = []
    let done!: () => void
    const finished = new Promise<void>((resolve) => { done = resolve })
    const rounds = repeating({
      round: async () => {
        const ok = outcomes.shift()
        if (ok === undefined) done()
        if (ok === false) throw new Error('no')
        return 1
      },
      delayAfter: (result) => { delays.push(result); return 1 },
      onFailing: () => seen.push('failing'),
      onRecovered: () => seen.push('recovered')
    })
    rounds.start()
    await finished
    await rounds.stop()
    assert.deepEqual(seen, ['failing', 'recovered', 'failing', 'recovered']) // the last round, past the list, succeeds
    assert.deepEqual(delays.slice(0, 7), [1, undefined, undefined, undefined, 1, 1, undefined], 'a failed round has no result')
  })

  it('stops: no round starts after stop(), and stop waits for the round in flight up to its grace', async () => {
    let started = 0
    let release!: () => void
    const rounds = repeating({
      round: async () => { started++; await new Promise<void>((resolve) => { release = resolve }) },
      delayAfter: () => 1,
      onFailing: () => {},
      onRecovered: () => {}
    })
    rounds.start()
    let stopped = false
    const stopping = rounds.stop(5_000).then(() => { stopped = true })
    await sleep(20)
    assert.equal(stopped, false, 'waits for the round in flight')
    release()
    await stopping
    await sleep(20)
    assert.equal(started, 1)
  })
})
