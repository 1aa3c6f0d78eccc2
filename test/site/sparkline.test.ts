// The latency sparkline: 5-minute points that keep each spike, lines broken by gaps, a lone point as a dash, the words.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { latencyPoints, latencySection, latencySparkline } from '../../src/view/status-sparkline.js'
import { TEXT } from '../../src/view/status-view.js'

const GENERATED = '2026-11-21T12:00:30.000Z'
/** A check `ago` minutes before the last minute of the window (12:00). */
const check = (ago: number, latencyMs: number | null) => ({ at: new Date(Date.parse('2026-11-21T12:00:00.000Z') - ago * 60_000).toISOString(), status: 'ok' as const, latencyMs })

describe('latency sparkline', () => {
  it('draws nothing without a latency, and says so', () => {
    const history = { generatedAt: GENERATED, checks: [check(3, null)] }
    assert.equal(latencySparkline(history), undefined)
    assert.match(latencySection(TEXT.en, history), /No response time was measured in the last 24 hours\./)
    assert.match(latencySection(TEXT.de, null), /gerade nicht verfügbar/)
  })

  it('keeps the highest latency of each 5 minutes, breaks the line at a gap, and draws a lone point as a dash', () => {
    // Each bucket's other minutes no higher than its highest, so that the drawing is the same with enough minutes for a chart.
    const checks = [check(1439, 10), check(20, 40), check(19, 400), check(18, 40), check(14, 40), check(2, 20),
      ...[1438, 1437, 1436, 1435, 17, 16, 15, 13, 12, 11, 10, 4, 3, 1, 0].map((ago) => check(ago, ago > 1000 ? 10 : ago > 14 ? 40 : ago > 9 ? 40 : 20))]
    const points = latencyPoints({ generatedAt: GENERATED, checks: [check(1440, 99), ...checks] })
    assert.equal(points.length, 21, 'a check older than 24 hours is left out')
    const svg = latencySparkline({ generatedAt: GENERATED, checks })!
    const line = /class="sparkline-line" d="([^"]+)"/.exec(svg)![1]!
    const runs = line.split('M').filter(Boolean)
    assert.equal(runs.length, 3, `three runs: ${line}`)
    assert.equal(runs[0], '0 95L1 95', 'the lone first point (10 ms): one bucket wide')
    assert.equal(runs[1], '283 88L284 3L285 88', 'the spike of 400 ms tops its bucket, between two of 40 ms')
    assert.equal(runs[2], '286 92L287 92', 'after a bucket without a latency, a new run; a lone point at the right edge stays inside')
    assert.match(svg, /viewBox="0 0 287 100"/)
  })

  it('states the median and the highest over the measured minutes', () => {
    const history = { generatedAt: GENERATED, checks: [check(3, 10), check(2, 30), check(1, 200)] }
    assert.match(latencySection(TEXT.en, history), /Median 30 ms, highest 200 ms, over 3 measured minutes\./)
    assert.match(latencySection(TEXT.de, history), /Median 30 ms, höchstens 200 ms, über 3 gemessene Minuten\./)
  })
})
