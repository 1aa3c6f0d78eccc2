// /status/uptime?month=YYYY-MM on SQLite and PostgreSQL, in English and German: three month tables per component ending with
// the month asked, each day's colour and words from the uptime body's figures, the month's uptime and target, the weights
// in force, the shared-cache headers of the history; a malformed month a 400 problem, one not kept a 404, never a 5xx.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { buildApp } from '../../src/app.ts'
import { openContext } from '../../src/context.ts'
import { builtinDeclaration, localizedText, type StatusDeclaration, type UptimePolicy } from '../../src/declaration/declaration.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { dayOfDate } from '../../src/lib/minutes.ts'
import { upsertUptimeDaily } from '../../src/store/repositories/uptime-daily.ts'
import { databaseBackends, testConfig, type Env } from '../helper.ts'

const NOW = '2026-11-21T12:00:10.000Z'
const today = dayOfDate('2026-11-21')

function declaration (uptime?: UptimePolicy): StatusDeclaration {
  const builtin = builtinDeclaration()
  return {
    ...builtin,
    ...(uptime === undefined ? {} : { uptime }),
    components: [...builtin.components, { id: 'public-api', name: localizedText({ en: 'Public API', de: 'Öffentliche API' }), description: undefined, group: undefined, critical: false, check: { kind: 'manual' } }]
  }
}

async function site (t: TestContext, env: Env, uptime?: UptimePolicy) {
  const config = { ...testConfig(t, env), status: declaration(uptime) }
  const context = await openContext(config, { migrate: true, clock: new ManualClock(NOW) })
  const app = await buildApp(context)
  t.after(async () => {
    await app.close()
    await context.close()
  })
  await upsertUptimeDaily(context.database, [
    { day: today - 10, component: 'database', checks: 1440, degraded: 0, down: 144, p50Ms: null, p95Ms: null },
    { day: today - 5, component: 'public-api', checks: 1440, degraded: 0, down: 0, p50Ms: null, p95Ms: null, minutes: { operational: 1000, partial_outage: 400, 'maintenance:operational': 40 } }
  ])
  await context.monitor.runOnce()
  return app
}

/** A day's cell of a component's calendar: its kind and its title. */
function cell (html: string, component: string, date: string): { kind: string, title: string } | undefined {
  const section = html.slice(html.indexOf(`data-component="${component}"`))
  const month = section.slice(section.indexOf(`data-month="${date.slice(0, 7)}"`))
  const day = Number(date.slice(8))
  const match = new RegExp(`<td class="cal-day" data-kind="([a-z_]+)" title="([^"]+)"><span[^>]*></span>${day}<`).exec(month)
  return match === null ? undefined : { kind: match[1]!, title: match[2]! }
}

for (const backend of databaseBackends()) {
  describe(`the uptime calendar on ${backend.name}`, { skip: backend.skip }, () => {
    it('shows three months per component from the uptime body, in English and German, cached as the history', async (t) => {
      const app = await site(t, await backend.env(), { barDays: 90, target: 99.9, weights: { degraded_performance: 0, partial_outage: 0.5, major_outage: 1 }, maintenance: 'excluded' })
      const page = await app.inject('/status/uptime')
      assert.equal(page.statusCode, 200, page.body)
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal(page.headers['cache-control'], (await app.inject('/api/v1/health/uptime')).headers['cache-control'])
      const html = page.body
      assert.match(html, /data-month="2026-11"/)
      assert.deepEqual([...html.slice(html.indexOf('data-component="public-api"')).matchAll(/<table class="calendar" data-month="([\d-]+)"/g)].map(([, m]) => m).slice(0, 3), ['2026-09', '2026-10', '2026-11'])
      // Each day's figure is the API's, said in words beside the colour.
      const api = (await app.inject('/api/v1/health/uptime?from=2026-11-16&to=2026-11-16&component=public-api')).json()
      assert.equal(api.components[0].periods[0].uptimePercent, 85.7142)
      assert.deepEqual(cell(html, 'public-api', '2026-11-16'), { kind: 'degraded', title: '16 Nov 2026: 85.71%' })
      assert.deepEqual(cell(html, 'database', '2026-11-11'), { kind: 'down', title: '11 Nov 2026: 90%' })
      assert.equal(cell(html, 'public-api', '2026-11-01')?.kind, 'no_data')
      assert.match(html, /<caption>Public API, November 2026<\/caption>/)
      assert.match(html, /<abbr title="Monday">Mon<\/abbr>/)
      assert.match(html, /Target of 99\.9% missed/)
      assert.match(html, /partial outage 50%, major outage 100% of each minute; maintenance: left out of the figures\./)
      assert.match(html, /<a rel="prev" href="\/status\/uptime\?month=2026-08">Earlier months<\/a>/)
      assert.doesNotMatch(html, /rel="next"/, 'nothing after this month')

      const german = await app.inject('/de/status/uptime')
      assert.equal(german.statusCode, 200)
      assert.match(german.body, /<html lang="de"/)
      assert.match(german.body, /<h1>Verfügbarkeitskalender<\/h1>/)
      assert.match(german.body, /<caption>Öffentliche API, November 2026<\/caption>/)
      assert.match(german.body, /title="16\. Nov\. 2026: 85,71\s%"/)
      assert.match(german.body, /Ziel von 99,9\s% verfehlt/)
    })

    it('ends with ?month=; a malformed month is a 400 problem, one not kept a 404, never a 5xx', async (t) => {
      const app = await site(t, await backend.env())
      const october = await app.inject('/fr/status/uptime?month=2026-10')
      assert.equal(october.statusCode, 200)
      assert.deepEqual([...october.body.matchAll(/<table class="calendar" data-month="([\d-]+)"/g)].map(([, m]) => m).slice(0, 3), ['2026-08', '2026-09', '2026-10'])
      assert.match(october.body, /<a rel="next" href="\/fr\/status\/uptime\?month=2026-11">/)
      assert.doesNotMatch(october.body, /Target of|Objectif de/, 'no target declared')
      for (const month of ['2026-13', '2026-1', 'abc', '']) {
        const bad = await app.inject(`/status/uptime?month=${month}`)
        assert.equal(bad.statusCode, 400, month)
        assert.equal(bad.headers['content-type'], 'application/problem+json; charset=utf-8')
        assert.match(bad.json().detail, /^month: /)
      }
      assert.equal((await app.inject('/status/uptime?month=2026-11&month=2026-10')).statusCode, 400)
      for (const month of ['2026-12', '2020-01']) assert.equal((await app.inject(`/status/uptime?month=${month}`)).statusCode, 404, month)
    })
  })
}

