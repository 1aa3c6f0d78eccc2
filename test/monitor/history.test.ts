// The 90-day maths: day boundaries, gaps, days without data, today's expected checks, rounding that never flatters.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildComponentHistory, buildHistory, percentUp } from '../../src/monitor/history.ts'
import { MINUTES_PER_DAY, dayOfDate, minuteOf } from '../../src/lib/minutes.ts'
import type { ComponentCheckRow, DayCounts } from '../../src/store/repositories/component-checks.ts'

const NOW = Date.parse('2026-11-21T12:00:30.000Z') // minute 720 of the day has started
const today = dayOfDate('2026-11-21')

/** A minute's rows: the overall status and each component's (the three default to ok, ok, unknown). */
function rows (minute: number, status = 'ok', components: Record<string, string> = {}): ComponentCheckRow[] {
  return Object.entries({ overall: status, database: 'ok', cache: 'ok', bot: 'unknown', ...components })
    .map(([component, componentStatus]) => ({ minute, component, status: componentStatus, latencyMs: null }))
}

function counts (day: number, component: string, checks: number, degraded = 0, down = 0): DayCounts {
  return { day, component, checks, degraded, down }
}

describe('history maths', () => {
  it('has exactly 90 days ending today, every day without checks honest as no_data', () => {
    const history = buildHistory({ now: NOW, checks: [], counts: [] })
    assert.equal(history.uptime.daily.length, 90)
    assert.equal(history.uptime.from, '2026-08-24')
    assert.equal(history.uptime.to, '2026-11-21')
    assert.equal(history.uptime.daily[0]!.date, '2026-08-24')
    assert.equal(history.uptime.daily[89]!.date, '2026-11-21')
    for (const day of history.uptime.daily) {
      assert.equal(day.status, 'no_data')
      assert.equal(day.percent, null)
      assert.equal(day.checks, 0)
    }
    assert.equal(history.uptime.percent, null, 'no data is not 100 %')
    assert.deepEqual(history.uptime.components, { database: null, cache: null, bot: null })
  })

  it('expects 1440 checks for past days and the minutes begun so far today', () => {
    const history = buildHistory({ now: NOW, checks: [], counts: [counts(today, 'overall', 700)] })
    assert.equal(history.uptime.daily[88]!.expectedChecks, 1440)
    const last = history.uptime.daily[89]!
    assert.equal(last.expectedChecks, 721)
    assert.equal(last.checks, 700, 'the gap of 21 minutes is visible')
    assert.equal(last.percent, 100)
  })

  it('counts degraded as up and down as not up; a day with a down minute is a down day', () => {
    const history = buildHistory({
      now: NOW,
      checks: [],
      counts: [
        counts(today - 1, 'overall', 1440, 100, 0),
        counts(today - 2, 'overall', 1440, 0, 1),
        counts(today - 3, 'overall', 720, 0, 0),
        counts(today - 2, 'database', 1440, 0, 1),
        counts(today - 2, 'bot', 0)
      ]
    })
    const [d3, d2, d1] = history.uptime.daily.slice(86, 89)
    const noData = { percent: null, status: 'no_data' }
    assert.deepEqual(d1, {
      date: '2026-11-20', percent: 100, checks: 1440, expectedChecks: 1440, degradedChecks: 100, downChecks: 0, status: 'degraded',
      components: { database: noData, cache: noData, bot: noData }
    })
    assert.equal(d2!.status, 'down')
    assert.deepEqual(d2!.components, { database: { percent: 99.93, status: 'down' }, cache: noData, bot: noData }, 'each component day from its own counts')
    assert.equal(d2!.percent, 99.930, '1439/1440 = 99.9305… rounded down')
    assert.equal(d3!.percent, 100)
    assert.equal(d3!.expectedChecks, 1440)
    // 90 days: 3600 checks, 1 down.
    assert.equal(history.uptime.percent, percentUp(3600, 1))
    assert.equal(history.uptime.components.database, percentUp(1440, 1))
    assert.equal(history.uptime.components.bot, null, 'a component never probed has no figure')
  })

  it('ignores counts outside the 90 days', () => {
    const history = buildHistory({ now: NOW, checks: [], counts: [counts(today - 90, 'overall', 1440, 0, 1440), counts(today + 1, 'overall', 5)] })
    assert.equal(history.uptime.percent, null)
  })

  it('lists minute checks oldest first with ISO minute starts', () => {
    const nowMinute = minuteOf(NOW)
    const history = buildHistory({
      now: NOW,
      checks: [...rows(nowMinute - 1439, 'down', { database: 'down' }), ...rows(nowMinute, 'degraded', { cache: 'down' })],
      counts: []
    })
    assert.deepEqual(history.checks, [
      { at: '2026-11-20T12:01:00.000Z', status: 'down', components: { database: 'down', cache: 'ok', bot: 'unknown' } },
      { at: '2026-11-21T12:00:00.000Z', status: 'degraded', components: { database: 'ok', cache: 'down', bot: 'unknown' } }
    ])
    assert.equal(history.generatedAt, '2026-11-21T12:00:30.000Z')
    assert.equal(history.checkIntervalSeconds, 60)
  })

  it('rounds down so that any down check keeps the figure under 100', () => {
    assert.equal(percentUp(1_000_000, 1), 99.999)
    assert.equal(percentUp(10, 0), 100)
    assert.equal(percentUp(3, 3), 0)
    assert.equal(percentUp(0, 0), null)
    assert.equal(MINUTES_PER_DAY, 1440)
  })
})

