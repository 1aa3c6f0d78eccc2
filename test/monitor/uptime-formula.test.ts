// The uptime formula by hand: weights, the three maintenance rules, no data on neither side, rounding that never
// flatters, and a day rolled up before minutes were kept by status reading exactly as its check counts did.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEFAULT_UPTIME, type UptimePolicy } from '../../src/declaration/declaration.ts'
import { figuresOf, meanPercent, percent } from '../../src/monitor/uptime-formula.ts'
import { minutesOfCounts, parseShownMinutes, formatShownMinutes } from '../../src/api/shown-minutes.ts'
import { percentUp } from '../../src/monitor/history.ts'

const policy = (change: Partial<UptimePolicy> = {}): UptimePolicy => ({ ...DEFAULT_UPTIME, ...change })

describe('the uptime formula', () => {
  it('weighs each status: 1 − Σ(weight × minutes) / (minutes − no data − excluded maintenance)', () => {
    const shown = { operational: 1000, degraded_performance: 100, partial_outage: 200, major_outage: 20, 'maintenance:operational': 60 } as const
    const figures = figuresOf(shown, 1440, policy())
    assert.deepEqual(figures, {
      minutes: 1440, uptimePercent: 90.9090, downMinutes: 120, operationalMinutes: 1000, degradedMinutes: 100, partialMinutes: 200, majorMinutes: 20,
      maintenanceMinutes: 60, noDataMinutes: 60
    })
    // By hand: 1 − (0 × 100 + 0.5 × 200 + 1 × 20) / (1440 − 60 − 60) = 1 − 120 / 1320 = 0.909090…
    assert.equal(percent(120, 1320), 90.909)
    const strict = figuresOf(shown, 1440, policy({ weights: { degraded_performance: 0.25, partial_outage: 1, major_outage: 1 } }))
    assert.equal(strict.downMinutes, 245)
    assert.equal(strict.uptimePercent, Math.floor((1 - 245 / 1320) * 1_000_000) / 10_000)
  })

  it('counts maintenance on neither side, as up, or as the status beneath', () => {
    const shown = { operational: 1300, 'maintenance:major_outage': 100, 'maintenance:unknown': 20 } as const
    const excluded = figuresOf(shown, 1440, policy())
    assert.deepEqual([excluded.uptimePercent, excluded.maintenanceMinutes, excluded.noDataMinutes, excluded.downMinutes], [100, 120, 20, 0])
    const up = figuresOf(shown, 1440, policy({ maintenance: 'up' }))
    assert.deepEqual([up.uptimePercent, up.operationalMinutes, up.noDataMinutes], [100, 1420, 20])
    const counted = figuresOf(shown, 1440, policy({ maintenance: 'counted' }))
    assert.deepEqual([counted.majorMinutes, counted.downMinutes, counted.noDataMinutes], [100, 100, 40], 'the window over nothing known is no data')
    assert.equal(counted.uptimePercent, Math.floor((1 - 100 / 1400) * 1_000_000) / 10_000)
    for (const figures of [excluded, up, counted]) {
      const excludedMaintenance = figures === excluded ? figures.maintenanceMinutes : 0
      const denominator = figures.minutes - figures.noDataMinutes - excludedMaintenance
      assert.equal(figures.uptimePercent, percent(figures.downMinutes, denominator), 'checkable from the figures alone')
    }
  })

  it('says null without a minute that counts, and never rounds up to 100', () => {
    assert.equal(figuresOf({}, 1440, policy()).uptimePercent, null)
    assert.equal(figuresOf({ 'maintenance:operational': 1440 }, 1440, policy()).uptimePercent, null)
    assert.equal(figuresOf({ operational: 9_999_999, major_outage: 1 }, 10_000_000, policy()).uptimePercent, 99.9999)
    assert.equal(percent(1, 10_000_000), 99.9999)
    assert.equal(meanPercent([100, 99.5, null]), 99.75)
    assert.equal(meanPercent([null]), null)
  })

  it('reads a day rolled up before minutes were kept by status as its check counts did, with the default weights', () => {
    for (const [checks, degraded, down] of [[1440, 0, 0], [1440, 100, 7], [700, 0, 1], [1, 0, 1]] as const) {
      const figures = figuresOf(minutesOfCounts(checks, degraded, down), 1440, policy())
      assert.equal(Math.floor(figures.uptimePercent! * 1000) / 1000, percentUp(checks, down))
      assert.equal(figures.noDataMinutes, 1440 - checks)
    }
  })

  it('stores minutes in one spelling and reads back only known codes', () => {
    const text = formatShownMinutes({ major_outage: 3, operational: 5, 'maintenance:unknown': 0 })
    assert.equal(text, '{"operational":5,"major_outage":3}')
    assert.deepEqual(parseShownMinutes(text), { operational: 5, major_outage: 3 })
    assert.deepEqual(parseShownMinutes('{"operational":2,"bogus":4,"major_outage":-1}'), { operational: 2 })
    assert.equal(parseShownMinutes(null), null)
    assert.equal(parseShownMinutes('not json'), null)
  })
})
