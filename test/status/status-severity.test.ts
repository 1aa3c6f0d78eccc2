// The one severity order (src/api/status-severity.ts): it ranks every status of both vocabularies, the browser's copy
// agrees with it, and the two vocabularies agree with each other where src/monitor/measure.ts maps one onto the other.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ShownStatus } from '../../src/api/components.ts'
import { ComponentStatus } from '../../src/api/health.ts'
import { MEASURED_ORDER, SEVERITY_ORDER, severity } from '../../src/api/status-severity.ts'
import { healthStatusOf } from '../../src/monitor/measure.ts'
import { worse } from '../../src/monitor/status.ts'
import { worstStatus } from '../../src/status/model.ts'
import { CHECK_SEVERITY } from '../../src/view/status-uptime.js'

const valuesOf = (union: { anyOf: ReadonlyArray<{ const: unknown }> }) => union.anyOf.map((member) => member.const as string)
const measured = valuesOf(ComponentStatus)
const shown = valuesOf(ShownStatus)

describe('the one severity order', () => {
  it('ranks every measured and every public status exactly once', () => {
    assert.deepEqual(SEVERITY_ORDER.flatMap((step) => 'measured' in step ? [step.measured] : []).toSorted(), measured.toSorted())
    assert.deepEqual(SEVERITY_ORDER.map((step) => step.shown).toSorted(), shown.toSorted())
    assert.deepEqual(MEASURED_ORDER, ['unknown', 'ok', 'degraded', 'down'])
    assert.deepEqual(shown.toSorted((a, b) => severity(a) - severity(b)),
      ['unknown', 'operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'])
  })

  it('ranks what it does not know (no_data, a value from a later version) as unknown', () => {
    for (const status of ['no_data', 'sideways', '']) assert.equal(severity(status), severity('unknown'))
  })

  it('is the order the browser copies for its last-24-hours strip (src/view/status-uptime.js)', () => {
    assert.deepEqual(CHECK_SEVERITY, Object.fromEntries(MEASURED_ORDER.filter((status) => status !== 'unknown').map((status) => [status, severity(status)])))
  })

  it('agrees with the public statuses\' measured meaning: a worse public status is never measured better', () => {
    const outages = shown.filter((status) => status !== 'unknown') as Array<Parameters<typeof healthStatusOf>[0]>
    for (const a of outages) {
      for (const b of outages) {
        if (severity(a) <= severity(b)) assert.ok(severity(healthStatusOf(a)) <= severity(healthStatusOf(b)), `${a} ≤ ${b}`)
      }
    }
  })

  it('is what the monitor and the model take the worse of two statuses by', () => {
    assert.equal(worse('ok', 'unknown'), 'ok')
    assert.equal(worse('degraded', 'down'), 'down')
    assert.equal(worse('down', 'degraded'), 'down')
    assert.equal(worstStatus('under_maintenance', 'operational'), 'under_maintenance')
    assert.equal(worstStatus('under_maintenance', 'degraded_performance'), 'degraded_performance')
    assert.equal(worstStatus('major_outage', 'partial_outage'), 'major_outage')
  })
})
