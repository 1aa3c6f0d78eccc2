// The counter of large body bytes: a young-generation collection after every COLLECT_AFTER_BYTES of them, none for
// small bodies; and, in a process with --expose-gc, bytes of one-off bodies no longer pile up between V8's collections.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, it } from 'node:test'
import { bodyBytesCounter, COUNT_FROM_BYTES } from '../../src/lib/body-bytes.ts'

describe('bodyBytesCounter', () => {
  it('collects each time afterBytes more large body bytes have been made', () => {
    let collections = 0
    const made = bodyBytesCounter(100_000, () => { collections++ })
    for (let i = 0; i < 4; i++) made(30_000) // 120,000
    assert.equal(collections, 1)
    for (let i = 0; i < 3; i++) made(30_000) // 90,000 since the collection
    assert.equal(collections, 1)
    made(30_000)
    assert.equal(collections, 2)
  })

  it('does not count bodies under COUNT_FROM_BYTES', () => {
    let collections = 0
    const made = bodyBytesCounter(100_000, () => { collections++ })
    for (let i = 0; i < 1000; i++) made(COUNT_FROM_BYTES - 1)
    assert.equal(collections, 0)
  })

  it('keeps the bytes of one-off bodies from piling up between collections (a process with --expose-gc), and does nothing without the flag', () => {
    // 400 copies of a 270 KB document, each made, sent (kept for the moment) and dropped, as for 400 Hosts seen once;
    // the most array-buffer memory held at once, with the process's counter and without it, and with it in a process
    // that has no collection to run.
    const script = (counted: boolean) => `
      import { sendableBytes } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../src/lib/serialized.ts'))}
      const template = Buffer.alloc(270 * 1024, 'x')
      let most = 0
      for (let i = 0; i < 400; i++) {
        const copy = Buffer.concat([template])
        if (${counted}) sendableBytes(copy, 'rebuilt', 'W/"x"')
        for (let j = 0; j < 200; j++) void { request: j } // a request's few objects
        await new Promise((resolve) => setImmediate(resolve)) // the next request
        most = Math.max(most, process.memoryUsage().arrayBuffers)
      }
      console.log(most)`
    const mostHeld = (counted: boolean, exposeGc = true) => {
      const flags = exposeGc ? ['--expose-gc'] : []
      const result = spawnSync(process.execPath, [...flags, '--max-semi-space-size=8', '--input-type=module', '-e', script(counted)], { encoding: 'utf8' })
      assert.equal(result.status, 0, result.stderr)
      return Number(result.stdout.trim()) / 2 ** 20
    }
    // Seen on the 2-core machine, two test files at a time: 49–57 MiB without a collection to run, 5–10 with one.
    const without = mostHeld(false)
    const counted = mostHeld(true)
    assert.ok(without > 20, `without the counter, ${without.toFixed(1)} MiB piled up (the case this guards against)`)
    assert.ok(counted < 16, `with it (a collection every 4 MiB), at most ${counted.toFixed(1)} MiB held at once`)
    const countedWithoutGc = mostHeld(true, false)
    assert.ok(countedWithoutGc > 20, `with it but no --expose-gc, nothing is collected: ${countedWithoutGc.toFixed(1)} MiB piled up`)
  })
})
