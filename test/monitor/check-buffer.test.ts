// The memory buffer of minute checks: merged per (minute, component) as the database merges them, bounded in minutes,
// and a row written while it got worse is kept for the next write.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CheckBuffer } from '../../src/monitor/check-buffer.ts'
import type { ComponentCheckRow } from '../../src/store/repositories/component-checks.ts'

function check (minute: number, component: string, status: string, latencyMs: number | null = null): ComponentCheckRow {
  return { minute, component, status, latencyMs }
}

describe('check buffer', () => {
  it('merges rows per minute and component: the worst status with its latency, the highest latency among equals', () => {
    const buffer = new CheckBuffer()
    buffer.add([check(10, 'overall', 'ok'), check(10, 'database', 'ok', 1.5), check(10, 'music', 'ok', 100)])
    buffer.add([check(10, 'overall', 'degraded'), check(10, 'database', 'ok', 2.5), check(10, 'music', 'down')])
    buffer.add([check(10, 'database', 'ok', 0.5), check(10, 'music', 'degraded', 900), check(11, 'overall', 'ok')])
    assert.equal(buffer.size, 2, 'minutes held')
    assert.deepEqual(buffer.rows(), [
      check(10, 'overall', 'degraded'), check(10, 'database', 'ok', 2.5), check(10, 'music', 'down'), check(11, 'overall', 'ok')
    ])
  })

  it('keeps the most recent minutes when full, each with all its components', () => {
    const buffer = new CheckBuffer(3)
    for (let minute = 1; minute <= 5; minute++) buffer.add([check(minute, 'overall', 'down'), check(minute, 'database', 'down'), check(minute, 'music', 'ok', minute)])
    assert.equal(buffer.size, 3)
    assert.deepEqual([...new Set(buffer.rows().map((row) => row.minute))], [3, 4, 5])
    assert.equal(buffer.rows().length, 9)
  })

  it('forgets rows once written, but not one that got worse meanwhile; forgets minutes after a clock step back', () => {
    const buffer = new CheckBuffer()
    buffer.add([check(1, 'overall', 'ok'), check(1, 'cache', 'ok', 0.3), check(2, 'overall', 'ok')])
    const written = buffer.rows()
    buffer.add([check(1, 'cache', 'down')]) // a round of the same minute while the write was in flight
    buffer.remove(written)
    assert.deepEqual(buffer.rows(), [check(1, 'cache', 'down')])
    assert.equal(buffer.size, 1)
    buffer.add([check(5, 'overall', 'ok'), check(6, 'overall', 'ok')])
    buffer.dropAfter(5)
    assert.deepEqual(buffer.rows().map((row) => row.minute), [1, 5])
  })
})
