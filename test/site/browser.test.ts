// The pages in headless Chromium: every section rendered and matching the API, auto-refresh under fake timers,
// pausing while hidden, failures keeping the content, JavaScript off, escaping, no console errors or CSP
// violations, axe-core, and screenshots at 1280 and 375 px in light and dark (written to test-output/).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import type { ComponentsBody } from '../../src/api/components.ts'
import type { Incident } from '../../src/api/incidents.ts'
import { TEXT } from '../../src/view/status-view.js'
import { AXE, chromiumSkip, launchChromium, seriousAxeViolations } from './browser.ts'
import * as data from './fixtures.ts'
import { buildSiteApp, type SiteAppOptions } from './site-app.ts'

const OUTPUT = path.join(projectRoot, 'test-output')

// A guard against a hung browser, not a speed test: ~36 s alone, up to ~65 s beside the rest of the suite on 2 cores.
describe('pages in Chromium', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  /** The app on a real port, and a page on it that records console errors, page errors and dialogs. */
  async function open (t: TestContext, options: SiteAppOptions & { context?: BrowserContextOptions, clock?: boolean } = {}) {
    const site = await buildSiteApp(t, { api: true, ...options })
    const base = await site.app.listen({ port: 0, host: '127.0.0.1' })
    const context = await browser.newContext(options.context ?? {})
    t.after(() => context.close())
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`) })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('dialog', (dialog) => { problems.push(`dialog: ${dialog.message()}`); void dialog.dismiss() })
    if (options.clock === true) await page.clock.install()
    return { ...site, base, page, problems }
  }

  /** Runs the page's timers forward and waits until the refresh script has finished `count` refreshes. */
  async function refreshed (page: Page, ms: number, count: number) {
    await page.clock.runFor(ms)
    await page.waitForSelector(`#status[data-refreshes="${count}"]`, { state: 'attached', timeout: 10_000 })
  }

  const text = (page: Page, selector: string) => page.locator(selector).innerText()

  it('renders every section, and what it shows matches the API', async (t) => {
    const { page, base, problems } = await open(t)
    await page.goto(`${base}/status`)
    const model = await (await page.request.get(`${base}/api/v1/health/components`)).json() as ComponentsBody
    const incidents = await (await page.request.get(`${base}/api/v1/health/incidents`)).json() as { incidents: Incident[] }

    assert.equal(await text(page, '#overall h2'), TEXT.en.overall[model.indicator])
    assert.equal(await page.locator('#status').getAttribute('data-indicator'), model.indicator)
    const shown = await page.locator('#components [data-component]').evaluateAll((items) => items.map((item) => [item.getAttribute('data-component'), item.getAttribute('data-status')]))
    assert.deepEqual(shown, model.components.map((c) => [c.id, c.status]))
    const components = await page.locator('#components .component').allInnerTexts()
    assert.match(components[0]!, new RegExp(TEXT.en.componentStatus[model.components[0]!.status]))
    assert.match(await text(page, '#shards'), /14 of 16 shards connected/)

    const active = await page.locator('#active-incidents .incident-title').allInnerTexts()
    const past = await page.locator('#past-incidents .incident-title').allInnerTexts()
    assert.deepEqual(active, incidents.incidents.filter((i) => i.resolvedAt === null).map((i) => i.title))
    assert.deepEqual(past.map((title) => title.replace(/^▸\s*/, '')), incidents.incidents.filter((i) => i.resolvedAt !== null).map((i) => i.title))

    const history = await (await page.request.get(`${base}/api/v1/health/history`)).json() as { uptime: { daily: Array<{ status: string }> } }
    const overallBar = page.locator('#uptime ol.days').first().locator('li')
    assert.equal(await overallBar.count(), 90)
    const classes = await overallBar.evaluateAll((items) => items.map((item) => item.getAttribute('class')!.split(' ').slice(0, 2).join(' ')))
    assert.deepEqual(classes, history.uptime.daily.map((d) => `day day--${d.status}`))
    assert.equal(await page.locator('#uptime ol.days').count(), 4)
    assert.equal(await page.locator('#last-day li.slot').count(), 96)
    assert.match(await text(page, '#platform'), /last known status/)
    assert.match(await text(page, '#maintenance'), /Database upgrade/)
    assert.match(await text(page, '.page-meta'), /Last updated/)
    // The day labels are readable: a tooltip and screen-reader text with date and percent.
    assert.equal(await overallBar.nth(41).getAttribute('title'), '4 Oct 2026: 97.36% uptime · Down · 38 min down')
    assert.deepEqual(problems, [])
  })

  it('picks up a new incident and a status change at the next refresh, a minute later, and not before', async (t) => {
    const { page, base, fixture, apiCalls, problems } = await open(t, { clock: true })
    await page.goto(`${base}/status`)
    assert.equal(await page.locator('#status').getAttribute('data-refresh-seconds'), '60')
    const incidents = data.incidents()
    fixture.incidentsBody = {
      ...incidents,
      incidents: [{
        id: 10, title: 'Dashboard login fails', impact: 'major', status: 'investigating', startedAt: '2026-11-21T12:02:00.000Z', resolvedAt: null, components: [],
        updates: [{ at: '2026-11-21T12:02:00.000Z', status: 'investigating', message: 'Logins time out.' }]
      }, ...incidents.incidents]
    }
    // The model now says the bot is down: critical.
    const model = data.components()
    fixture.componentsBody = { ...model, indicator: 'critical', components: model.components.map((c) => c.id === 'bot' ? { ...c, status: 'major_outage' as const } : c) }
    assert.equal(await page.locator('#status').getAttribute('data-indicator'), 'minor')
    assert.equal(await page.locator('[data-component="bot"]').getAttribute('data-status'), 'degraded_performance')

    await page.clock.runFor(59_000)
    assert.equal(apiCalls.incidents ?? 0, 0, 'no request before a minute has passed')
    assert.doesNotMatch(await text(page, '#active-incidents'), /Dashboard login fails/)

    await refreshed(page, 1_000, 1)
    assert.deepEqual(apiCalls, { components: 1, health: 1, history: 1, discord: 1, incidents: 1, shards: 1 }, 'the data, and the health (its checkedAt is compared with the clock)')
    assert.match(await text(page, '#active-incidents'), /Dashboard login fails/)
    assert.match(await text(page, '#active-incidents'), /Logins time out\./)
    assert.equal(await text(page, '#overall h2'), 'Major outage')
    assert.equal(await page.title(), 'System status – Major outage')
    assert.equal(await text(page, '#status-announce'), 'Major outage', 'the change is announced to screen readers')
    assert.equal(await page.locator('#status').getAttribute('data-indicator'), 'critical')
    assert.equal(await page.locator('#overall').getAttribute('data-indicator'), 'critical')
    assert.equal(await page.locator('[data-component="bot"]').getAttribute('data-status'), 'major_outage')
    assert.match(await text(page, '[data-component="bot"]'), /Major outage/)
    assert.equal(await page.locator('#refresh-error').isHidden(), true)
    assert.deepEqual(problems, [])
  })

  it('honours a shorter interval set by the server (tests and demos) and keeps open folds open', async (t) => {
    const { page, base, fixture } = await open(t, { clock: true, refreshSeconds: 5 })
    await page.goto(`${base}/status`)
    await page.locator('#past-incidents summary').first().click()
    fixture.discordBody = { ...data.discord(), stale: false }
    await refreshed(page, 5_000, 1)
    assert.doesNotMatch(await text(page, '#platform'), /last known status/)
    assert.match(await text(page, '#platform'), /Fetched/)
    assert.equal(await page.locator('#past-incidents details').first().getAttribute('open'), '', 'a fold the reader opened stays open')
  })

  it('does not ask while the tab is hidden, and catches up when it is shown again', async (t) => {
    const { page, base, apiCalls } = await open(t, { clock: true })
    await page.goto(`${base}/status`)
    await page.evaluate(`Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'))`)
    await page.clock.runFor(5 * 60_000)
    assert.equal(apiCalls.components ?? 0, 0, 'no requests while hidden')
    await page.evaluate(`Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'))`)
    await refreshed(page, 0, 1)
    assert.equal(apiCalls.components, 1)
  })

  it('keeps the server-rendered content when requests fail, says so, and recovers', async (t) => {
    const { page, base, fixture, problems } = await open(t, { clock: true })
    await page.goto(`${base}/status`)
    const before = await text(page, '#active-incidents')
    const uptimeBefore = await page.locator('#uptime').innerHTML()
    fixture.incidentsBody = new Error('database gone')
    fixture.historyBody = new Error('database gone')
    fixture.componentsBody = { ...data.components(), indicator: 'none' }
    await refreshed(page, 60_000, 1)
    assert.equal(await text(page, '#active-incidents'), before)
    assert.equal(await page.locator('#uptime').innerHTML(), uptimeBefore)
    assert.equal(await text(page, '#overall h2'), 'All systems operational', 'what did answer is shown')
    assert.equal(await page.locator('#refresh-error').isVisible(), true)

    fixture.incidentsBody = data.incidents()
    fixture.historyBody = data.history()
    await refreshed(page, 60_000, 2)
    assert.equal(await page.locator('#refresh-error').isHidden(), true)
    // The failed requests (500s) are the browser's own console lines; nothing else went wrong.
    assert.deepEqual(problems.filter((p) => !/status of 500/.test(p)), [])
  })

  it('shows everything with JavaScript disabled', async (t) => {
    const { page, base } = await open(t, { context: { javaScriptEnabled: false } })
    await page.goto(`${base}/status`)
    for (const id of ['overall', 'maintenance', 'active-incidents', 'components', 'uptime', 'last-day', 'platform', 'past-incidents']) {
      assert.equal(await page.locator(`#${id}`).isVisible(), true, id)
    }
    assert.equal(await page.locator('#uptime li.day').count(), 360)
    assert.equal(await page.locator('#components [data-component]').count(), 3)
    assert.match(await text(page, '#shards'), /14 of 16 shards connected/)
    await page.locator('#uptime summary').click()
    assert.equal(await page.locator('#uptime table tbody tr').count(), 90, 'the daily table opens without JavaScript')
  })

  it('renders an incident titled with markup as text, also after a refresh', async (t) => {
    const { page, base, problems } = await open(t, { clock: true })
    await page.goto(`${base}/status`)
    const titles = await page.locator('#past-incidents .incident-title').allInnerTexts()
    assert.ok(titles.some((title) => title.includes(data.XSS_TITLE)))
    assert.equal(await page.locator('main img:not(.follow-badge):not(.component-sparkline)').count(), 0, 'no image but the Follow section\'s badge and the cards\' sparklines')
    await refreshed(page, 60_000, 1)
    assert.ok((await page.locator('#past-incidents .incident-title').allInnerTexts()).some((title) => title.includes(data.XSS_TITLE)))
    assert.equal(await page.locator('main img:not(.follow-badge):not(.component-sparkline), main script').count(), 0)
    assert.deepEqual(problems, [], 'no dialog, no error')
  })

  for (const url of ['/status', '/de/status', '/', '/de']) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`${url} (${colorScheme}): axe finds no serious or critical violations; no console errors or CSP violations`, async (t) => {
        const { page, base, problems } = await open(t, { context: { colorScheme } })
        await page.goto(`${base}${url}`)
        await page.waitForLoadState('networkidle')
        assert.deepEqual(problems, [])
        assert.deepEqual(await seriousAxeViolations(page), [])
      })
    }
  }

  it('a wrong address: the 404 page in the visitor\'s language, with a way back, and no serious axe violations', async (t) => {
    const { page, base } = await open(t)
    const response = await page.goto(`${base}/de/nirgendwo`)
    assert.equal(response?.status(), 404)
    assert.equal(await text(page, 'h1'), 'Seite nicht gefunden')
    assert.equal(await page.locator('html').getAttribute('lang'), 'de')
    await page.evaluate(AXE)
    const results = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`) as { violations: Array<{ id: string, impact: string }> }
    assert.deepEqual(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), [])
    assert.equal(await page.locator('main a[href="/de/status"]').count(), 1, 'a way back to the status page')
  })

  it('axe really checks: a control violation added to the page is reported', async (t) => {
    const { page, base } = await open(t)
    await page.goto(`${base}/status`)
    await page.evaluate(AXE)
    await page.evaluate(`document.querySelector('#components h2').textContent = ''`)
    const results = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`) as { violations: Array<{ id: string }> }
    assert.ok(results.violations.some((v) => v.id === 'empty-heading'), JSON.stringify(results.violations.map((v) => v.id)))
  })

  it('has landmarks, one h1, a lang attribute, and can be used by keyboard', async (t) => {
    const { page, base } = await open(t)
    await page.goto(`${base}/status`)
    assert.equal(await page.locator('html').getAttribute('lang'), 'en')
    assert.equal(await page.locator('h1').count(), 1)
    for (const landmark of ['header', 'main', 'footer']) assert.equal(await page.locator(landmark).count(), 1, landmark)
    // Two navigation landmarks, each named: the site's and the language menu.
    assert.equal(await page.locator('nav[aria-label="Site"]').count(), 1)
    assert.equal(await page.locator('nav[aria-label="Languages"] a').count(), 5)
    assert.equal(await page.locator('nav:not([aria-label])').count(), 0)
    await page.keyboard.press('Tab')
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Skip to content')
    await page.keyboard.press('Enter')
    assert.equal(await page.evaluate('document.activeElement.id'), 'main')
    await page.locator('#past-incidents summary').first().focus()
    await page.keyboard.press('Enter')
    assert.equal(await page.locator('#past-incidents details').first().getAttribute('open'), '')
  })

  it('fits 360 px without sideways scrolling', async (t) => {
    const { page, base } = await open(t, { context: { viewport: { width: 360, height: 800 } } })
    for (const url of ['/status', '/de/status', '/']) {
      await page.goto(`${base}${url}`)
      assert.equal(await page.evaluate('document.documentElement.scrollWidth <= 360'), true, url)
    }
  })

  it('writes screenshots at 1280 and 375 px, light and dark, to test-output/', async (t) => {
    mkdirSync(OUTPUT, { recursive: true })
    const shots = [
      ...['light', 'dark'].flatMap((scheme) => [1280, 375].map((width) => ({ url: '/status', name: `status-${scheme}-${width}`, scheme, width }))),
      { url: '/de/status', name: 'status-de-light-1280', scheme: 'light', width: 1280 },
      { url: '/', name: 'home-light-1280', scheme: 'light', width: 1280 },
      { url: '/de', name: 'home-de-dark-375', scheme: 'dark', width: 375 }
    ]
    for (const shot of shots) {
      const { page, base } = await open(t, { context: { viewport: { width: shot.width, height: 900 }, colorScheme: shot.scheme as 'light' | 'dark' } })
      await page.goto(`${base}${shot.url}`)
      await page.screenshot({ path: path.join(OUTPUT, `${shot.name}.png`), fullPage: true })
    }
  })
})
