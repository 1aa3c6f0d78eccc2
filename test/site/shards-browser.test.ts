// The status page's shard grid, "Find your server" (with and without JavaScript), incident pages, focus across a
// refresh, 360 px and dark mode in headless Chromium, checked by axe; screenshots of 64 and 1,000 shards.
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { openIncident, resolveIncident, updateIncident } from '../../src/incidents/writes.ts'
import { buildTestApp } from '../helper.ts'
import { chromiumSkip, launchChromium } from './browser.ts'
import * as data from './fixtures.ts'
import { TEXT } from '../../src/view/status-view.js'
import { day, percent } from '../../src/view/status-format.js'
import { buildSiteApp, type SiteAppOptions } from './site-app.ts'

const OUTPUT = path.join(projectRoot, 'test-output')
const AXE = readFileSync(path.join(projectRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8')

/** axe's serious and critical violations on the page as it is now, as short lines. */
async function axeViolations (page: Page): Promise<string[]> {
  await page.evaluate(AXE)
  const results = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`) as { violations: Array<{ id: string, impact: string, nodes: Array<{ target: string[] }> }> }
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
}

describe('shards and incident pages in Chromium', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  async function pageOn (t: TestContext, base: string, context: BrowserContextOptions = {}) {
    const browserContext = await browser.newContext(context)
    t.after(() => browserContext.close())
    const page = await browserContext.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => { if (message.type() === 'error' && !/status of 503/.test(message.text())) problems.push(message.text()) })
    return { page, problems, base }
  }

  async function site (t: TestContext, options: SiteAppOptions & { context?: BrowserContextOptions, shards?: ReturnType<typeof data.shards> } = {}) {
    const built = await buildSiteApp(t, { api: true, ...options })
    if (options.shards !== undefined) built.fixture.shardsBody = options.shards
    const base = await built.app.listen({ port: 0, host: '127.0.0.1' })
    return { ...built, ...await pageOn(t, base, options.context) }
  }

  it('draws 64 shards in clusters, tells state by symbol as well as colour, and reads a shard out on focus', async (t) => {
    const { page, base, problems } = await site(t, { shards: data.shards(64, 16, { 5: 'reconnecting', 20: 'disconnected', 41: 'silent', 63: 'missing' }), context: { viewport: { width: 1280, height: 900 } } })
    await page.goto(`${base}/status`)
    assert.equal(await page.locator('#shards .shard-grid li').count(), 64)
    assert.equal(await page.locator('#shards details.cluster[open]').count(), 4, 'a bot of 64 shards shows every cluster')
    const symbol = (selector: string) => page.evaluate(`getComputedStyle(document.querySelector('${selector}'), '::before').content`)
    assert.equal(await symbol('#shards li.s-ready'), '"✓"')
    assert.equal(await symbol('#shards li.s-disconnected'), '"✕"')
    assert.equal(await symbol('#shards li.s-missing'), '"?"')
    const background = (selector: string) => page.evaluate(`getComputedStyle(document.querySelector('${selector}')).backgroundColor`)
    assert.notEqual(await background('#shards li.s-ready'), await background('#shards li.s-disconnected'))

    // One tab stop per cluster grid; arrows move; the focused shard's figures are read out below the grid.
    const first = page.locator('#shards .shard-grid li').first()
    assert.equal(await first.getAttribute('tabindex'), '0')
    assert.equal(await page.locator('#shards .shard-grid li').nth(1).getAttribute('tabindex'), '-1')
    await first.focus()
    assert.match(await page.locator('#shards .shard-detail').innerText(), /^Shard 0 · Ready · 30 ms · \d\d:\d\d UTC$/)
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
    assert.equal(await page.evaluate('document.activeElement.textContent'), '5')
    assert.match(await page.locator('#shards .shard-detail').innerText(), /^Shard 5 · Reconnecting · 65 ms · 12:02 UTC$/)
    assert.equal(await page.locator('#shards li.s-ready').first().getAttribute('title'), '30 ms · 12:02', 'hover shows latency and heartbeat')
    assert.deepEqual(await axeViolations(page), [])
    assert.deepEqual(problems, [])
    mkdirSync(OUTPUT, { recursive: true })
    await page.locator('#shards').screenshot({ path: path.join(OUTPUT, 'shards-64-light-1280.png') })
  })

  it('names each shard cell in words for a screen reader, and tells Connecting from Reconnecting in the legend (both themes)', async (t) => {
    const states = { 3: 'connecting', 5: 'reconnecting', 12: 'disconnected', 13: 'missing' } as const
    for (const scheme of ['light', 'dark'] as const) {
      const { page, base, problems } = await site(t, { shards: data.shards(16, 4, states), context: { viewport: { width: 1280, height: 900 }, colorScheme: scheme } })
      for (const [root, names] of [
        ['/status', ['Shard 0: ready, 30 ms', 'Shard 3: connecting, 51 ms', 'Shard 5: reconnecting, 65 ms', 'Shard 12: disconnected, 34 ms', 'Shard 13: never reported']],
        ['/de/status', ['Shard 0: bereit, 30 ms', 'Shard 5: verbindet neu, 65 ms', 'Shard 13: nie gemeldet']]
      ] as const) {
        await page.goto(`${base}${root}`)
        for (const name of names) {
          assert.equal(await page.getByRole('listitem', { name, exact: true }).count(), 1, `${scheme} ${root}: a cell named "${name}"`)
        }
      }
      await page.goto(`${base}/status`)
      const look = async (selector: string) => await page.evaluate(`(() => { const e = document.querySelector('${selector}'); const s = getComputedStyle(e); return [getComputedStyle(e, '::before').content, s.backgroundColor, s.boxShadow].join(' | ') })()`) as string
      for (const where of ['#shards .shard-legend', '#shards .shard-grid']) {
        const connecting = await look(`${where} .s-connecting`)
        const reconnecting = await look(`${where} .s-reconnecting`)
        const [connectingSymbol, connectingColour] = connecting.split(' | ')
        const [reconnectingSymbol, reconnectingColour] = reconnecting.split(' | ')
        assert.notEqual(connectingSymbol, reconnectingSymbol, `${scheme} ${where}: its own symbol`)
        assert.notEqual(connectingColour, reconnectingColour, `${scheme} ${where}: its own colour`)
      }
      assert.deepEqual(await axeViolations(page), [], scheme)
      assert.deepEqual(problems, [])
      mkdirSync(OUTPUT, { recursive: true })
      await page.locator('#shards').screenshot({ path: path.join(OUTPUT, `shards-states-${scheme}-1280.png`) })
    }
  })

  it('keeps 1,000 shards readable: clusters folded unless one is in trouble; dark mode and 360 px too', async (t) => {
    const shards = data.shards(1000, 16, { 77: 'reconnecting', 500: 'disconnected', 501: 'silent', 999: 'missing' })
    for (const [scheme, width] of [['light', 1280], ['dark', 1280], ['dark', 360]] as const) {
      const { page, base, problems } = await site(t, { shards, context: { viewport: { width, height: 900 }, colorScheme: scheme } })
      await page.goto(`${base}/status`)
      assert.equal(await page.locator('#shards details.cluster').count(), 63)
      assert.equal(await page.locator('#shards details.cluster[open]').count(), 3)
      assert.equal(await page.locator('#shards li.s-ready:visible').count(), 15 + 14 + 7, 'only the open clusters show their cells')
      assert.equal(await page.evaluate(`document.documentElement.scrollWidth <= ${width}`), true, `no sideways scrolling at ${width} px`)
      const cell = await page.locator('#shards li').first().boundingBox()
      assert.ok(cell !== null && cell.width >= 24 && cell.height >= 20, `cells stay legible: ${JSON.stringify(cell)}`)
      if (width === 360) {
        assert.equal(await page.locator('#uptime-title').innerText(), 'Uptime, last 30 days')
        assert.equal(await page.locator('#last-day-title').innerText(), 'Last 12 hours')
      } else {
        assert.equal(await page.locator('#uptime-title').innerText(), 'Uptime, last 90 days')
      }
      assert.deepEqual(await axeViolations(page), [], `${scheme} ${width}`)
      assert.deepEqual(problems, [])
      mkdirSync(OUTPUT, { recursive: true })
      await page.locator('#shards').screenshot({ path: path.join(OUTPUT, `shards-1000-${scheme}-${width}.png`) })
    }
  })

  it('says the figures of what the uptime bars show: 90 days and 24 hours wide, 30 days and 12 hours at 375 px', async (t) => {
    const history = data.history()
    const daily = history.uptime.daily
    const shown = (days: number) => {
      const last = daily.slice(-days)
      const checks = last.reduce((sum, entry) => sum + entry.checks, 0)
      const up = last.reduce((sum, entry) => sum + entry.checks - entry.downChecks, 0)
      const database = last.filter((entry) => entry.components.database.percent !== null)
      const databaseUp = database.reduce((sum, entry) => sum + entry.components.database.percent! / 100 * entry.checks, 0)
      return {
        range: `${day(TEXT.en, last[0]!.date)} to ${day(TEXT.en, daily.at(-1)!.date)}`,
        overall: `${percent(TEXT.en, 100 * up / checks)} uptime`,
        database: `${percent(TEXT.en, 100 * databaseUp / database.reduce((sum, entry) => sum + entry.checks, 0))} uptime`
      }
    }
    const minutes = (hours: number) => {
      const from = Date.parse(history.generatedAt) - hours * 3_600_000
      const checks = history.checks.filter((check) => Date.parse(check.at) > from)
      return `${checks.length} of ${hours * 60} minutes recorded, ${checks.filter((check) => check.status === 'down').length} minutes down.`
    }
    // Wide: the body's 90-day figures as they are; narrow: the newest 30 days' figures, from the same days.
    const wide = { range: shown(90).range, overall: `${percent(TEXT.en, history.uptime.percent!)} uptime`, database: `${percent(TEXT.en, history.uptime.components.database!)} uptime` }
    const narrow = shown(30)
    assert.notEqual(wide.overall, narrow.overall, 'the fixture has a down day older than 30 days')
    assert.notEqual(wide.database, narrow.database)
    for (const [width, expected, lastDay] of [[1280, wide, minutes(24)], [375, narrow, minutes(12)]] as const) {
      const { page, base, problems } = await site(t, { context: { viewport: { width, height: 900 } } })
      await page.goto(`${base}/status`)
      assert.equal(await page.locator('#uptime > p.meta').first().innerText(), expected.range, `${width} px: the range`)
      assert.equal(await page.locator('#uptime .bar').first().locator('.bar-percent').innerText(), expected.overall, `${width} px: overall`)
      assert.equal(await page.locator('#uptime .bar[data-uptime="database"] .bar-percent').innerText(), expected.database, `${width} px: the database`)
      assert.equal(await page.locator('#last-day > p.meta').first().innerText(), lastDay, `${width} px: the last day`)
      assert.deepEqual(await axeViolations(page), [], `${width}`)
      assert.deepEqual(problems, [])
    }
  })

  it('finds your server without JavaScript: a plain GET form, the answer in the page', async (t) => {
    const { page, base } = await site(t, { context: { javaScriptEnabled: false } })
    await page.goto(`${base}/status`)
    await page.fill('#guild-input', 'https://discord.com/channels/81384788765712384/381870553235193857/1046084127234203698')
    await Promise.all([page.waitForURL(/\/status\?guild=/), page.click('.guild-form button')])
    assert.match(page.url(), /\/status\?guild=https%3A%2F%2Fdiscord\.com%2Fchannels%2F81384788765712384/)
    assert.equal(await page.locator('#guild-answer').innerText(), 'Server 81384788765712384 is on shard 2 in cluster 0: Ready. It is connected.')
    await page.fill('#guild-input', 'my server')
    await Promise.all([page.waitForURL(/guild=my\+server/), page.click('.guild-form button')])
    assert.match(await page.locator('#guild-answer').innerText(), /neither a server ID/)
  })

  it('finds your server with JavaScript: no page load, the API answers, the address can be shared', async (t) => {
    const { page, base, problems } = await site(t)
    await page.goto(`${base}/de/status`)
    await page.evaluate('window.samePage = true')
    await page.fill('#guild-input', '18446744073709551615')
    await page.keyboard.press('Enter')
    await page.locator('#guild-answer', { hasText: /\S/ }).waitFor() // a locator: the page's CSP forbids the eval a string predicate needs
    assert.equal(await page.locator('#guild-answer').innerText(), 'Server 18446744073709551615 liegt auf Shard 15 in Cluster 3: Bereit. Er ist verbunden.')
    assert.equal(await page.evaluate('window.samePage'), true, 'no page load')
    assert.match(page.url(), /\/de\/status\?guild=18446744073709551615$/)
    await page.fill('#guild-input', '123')
    await page.keyboard.press('Enter')
    await page.locator('#guild-answer', { hasText: 'weder' }).waitFor()
    assert.deepEqual(problems, [])
  })

  it('keeps the keyboard focus where it was when a refresh replaces the section', async (t) => {
    const { page, base, fixture } = await site(t, { refreshSeconds: 5 })
    await page.clock.install()
    await page.goto(`${base}/status`)
    // A fold in the past incidents, opened and focused; then a new incident replaces that section.
    const summary = page.locator('#past-incidents summary').nth(1)
    await summary.focus()
    await page.keyboard.press('Enter')
    const key = await page.evaluate(`document.activeElement.closest('[data-key]').dataset.key`)
    const incidents = data.incidents()
    fixture.incidentsBody = { ...incidents, incidents: incidents.incidents.map((i) => ({ ...i, title: `${i.title} (edited)` })) }
    await page.clock.runFor(5_000)
    await page.waitForSelector('#status[data-refreshes="1"]', { state: 'attached' })
    assert.match(await page.locator('#past-incidents').innerText(), /\(edited\)/, 'the section was replaced')
    assert.equal(await page.evaluate(`document.activeElement.tagName + ' ' + document.activeElement.closest('[data-key]')?.dataset.key`), `SUMMARY ${key}`)
    assert.equal(await page.evaluate(`document.activeElement.parentElement.open`), true)

    // A shard cell, focused by arrow keys; the shards change; the same cell has the focus after the refresh.
    await page.locator('#shards .shard-grid li').first().focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    fixture.shardsBody = data.shards(16, 4, { 2: 'disconnected' })
    await page.clock.runFor(5_000)
    await page.waitForSelector('#status[data-refreshes="2"]', { state: 'attached' })
    assert.equal(await page.locator('#shards li.s-disconnected').count(), 1, 'the grid was replaced')
    assert.equal(await page.evaluate('document.activeElement.className + " " + document.activeElement.textContent'), 's-disconnected 2')
    assert.equal(await page.evaluate('document.activeElement.tabIndex'), 0)
  })

  it('keeps a found server\'s answer current when the shards change', async (t) => {
    const { page, base, fixture } = await site(t, { refreshSeconds: 5 })
    await page.clock.install()
    await page.goto(`${base}/status?guild=81384788765712384`)
    assert.match(await page.locator('#guild-answer').innerText(), /shard 2 in cluster 0: Ready\. It is connected\./)
    fixture.shardsBody = data.shards(16, 4, { 2: 'reconnecting' })
    await page.clock.runFor(5_000)
    await page.waitForSelector('#status[data-refreshes="1"]', { state: 'attached' })
    assert.match(await page.locator('#guild-answer').innerText(), /shard 2 in cluster 0: Reconnecting\. It is not connected right now\./)
  })

  it('shows a day\'s figures on focus and links a day with an incident to it', async (t) => {
    const { page, base } = await site(t)
    await page.goto(`${base}/status`)
    const days = page.locator('#uptime ol.days').first().locator('li')
    await days.nth(20).click()
    assert.equal(await page.locator('#uptime .day-detail').innerText(), '13 Sept 2026: 100% uptime · Degraded')
    await page.keyboard.press('ArrowLeft')
    assert.equal(await page.locator('#uptime .day-detail').innerText(), '12 Sept 2026: 100% uptime · Operational')
    await days.nth(41).locator('a').focus()
    assert.equal(await page.locator('#uptime .day-detail').innerText(), '4 Oct 2026: 97.36% uptime · Down · 38 min down')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/status\/incidents\/7$/)
  })

  it('shows an incident page with every update, linked from the status page, and 404 for an unknown one', async (t) => {
    const { app, context } = await buildTestApp(t)
    const { db } = context.database
    const now = Date.now()
    const id = await openIncident(db, { title: 'Bot offline', impact: 'major', status: 'investigating', message: 'Shards are dropping.' }, now - 3_600_000)
    await updateIncident(db, id, { status: 'identified', message: 'A gateway node failed.' }, now - 3_000_000)
    await resolveIncident(db, id, 'All shards are back.', now - 2_000_000)
    await context.incidents.refresh()
    await context.monitor.runOnce()
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    for (const scheme of ['light', 'dark'] as const) {
      const { page, problems } = await pageOn(t, base, { colorScheme: scheme, viewport: { width: 1280, height: 900 } })
      await page.goto(`${base}/status`)
      await page.locator(`#past-incidents a[href="/status/incidents/${id}"]`).click()
      await page.waitForURL(new RegExp(`/status/incidents/${id}$`))
      assert.equal(await page.locator('h1').innerText(), 'Bot offline')
      assert.deepEqual(await page.locator('.updates li .message').allInnerTexts(), ['All shards are back.', 'A gateway node failed.', 'Shards are dropping.'])
      assert.deepEqual(await axeViolations(page), [])
      assert.deepEqual(problems, [])
      await page.screenshot({ path: path.join(OUTPUT, `incident-${scheme}-1280.png`), fullPage: true })
      const missing = await page.goto(`${base}/status/incidents/${id + 100}`)
      assert.equal(missing?.status(), 404)
      await page.context().close() // before the app closes, which waits for the browser's open connections
    }
  })

  it('/docs/api is wide at 1200 px and up, and every scrolling code block and table is a named keyboard stop', async (t) => {
    const { app } = await buildTestApp(t)
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    for (const [url, width] of [['/docs/api', 1280], ['/docs/api', 1200], ['/de/docs/api', 1280], ['/docs/shards', 1280]] as const) {
      const { page, problems } = await pageOn(t, base, { viewport: { width, height: 900 } })
      await page.goto(`${base}${url}`)
      const article = await page.locator('.docs-article').boundingBox()
      assert.ok(article !== null && article.width >= 700, `${url} at ${width} px: article ${article?.width} px wide`)
      const regions = await page.evaluate(`[...document.querySelectorAll('.docs-article pre, .docs-article .table-scroll')]
        .map((r) => r.getAttribute('tabindex') + ' ' + (r.getAttribute('aria-label') ? 'named' : 'unnamed'))`) as string[]
      assert.ok(regions.length >= 3, url)
      assert.deepEqual(new Set(regions), new Set(['0 named']), url)
      assert.deepEqual(await axeViolations(page), [], url)
      const scrollable = await page.evaluate(`axe.run(document, { runOnly: ['scrollable-region-focusable'] }).then((r) => r.violations.length)`)
      assert.equal(scrollable, 0, url)
      assert.deepEqual(problems, [])
      if (width === 1280 && url === '/docs/api') await page.screenshot({ path: path.join(OUTPUT, 'docs-api-1280.png') })
      await page.context().close() // before the app closes, which waits for the browser's open connections
    }
  })
})