describe('the ways to the uptime calendar', () => {
  it('the status page\'s bars and each component page link there; the component page shows its uptime over 7, 30 and 90 days', async (t) => {
    const app = await site(t, await databaseBackends()[0]!.env())
    const status = await app.inject('/status')
    assert.match(status.body, /<p class="uptime-calendar"><a href="\/status\/uptime">Uptime calendar, month by month<\/a><\/p>/)
    assert.match((await app.inject('/de/status')).body, /<a href="\/de\/status\/uptime">Verfügbarkeitskalender, Monat für Monat<\/a>/)
    const component = await app.inject('/status/components/public-api')
    assert.equal(component.statusCode, 200)
    assert.match(component.body, /<a href="\/status\/uptime#uptime-public-api">Uptime calendar, month by month<\/a>/)
    const api = (await app.inject('/api/v1/health/uptime?from=2026-10-23&to=2026-11-21&component=public-api')).json()
    const thirty = /<dt>Last 30 days<\/dt><dd>([^<]+)<\/dd>/.exec(component.body)?.[1]
    assert.equal(thirty, `${Math.trunc(api.components[0].uptimePercent * 100) / 100}%`, 'the uptime body\'s figure')
    assert.match(component.body, /<dt>Last 7 days<\/dt><dd>[^<]+<\/dd><dt>Last 30 days<\/dt><dd>[^<]+<\/dd><dt>Last 90 days<\/dt>/)
    const sitemap = await app.inject('/sitemap.xml')
    assert.match(sitemap.body, /\/status\/uptime</)
  })
})

describe('the status page\'s bars', () => {
  it('show the status file\'s uptime.barDays days, and 90 without it', async (t) => {
    const backend = databaseBackends()[0]!
    const short = await site(t, await backend.env(), { barDays: 30, target: null, weights: { degraded_performance: 0, partial_outage: 0.5, major_outage: 1 }, maintenance: 'excluded' })
    const page = (await short.inject('/status')).body
    const bars = [...page.matchAll(/<ol class="days" aria-label="[^"]+">(.*?)<\/ol>/g)].map(([, cells]) => cells!.split('<li class="day').length - 1)
    assert.ok(bars.length > 1)
    assert.deepEqual(new Set(bars), new Set([30]))
    assert.match(page, /<h2 id="uptime-title">Uptime, last 30 days<\/h2>/)
    assert.match(page, /data-bar-days="30"/, 'the refresh script draws as many')
    assert.match((await short.inject('/de/status')).body, /Verfügbarkeit, letzte 30 Tage/)
    const usual = (await (await site(t, await backend.env())).inject('/status')).body
    assert.deepEqual(new Set([...usual.matchAll(/<ol class="days" aria-label="[^"]+">(.*?)<\/ol>/g)].map(([, cells]) => cells!.split('<li class="day').length - 1)), new Set([90]))
  })
})
