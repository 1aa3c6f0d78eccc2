// Memory given back when the process is quiet (src/lib/memory-release.ts): when it collects, when it leaves the process
// alone, and, in a real process with `--expose-gc`, that the collection really shrinks the heap.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, it, mock } from 'node:test'
import { startMemoryRelease, RELEASE_AT_MOST_EVERY_MS, RELEASE_EVERY_MS, RELEASE_GROWTH_BYTES } from '../../src/lib/memory-release.ts'

const MiB = 1024 * 1024

/** A release driven by hand: the heap's size and the event loop's busyness are set by the test. */
function driven (t: { after: (fn: () => void) => void }) {
  mock.timers.enable({ apis: ['setInterval'] })
  t.after(() => mock.timers.reset())
  const state = { heapHeld: 40 * MiB, utilization: 0, collections: 0, now: 0 }
  const release = startMemoryRelease({
    collect: async () => { state.collections++ },
    heapHeld: () => state.heapHeld,
    utilization: () => state.utilization,
    now: () => state.now
  })
  t.after(() => release.stop())
  /** One look of the release (after an event loop as busy as `utilization`, if given), and the collection it started, if any. */
  const look = async (utilization = state.utilization) => {
    state.utilization = utilization
    state.now += RELEASE_EVERY_MS
    mock.timers.tick(RELEASE_EVERY_MS)
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { state, release, look }
}

describe('giving memory back when quiet', () => {
  it('collects when asked, once for calls that overlap', async (t) => {
    const { state, release } = driven(t)
    await Promise.all([release.releaseNow(), release.releaseNow()])
    assert.equal(state.collections, 1)
    await release.releaseNow()
    assert.equal(state.collections, 2)
  })

  it('collects again once the heap holds more memory while the event loop was quiet, and only then', async (t) => {
    const { state, look } = driven(t)
    await look(0.5)
    assert.equal(state.collections, 0, 'busy from the start')
    await look(0.01)
    assert.equal(state.collections, 1, 'the first quiet look after start-up collects')
    await look()
    assert.equal(state.collections, 1, 'nothing has grown since')
    state.heapHeld += RELEASE_GROWTH_BYTES
    state.now += RELEASE_AT_MOST_EVERY_MS
    await look(0.5)
    assert.equal(state.collections, 1, 'grown, but busy: a collection now would hold up requests')
    await look(0.01)
    assert.equal(state.collections, 2, 'grown and quiet')
    state.now += RELEASE_AT_MOST_EVERY_MS
    await look()
    assert.equal(state.collections, 2, 'measured from the heap after that collection: not again until it grows again')
    state.heapHeld += RELEASE_GROWTH_BYTES - 1
    await look()
    assert.equal(state.collections, 2, 'grown by less than the margin')
    state.heapHeld += 1
    await look()
    assert.equal(state.collections, 3)
  })

  it('collects at the first quiet look after a burst of load when the heap grew at all, not at quiet looks after quiet ones', async (t) => {
    const { state, look } = driven(t)
    await look()
    assert.equal(state.collections, 1, 'the first quiet look')
    state.now += RELEASE_AT_MOST_EVERY_MS
    state.heapHeld += 1024
    await look()
    assert.equal(state.collections, 1, 'quiet all along: a little growth waits for the margin')
    await look(0.5)
    assert.equal(state.collections, 1, 'busy')
    await look(0.01)
    assert.equal(state.collections, 2, 'the burst is over and the heap holds more than after the last collection')
    state.now += RELEASE_AT_MOST_EVERY_MS
    await look(0.5)
    await look(0.01)
    assert.equal(state.collections, 2, 'another burst, but the heap has not grown since')
  })

  it('leaves at least RELEASE_AT_MOST_EVERY_MS between two collections of its own, whatever was asked for in between', async (t) => {
    const { state, release, look } = driven(t)
    await look()
    assert.equal(state.collections, 1, 'the first quiet look')
    await release.releaseNow()
    assert.equal(state.collections, 2, 'asked for: not held back')
    state.heapHeld += 2 * RELEASE_GROWTH_BYTES
    const looks = RELEASE_AT_MOST_EVERY_MS / RELEASE_EVERY_MS
    for (let i = 1; i < looks; i++) await look()
    assert.equal(state.collections, 2, 'grown and quiet, but its last collection was too recent')
    await look()
    assert.equal(state.collections, 3)
  })

  it('stops looking when stopped', async (t) => {
    const { state, release, look } = driven(t)
    release.stop()
    state.heapHeld += 10 * RELEASE_GROWTH_BYTES
    await look()
    assert.equal(state.collections, 0)
  })

  it('does nothing, and sets no timer, where Node does not expose the collection', async () => {
    assert.equal(globalThis.gc, undefined, 'the test runner starts files without --expose-gc')
    const release = startMemoryRelease()
    await release.releaseNow()
    release.stop()
  })

  it('in a process started with --expose-gc, the collection after a burst of allocation shrinks the heap and RSS', () => {
    const module = path.resolve(import.meta.dirname, '../../src/lib/memory-release.ts')
    const script = `
      const { startMemoryRelease } = await import(${JSON.stringify(module)})
      let kept = []
      for (let i = 0; i < 400_000; i++) kept.push({ i, text: 'x'.repeat(i % 64) + i })
      kept = kept.filter((_, i) => i % 50 === 0)
      const before = process.memoryUsage()
      const release = startMemoryRelease()
      await release.releaseNow()
      release.stop()
      const after = process.memoryUsage()
      console.log(JSON.stringify({ before, after, kept: kept.length }))
    `
    const result = spawnSync(process.execPath, ['--expose-gc', '--max-semi-space-size=8', '--input-type=module', '-e', script], { encoding: 'utf8' })
    assert.equal(result.status, 0, result.stderr)
    const { before, after } = JSON.parse(result.stdout) as Record<'before' | 'after', NodeJS.MemoryUsage>
    assert.ok(after.heapTotal < before.heapTotal - 10 * MiB, `heap ${(before.heapTotal / MiB).toFixed(1)} → ${(after.heapTotal / MiB).toFixed(1)} MiB`)
    assert.ok(after.rss < before.rss - 10 * MiB, `RSS ${(before.rss / MiB).toFixed(1)} → ${(after.rss / MiB).toFixed(1)} MiB`)
  })
})
