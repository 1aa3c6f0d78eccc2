// The status an incident gives a component it names: the operator's, else the one its impact implies.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { affectedComponents, componentStatusOf } from '../../src/incidents/component-status.ts'
import { COMPONENT_OUTAGES, INCIDENT_IMPACTS } from '../../src/incidents/rules.ts'

describe('componentStatusOf', () => {
  it('follows the impact when no status was given: minor, major, critical; none leaves it operational', () => {
    assert.deepEqual(INCIDENT_IMPACTS.map((impact) => [impact, componentStatusOf(impact, null), componentStatusOf(impact, undefined)]), [
      ['none', 'operational', 'operational'],
      ['minor', 'degraded_performance', 'degraded_performance'],
      ['major', 'partial_outage', 'partial_outage'],
      ['critical', 'major_outage', 'major_outage']
    ])
  })

  it('takes the given status whatever the impact, better or worse than it', () => {
    for (const impact of INCIDENT_IMPACTS) {
      for (const status of COMPONENT_OUTAGES) assert.equal(componentStatusOf(impact, status), status)
    }
  })

  it('resolves each stored component of an incident, keeping their order', () => {
    assert.deepEqual(affectedComponents('major', [{ id: 'music', status: null }, { id: 'api', status: 'degraded_performance' }]),
      [{ id: 'music', status: 'partial_outage' }, { id: 'api', status: 'degraded_performance' }])
    assert.deepEqual(affectedComponents('critical', []), [])
  })
})
