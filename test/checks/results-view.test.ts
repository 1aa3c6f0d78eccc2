// The results view on a manual clock: probed results while recent, push results by the last push's age, one map a second at most.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { HeldResults } from '../../src/checks/held-results.ts'
import { createResultsView, staleAfter } from '../../src/checks/results-view.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import type { CheckResultRow } from '../../src/store/repositories/check-results.ts'
import { declare } from './declare.ts'

function row (component: string, status: CheckResultRow['status'], checkedAt: number, message: string | null = null): CheckResultRow {
  return { component, status, latencyMs: 12, message, failures: 0, checkedAt, reportedBy: null }
}

describe('the results view', () => {
  it('shows each probed check\'s latest result until it is older than three intervals and the time limit', (t) => {
    const { probed, pushed } = declare(t, '  - { id: site, name: Site, check: { http: { url: "http://127.0.0.1:9/", every: 10s, timeout: 2s } } }')
    assert.equal(staleAfter(probed[0]!), 32_000)
    const clock = new ManualClock()
    const held = new HeldResults()
    const view = createResultsView({ probed, pushed, held, clock, startedAt: clock.now() })
    assert.equal(view.results().get('site'), undefined, 'not checked yet')
    held.keep(row('site', 'degraded', clock.now(), 'Slow.'))
    assert.equal(view.results().get('site'), undefined, 'the map is kept for a second')
    view.invalidate()
    assert.deepEqual(view.results().get('site'), { status: 'degraded', latencyMs: 12, message: 'Slow.' })
    held.keep(row('site', 'ok', clock.now()))
    clock.advance(1000)
    assert.deepEqual(view.results().get('site'), { status: 'ok', latencyMs: 12 }, 'made anew after a second')
    clock.advance(30_000)
    assert.equal(view.results().get('site')!.status, 'ok')
    clock.advance(1000)
    assert.equal(view.results().get('site')!.status, 'ok', '32 s old: still recent')
    clock.advance(1000)
    assert.deepEqual(view.results().get('site'), { status: 'unknown', latencyMs: null, message: 'No recent result.' })
  })

  it('shows a push check unknown, then down once silent for longer than `within` since the start, then as pushed', (t) => {
    const { probed, pushed } = declare(t, '  - { id: worker, name: Worker, check: { push: { within: 10s } } }')
    const clock = new ManualClock()
    const held = new HeldResults()
    const view = createResultsView({ probed, pushed, held, clock, startedAt: clock.now() })
    assert.equal(view.results().get('worker')!.status, 'unknown')
    clock.advance(10_001)
    assert.equal(view.results().get('worker')!.status, 'down')
    held.keep(row('worker', 'degraded', clock.now(), 'Behind.'))
    view.invalidate()
    assert.deepEqual(view.results().get('worker'), { status: 'degraded', latencyMs: 12, message: 'Behind.' })
  })
})
