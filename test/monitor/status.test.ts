// The overall-status rule (docs/en/status-definitions.md#overall-status) as a table, and the worst-of ordering used for minute slots.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { overallStatus, worse, type ComponentStatus, type OverallStatus } from '../../src/monitor/status.ts'

const rules: Array<[ComponentStatus, ComponentStatus, ComponentStatus, OverallStatus]> = [
  // database, cache, bot → overall
  ['ok', 'ok', 'ok', 'ok'],
  ['ok', 'ok', 'unknown', 'ok'], // an unconfigured bot does not count
  ['ok', 'unknown', 'unknown', 'ok'],
  ['down', 'ok', 'ok', 'down'],
  ['ok', 'ok', 'down', 'down'],
  ['down', 'down', 'down', 'down'],
  ['ok', 'down', 'ok', 'degraded'], // a cache outage only degrades
  ['ok', 'down', 'unknown', 'degraded'],
  ['degraded', 'ok', 'ok', 'degraded'],
  ['ok', 'degraded', 'ok', 'degraded'],
  ['ok', 'ok', 'degraded', 'degraded'],
  ['degraded', 'down', 'degraded', 'degraded'],
  ['ok', 'down', 'down', 'down'],
  ['unknown', 'ok', 'ok', 'ok'],
  ['down', 'degraded', 'unknown', 'down']
]

describe('overall status', () => {
  for (const [database, cache, bot, expected] of rules) {
    it(`database ${database}, cache ${cache}, bot ${bot} → ${expected}`, () => {
      assert.equal(overallStatus({ database, cache, bot }), expected)
    })
  }

  it('is down exactly when the database or the bot is down, over every combination', () => {
    const all: ComponentStatus[] = ['ok', 'degraded', 'down', 'unknown']
    for (const database of all) for (const cache of all) for (const bot of all) {
      const overall = overallStatus({ database, cache, bot })
      assert.equal(overall === 'down', database === 'down' || bot === 'down')
      const anyTrouble = [database, cache, bot].includes('degraded') || cache === 'down'
      if (overall !== 'down') assert.equal(overall, anyTrouble ? 'degraded' : 'ok')
    }
  })
})

describe('worse', () => {
  it('orders unknown < ok < degraded < down, either way round', () => {
    const order: ComponentStatus[] = ['unknown', 'ok', 'degraded', 'down']
    for (const [i, a] of order.entries()) for (const [j, b] of order.entries()) {
      assert.equal(worse(a, b), order[Math.max(i, j)])
    }
  })
})
