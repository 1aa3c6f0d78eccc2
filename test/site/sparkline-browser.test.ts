// The status page's component cards in headless Chromium: a measured component's card loads its 24-hour response-time
// sparkline (a server-rendered SVG image with words as alt), and the component's page draws its 24-hour and 90-day
// charts; axe finds nothing serious in either theme, and screenshots at 375 and 1280 px, light and dark, go to test-output/ (or SCREENSHOT_DIR).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { chromiumSkip, launchChromium, seriousAxeViolations } from './browser.ts'
import { componentSite } from './component-site.ts'
import { buildTestApp } from '../helper.ts'

const OUTPUT = process.env.SCREENSHOT_DIR ?? path.join(projectRoot, 'test-output')

describe('component card sparklines and the component page\'s charts in Chromium', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  it('draws the measured components\' sparklines without script, passes axe in both themes, and writes screenshots', async (t) => {
    const site = await componentSite(t)
    const base = await site.app.listen({ port: 0, host: '127.0.0.1' })
    mkdirSync(OUTPUT, { recursive: true })
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [375, 1280]) {
        const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } })
        t.after(() => context.close())
        const page = await context.newPage()
        await page.goto(`${base}/status`)
        const image = page.locator('[data-component="database"] img.component-sparkline')
        await image.scrollIntoViewIfNeeded()
        type Loaded = { complete: boolean, naturalWidth: number }
        for (let i = 0; i < 50 && !await image.evaluate((img) => (img as unknown as Loaded).complete); i++) await page.waitForTimeout(100)
        assert.ok(await image.evaluate((img) => (img as unknown as Loaded).naturalWidth > 0), 'the sparkline image loaded')
        assert.match(String(await image.getAttribute('alt')), /^Response time over the last 24 hours, latest [\d.]+ ms \(figures on the component's page\)$/)
        const box = await image.boundingBox()
        assert.ok(box !== null && box.width > 100 && box.height > 20, 'drawn wide and tall enough to see')
        // A component without a latency (manual) has none.
        assert.equal(await page.locator('[data-component="api"] img.component-sparkline').count(), 0)
        if (width === 1280) assert.deepEqual(await seriousAxeViolations(page), [])
        await page.locator('[data-component="database"]').screenshot({ path: path.join(OUTPUT, `sparkline-card-${colorScheme}-${width}.png`) })
        await page.screenshot({ path: path.join(OUTPUT, `sparkline-status-${colorScheme}-${width}.png`), fullPage: true })
        // The component's page: the 24-hour sparkline and the 90-day chart of daily p50 and p95.
        await page.goto(`${base}/status/components/database`)
        const chart = page.locator('#latency-days svg.latency-days')
        const chartBox = await chart.boundingBox()
        assert.ok(chartBox !== null && chartBox.width > 200 && chartBox.height > 40, 'the 90-day chart is drawn')
        assert.equal(await page.locator('#latency-days path.sparkline-line').count(), 2)
        assert.match(await page.locator('#latency-days p.meta').first().innerText(), /^Daily median around \d+ ms; the highest daily 95th percentile \d+ ms; over 6 days with measurements\.$/)
        if (width === 1280) assert.deepEqual(await seriousAxeViolations(page), [])
        await page.locator('#latency').screenshot({ path: path.join(OUTPUT, `latency-24h-${colorScheme}-${width}.png`) })
        await page.locator('#latency-days').screenshot({ path: path.join(OUTPUT, `latency-90d-${colorScheme}-${width}.png`) })
      }
    }
    // A new install: one minute recorded, so the cards say so in words instead of drawing a blank band with a tick.
    const fresh = await buildTestApp(t)
    await fresh.context.monitor.runOnce()
    const freshBase = await fresh.app.listen({ port: 0, host: '127.0.0.1' })
    for (const [url, words] of [['/status', 'Not enough data yet'], ['/de/status', 'Noch nicht genug Daten']] as const) {
      const context = await browser.newContext({ viewport: { width: 375, height: 900 } })
      const page = await context.newPage()
      await page.goto(`${freshBase}${url}`)
      assert.equal(await page.locator('[data-component="database"] img.component-sparkline').count(), 0, url)
      const empty = page.locator('[data-component="database"] .component-sparkline-empty')
      assert.equal(await empty.innerText(), words, url)
      assert.ok(((await empty.boundingBox())?.height ?? 0) > 5, `${url}: the words are shown`)
      await page.locator('[data-component="database"]').screenshot({ path: path.join(OUTPUT, `sparkline-card-empty-${url === '/status' ? 'en' : 'de'}.png`) })
      await context.close()
    }
    // Server-rendered: the page's HTML carries the image, no script needed.
    assert.match(await (await fetch(`${base}/status`)).text(), /<img class="component-sparkline" src="\/status\/components\/database\/latency.svg"/)
    const svg = await fetch(`${base}/status/components/database/latency.svg`)
    assert.match(svg.headers.get('content-type') ?? '', /^image\/svg\+xml/)
    assert.match(await svg.text(), /<path fill="none" stroke="#3a7bd5"/)
    assert.equal((await fetch(`${base}/status/components/nope/latency.svg`)).status, 404)
  })
})
