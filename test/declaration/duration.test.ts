// Durations of the status file: 30s, 2m, 800ms, 1h, 1m30s read into milliseconds, anything else refused.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { formatDuration, parseDuration } from '../../src/declaration/duration.ts'

describe('durations', () => {
  it('reads hours, minutes, seconds and milliseconds in that order', () => {
    assert.equal(parseDuration('30s'), 30_000)
    assert.equal(parseDuration('2m'), 120_000)
    assert.equal(parseDuration('800ms'), 800)
    assert.equal(parseDuration('1h'), 3_600_000)
    assert.equal(parseDuration('1m30s'), 90_000)
    assert.equal(parseDuration('1h2m3s4ms'), 3_723_004)
    assert.equal(parseDuration('0s'), 0)
  })

  it('refuses anything else', () => {
    for (const text of ['', '30', '30 s', '1.5s', 's', '30S', '2ms5', '30s1m', '1d', '-1s', ' 30s', '1m1m', '2mss']) {
      assert.equal(parseDuration(text), undefined, text)
    }
  })

  it('writes the shortest form back', () => {
    assert.equal(formatDuration(90_000), '1m30s')
    assert.equal(formatDuration(800), '800ms')
    assert.equal(formatDuration(60_000), '1m')
    assert.equal(formatDuration(7 * 86_400_000), '168h')
    assert.equal(formatDuration(0), '0s')
  })
})