describe('history of declared components', () => {
  const components = ['database', 'cache', 'bot', 'music', 'api']
  const nowMinute = minuteOf(NOW)

  it('reports every declared component in the checks, the 90-day figures and each day; no others', () => {
    const history = buildHistory({
      now: NOW,
      components,
      checks: [
        ...rows(nowMinute - 2, 'ok', { gone: 'down' }), // a component the file no longer declares
        ...rows(nowMinute - 1, 'degraded', { music: 'degraded', api: 'ok' }),
        ...rows(nowMinute, 'ok', { music: 'ok', api: 'ok' })
      ],
      counts: [
        counts(today - 1, 'overall', 1440, 0, 0), counts(today - 1, 'music', 1440, 0, 1), counts(today - 1, 'gone', 1440, 0, 1440),
        counts(today, 'overall', 721, 1, 0), counts(today, 'music', 2, 1, 0), counts(today, 'api', 2)
      ]
    })
    assert.deepEqual(history.checks.map((check) => check.components), [
      { database: 'ok', cache: 'ok', bot: 'unknown', music: 'unknown', api: 'unknown' },
      { database: 'ok', cache: 'ok', bot: 'unknown', music: 'degraded', api: 'ok' },
      { database: 'ok', cache: 'ok', bot: 'unknown', music: 'ok', api: 'ok' }
    ], 'a minute without a row of a component is unknown; the component no longer declared is not shown')
    assert.deepEqual(Object.keys(history.uptime.components), components)
    assert.deepEqual(history.uptime.components, { database: null, cache: null, bot: null, music: percentUp(1442, 1), api: 100 })
    assert.equal(history.uptime.daily.length, 90)
    assert.deepEqual(history.uptime.daily[88]!.components, {
      database: { percent: null, status: 'no_data' },
      cache: { percent: null, status: 'no_data' },
      bot: { percent: null, status: 'no_data' },
      music: { percent: 99.93, status: 'down' },
      api: { percent: null, status: 'no_data' }
    })
    assert.deepEqual(history.uptime.daily[89]!.components.music, { percent: 100, status: 'degraded' })
    assert.deepEqual(history.uptime.daily[0]!.components.api, { percent: null, status: 'no_data' }, 'days before a component existed: no data, never 100 %')
  })

  it('one component: its minutes with their latency, its 90 days with latency percentiles', () => {
    const data = {
      now: NOW,
      components,
      checks: [
        ...rows(nowMinute - 1, 'degraded', { music: 'degraded' }).map((row) => row.component === 'music' ? { ...row, latencyMs: 840 } : row),
        ...rows(nowMinute, 'ok', { music: 'ok' }).map((row) => row.component === 'music' ? { ...row, latencyMs: 120.5 } : row),
        ...rows(nowMinute, 'ok', { api: 'ok' }).filter((row) => row.component === 'api')
      ],
      counts: [counts(today - 3, 'music', 1440, 30, 2), counts(today, 'music', 2, 1, 0)],
      latencies: [{ day: today - 3, component: 'music', p50Ms: 110, p95Ms: 460 }, { day: today - 3, component: 'api', p50Ms: 1, p95Ms: 2 }]
    }
    const music = buildComponentHistory(data, 'music')
    assert.equal(music.id, 'music')
    assert.equal(music.generatedAt, '2026-11-21T12:00:30.000Z')
    assert.equal(music.checkIntervalSeconds, 60)
    assert.deepEqual(music.checks, [
      { at: '2026-11-21T11:59:00.000Z', status: 'degraded', latencyMs: 840 },
      { at: '2026-11-21T12:00:00.000Z', status: 'ok', latencyMs: 120.5 }
    ])
    assert.equal(music.uptime.daily.length, 90)
    assert.equal(music.uptime.from, '2026-08-24')
    assert.equal(music.uptime.to, '2026-11-21')
    assert.deepEqual(music.uptime.daily[86], {
      date: '2026-11-18', percent: percentUp(1440, 2), checks: 1440, expectedChecks: 1440, degradedChecks: 30, downChecks: 2, status: 'down',
      latencyP50Ms: 110, latencyP95Ms: 460
    })
    assert.deepEqual(music.uptime.daily[87], {
      date: '2026-11-19', percent: null, checks: 0, expectedChecks: 1440, degradedChecks: 0, downChecks: 0, status: 'no_data',
      latencyP50Ms: null, latencyP95Ms: null
    })
    assert.equal(music.uptime.daily[89]!.expectedChecks, 721)
    assert.equal(music.uptime.percent, percentUp(1442, 2))
    assert.deepEqual(buildComponentHistory(data, 'api').checks, [{ at: '2026-11-21T12:00:00.000Z', status: 'ok', latencyMs: null }])
  })

  it('a component\'s 24 hours of latency per hour: median and 95th percentile by nearest rank, null for hours without one', () => {
    const nowMinute = minuteOf(NOW)
    const hourStart = Math.floor(nowMinute / 60) * 60
    const checks: ComponentCheckRow[] = [
      // The hour before: 20 minutes with 10, 20, …, 200 ms; one without a latency (down) is left out.
      ...Array.from({ length: 20 }, (_, i) => ({ minute: hourStart - 60 + i, component: 'music', status: 'ok', latencyMs: (20 - i) * 10 })),
      { minute: hourStart - 30, component: 'music', status: 'down', latencyMs: null },
      { minute: hourStart, component: 'music', status: 'ok', latencyMs: 99 },
      { minute: hourStart - 23 * 60, component: 'api', status: 'ok', latencyMs: 5 }
    ]
    const { hourly } = buildComponentHistory({ now: NOW, components: ['music', 'api'], checks, counts: [] }, 'music')
    assert.equal(hourly.length, 24)
    assert.equal(hourly[0]!.hour, '2026-11-20T13:00:00.000Z')
    assert.deepEqual(hourly[22], { hour: '2026-11-21T11:00:00.000Z', latencyP50Ms: 100, latencyP95Ms: 190 })
    assert.deepEqual(hourly[23], { hour: '2026-11-21T12:00:00.000Z', latencyP50Ms: 99, latencyP95Ms: 99 })
    assert.deepEqual(hourly[0], { hour: '2026-11-20T13:00:00.000Z', latencyP50Ms: null, latencyP95Ms: null })
  })
})
