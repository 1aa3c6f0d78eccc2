// Below a minimum of data a card says "Not enough data yet" in words (both languages) instead of a blank sparkline;
// with enough, the image's alt gives the latest figure; the component page gives the figures there are, in words, for
// the last 24 hours and for the 90 days alike.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { LATENCY_DAYS_MIN, latencyDaysSection, latencySection, latencySparklineImage, SPARKLINE_MIN_MINUTES } from '../../src/view/status-sparkline.js'
import { TEXT } from '../../src/view/status-view.js'
import { ManualClock } from '../../src/lib/clock.ts'
import { minuteOf } from '../../src/lib/minutes.ts'
import { OVERALL, upsertComponentChecks } from '../../src/store/repositories/component-checks.ts'
import type { ComponentHistory } from '../../src/api/health.ts'
import { buildTestApp } from '../helper.ts'
import { componentSite } from './component-site.ts'

const GENERATED = '2026-11-21T12:00:30.000Z'
const check = (ago: number, latencyMs: number) => ({ at: new Date(Date.parse('2026-11-21T12:00:00.000Z') - ago * 60_000).toISOString(), status: 'ok' as const, latencyMs })

describe('sparklines below a minimum of data', () => {
  it('are words on a new install\'s cards, in both languages', async (t) => {
    const { app, context } = await buildTestApp(t)
    await context.monitor.runOnce()
    for (const [url, words] of [['/status', 'Not enough data yet'], ['/de/status', 'Noch nicht genug Daten']] as const) {
      const html = (await app.inject(url)).body
      const card = html.slice(html.indexOf('data-component="database"'), html.indexOf('data-component="cache"'))
      assert.ok(!card.includes('<img class="component-sparkline"'), `${url}: no blank image`)
      assert.ok(card.includes(`<p class="component-sparkline-empty meta">${words}</p>`), `${url}: ${card}`)
    }
  })

  it('are an image whose alt gives the latest figure once there is enough', async (t) => {
    const { app } = await componentSite(t)
    const html = (await app.inject('/de/status')).body
    assert.match(html, /<img class="component-sparkline" src="\/status\/components\/database\/latency.svg" alt="Antwortzeit der letzten 24 Stunden, zuletzt [\d,]+ ms \(Zahlen auf der Seite der Komponente\)"/)
  })

  it('give the component page the figures in words, and the image nothing to draw', () => {
    const few = { generatedAt: GENERATED, checks: Array.from({ length: SPARKLINE_MIN_MINUTES - 1 }, (_, ago) => check(ago, 40 + ago)) }
    assert.equal(latencySparklineImage(few), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 287 100" preserveAspectRatio="none" width="287" height="100"></svg>')
    const section = latencySection(TEXT.en, few)
    assert.ok(!section.includes('<svg'), 'no chart')
    assert.match(section, /Not enough data yet for a chart\. Median \d+ ms, highest \d+ ms, over 14 measured minutes\./)
    assert.match(latencySection(TEXT.de, few), /Noch nicht genug Daten für ein Diagramm\. Median/)
    const enough = { generatedAt: GENERATED, checks: Array.from({ length: SPARKLINE_MIN_MINUTES }, (_, ago) => check(ago, 40 + ago)) }
    assert.match(latencySection(TEXT.en, enough), /<svg class="sparkline"/)
  })

  it('are words on a card whose minutes have a status but no response time, as its image would be blank', async (t) => {
    const clock = new ManualClock('2026-11-21T12:00:30.000Z')
    const { app, context } = await buildTestApp(t, {}, { clock })
    // An hour of the database's minutes without a response time (a check that reported none), then one live round with one.
    const last = minuteOf(clock.now()) - 1
    const rows = Array.from({ length: 60 }, (_, ago) => ({ minute: last - ago, component: 'database', status: 'ok' as const, latencyMs: null }))
    await upsertComponentChecks(context.database, [...rows, ...rows.map((row) => ({ ...row, component: OVERALL }))])
    await context.monitor.runOnce()
    const history = (await app.inject('/api/v1/health/history')).json() as { checks: unknown[], latencyMinutes: Record<string, number> }
    assert.ok(history.checks.length >= 60, 'an hour of minutes with a status')
    assert.ok(history.latencyMinutes.database! < SPARKLINE_MIN_MINUTES, `${history.latencyMinutes.database} minutes with a response time`)
    const components = (await app.inject('/api/v1/health/components')).json() as { components: Array<{ id: string, latencyMs: number | null }> }
    assert.notEqual(components.components.find((c) => c.id === 'database')!.latencyMs, null, 'the card has a latest response time')
    const svg = (await app.inject('/status/components/database/latency.svg')).body
    assert.doesNotMatch(svg, /<path/, 'the image has nothing to draw')
    for (const [url, words] of [['/status', 'Not enough data yet'], ['/de/status', 'Noch nicht genug Daten']] as const) {
      const html = (await app.inject(url)).body
      const card = html.slice(html.indexOf('data-component="database"'), html.indexOf('data-component="cache"'))
      assert.ok(!card.includes('<img class="component-sparkline"'), `${url}: no blank image`)
      assert.ok(card.includes(`<p class="component-sparkline-empty meta">${words}</p>`), `${url}: ${card}`)
    }
    // Its page: one day with a response time draws no 90-day chart either, only its figures in words.
    const page = (await app.inject('/status/components/database')).body
    const days = page.slice(page.indexOf('<section id="latency-days"'), page.indexOf('</section>', page.indexOf('<section id="latency-days"')))
    assert.ok(!days.includes('<svg'), days)
    assert.match(days, /Not enough data yet for a chart\. Daily median around [\d.]+ ms; the highest daily 95th percentile [\d.]+ ms; over 1 day with measurements\./)
  })

  it('give the 90-day chart words below three days with a response time, and a chart from three', () => {
    const day = (index: number, p50: number | null) => ({
      date: `2026-08-${String(index + 1).padStart(2, '0')}`, percent: 100, checks: 1440, expectedChecks: 1440, degradedChecks: 0, downChecks: 0,
      status: 'ok' as const, latencyP50Ms: p50, latencyP95Ms: p50 === null ? null : p50 + 14
    })
    const history = (measured: number): Pick<ComponentHistory, 'uptime'> => ({
      uptime: { days: 90, from: '2026-08-24', to: '2026-11-21', percent: 100, daily: Array.from({ length: 90 }, (_, i) => day(i, i >= 90 - measured ? 76 : null)) }
    } as unknown as Pick<ComponentHistory, 'uptime'>)
    assert.equal(LATENCY_DAYS_MIN, 3)
    for (const measured of [1, 2]) {
      const section = latencyDaysSection(TEXT.en, history(measured))
      assert.ok(!section.includes('<svg'), `${measured} day(s): no chart`)
      assert.ok(!section.includes('sparkline-max'), `${measured} day(s): no highest value beside an empty band`)
      assert.match(section, new RegExp(`Not enough data yet for a chart\\. Daily median around 76 ms; the highest daily 95th percentile 90 ms; over ${measured} ${measured === 1 ? 'day' : 'days'} with measurements\\.`))
      assert.match(latencyDaysSection(TEXT.de, history(measured)), /Noch nicht genug Daten für ein Diagramm\. Tagesmedian um 76 ms/)
    }
    assert.match(latencyDaysSection(TEXT.en, history(3)), /<svg class="sparkline latency-days"/)
  })
})
