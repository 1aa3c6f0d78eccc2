// Honest when stale (docs/en/architecture.md#edge), in Chromium: the status page compares the checkedAt of its data with the reader's
// clock on load and after each refresh, marks #status with data-stale="true" and says since when, in both languages,
// once it is older than three probe intervals plus EDGE_CACHE_SECONDS; a later fresh read clears it.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { chromiumSkip, launchChromium } from './browser.ts'
import { health } from './fixtures.ts'
import { buildSiteApp } from './site-app.ts'

const OUTPUT = path.join(projectRoot, 'test-output')

/** The fixture's health as if measured `ms` ago on the page's clock `now` (its checkedAt is 4 s before its `now`). */
const checkedAgo = (now: number, ms: number) => health(new Date(now - ms + 4000).toISOString())

describe('the status page when its data is old', { skip: chromiumSkip(), timeout: 120_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  it('marks itself stale on load, says since when in both languages, and a fresh read clears it', async (t) => {
    // Stale after 3 × 10 s + 5 s.
    const { app, fixture } = await buildSiteApp(t, { api: true, env: { PROBE_INTERVAL_SECONDS: '10', EDGE_CACHE_SECONDS: '5' } })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const context = await browser.newContext()
    t.after(() => context.close())
    const page = await context.newPage()
    await page.clock.install()
    const start = await page.evaluate(() => Date.now())

    fixture.healthBody = checkedAgo(start, 30_000)
    await page.goto(`${base}/status`)
    assert.equal(await page.getAttribute('#status', 'data-stale-after-seconds'), '35')
    assert.equal(await page.getAttribute('#status', 'data-stale'), null, '30 s old: not stale yet')

    fixture.healthBody = checkedAgo(start, 40_000)
    await page.reload() // past the browser's own copy (max-age)
    assert.equal(await page.getAttribute('#status', 'data-stale'), 'true', '40 s old: stale on load')
    assert.match(String(await page.textContent('#stale-notice')), /^Last confirmed .+ UTC — this page could not be refreshed since\.$/)
    assert.equal(await page.isVisible('#stale-notice'), true)
    assert.equal(await page.evaluate("document.querySelector('#status > h1')?.nextElementSibling?.id"), 'stale-notice', 'said first, under the title')
    mkdirSync(OUTPUT, { recursive: true })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 500 })
        await page.screenshot({ path: path.join(OUTPUT, `stale-${scheme}-${width}.png`) })
      }
    }

    await page.goto(`${base}/de/status`)
    assert.equal(await page.getAttribute('#status', 'data-stale'), 'true')
    assert.match(String(await page.textContent('#stale-notice')), /^Zuletzt bestätigt .+ UTC – seitdem konnte diese Seite nicht aktualisiert werden\.$/)

    // The next refresh (a minute later) reads a fresh check: the mark goes.
    const now = await page.evaluate(() => Date.now())
    fixture.healthBody = checkedAgo(now + 60_000, 1000)
    await page.clock.runFor(60_000)
    await page.waitForSelector('#status[data-refreshes="1"]', { state: 'attached', timeout: 10_000 })
    assert.equal(await page.getAttribute('#status', 'data-stale'), null)
    assert.equal(await page.isHidden('#stale-notice'), true)
  })
})
