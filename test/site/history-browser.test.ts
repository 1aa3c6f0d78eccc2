// The incident history in headless Chromium on the whole app (125 resolved incidents: three pages): the status page's
// "Older incidents" link survives the page's own refresh and leads to page 2, the pager walks to the end and back with
// and without JavaScript, the pages run no script, axe finds nothing serious in either theme or language, nothing
// scrolls sideways at 375 px, and screenshots at 375 and 1280 px, light and dark (test-output/, or SCREENSHOT_DIR).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { Browser } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { openIncident, resolveIncident, updateIncident } from '../../src/incidents/writes.ts'
import { buildTestApp } from '../helper.ts'
import { chromiumSkip, launchChromium, seriousAxeViolations, watchedPage } from './browser.ts'

const OUTPUT = process.env.SCREENSHOT_DIR ?? path.join(projectRoot, 'test-output')
const MINUTE = 60_000
const DAY = 86_400_000

/**
 * The app with 125 incidents resolved over the last 80 days (every fifth with three updates), and one open; the status
 * page refreshes itself every `refreshSeconds`.
 */
async function historySite (t: TestContext, refreshSeconds = 60) {
  const test = await buildTestApp(t, {}, {}, { statusRefreshSeconds: refreshSeconds })
  const { db } = test.context.database
  const now = Date.now()
  const impacts = ['minor', 'major', 'critical', 'none'] as const
  for (let i = 0; i < 125; i++) {
    const at = now - 80 * DAY + i * 15 * 60 * MINUTE
    const id = await openIncident(db, { title: i % 7 === 0 ? `Slow replies in voice channels after a gateway restart (${i})` : `Incident ${i}`, impact: impacts[i % 4]!, status: 'investigating', message: 'We are looking into it.' }, at)
    if (i % 5 === 0) await updateIncident(db, id, { status: 'identified', message: 'A gateway node dropped its sessions.' }, at + 10 * MINUTE)
    await resolveIncident(db, id, 'Everything works again.', at + 40 * MINUTE)
  }
  await openIncident(db, { title: 'Commands answer slowly', impact: 'minor', status: 'investigating', message: 'Looking.' }, now - 5 * MINUTE)
  await test.context.incidents.refresh()
  await test.context.monitor.runOnce()
  return { ...test, base: await test.app.listen({ port: 0, host: '127.0.0.1' }) }
}

// A guard against a hung browser, not a speed test (other browser suites took up to 300 s on a loaded 2-core machine).
describe('the incident history in Chromium', { skip: chromiumSkip(), timeout: 420_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  it('leads from the status page (after its refresh too) through every page and back, with and without JavaScript', async (t) => {
    const site = await historySite(t, 1)
    const { page, problems } = await watchedPage(browser, t)
    await page.goto(`${site.base}/status`)
    await page.waitForSelector('#status[data-refreshes="1"]', { state: 'attached', timeout: 15_000 })
    const older = page.locator('#past-incidents .older-incidents a')
    assert.equal(await older.count(), 1, 'the refresh keeps the link: the API\'s Link header names a next page')
    assert.equal(await older.innerText(), 'Older incidents')
    assert.equal(await page.locator('#past-incidents .incident').count(), 50)
    await older.click()
    await page.waitForURL(`${site.base}/status/history?page=2`)
    problems.length = 0 // the status page's refresh got its 503s for shards and Discord (none in this app): not this page's
    assert.equal(await page.locator('script').count(), 0)
    assert.equal(await page.locator('.pager-at').innerText(), 'Page 2 of 3')
    assert.equal(await page.locator('#history .incident').count(), 50)
    await page.locator('.pager a[rel="next"]').click()
    await page.waitForURL(`${site.base}/status/history?page=3`)
    assert.equal(await page.locator('#history .incident').count(), 25)
    assert.match(await page.locator('.history-end').innerText(), /This is the end of the list/)
    assert.equal(await page.locator('.pager a[rel="next"]').count(), 0)
    // A fold opens in place; the link leads to the incident's own page.
    const last = page.locator('#history .incident').last()
    await last.locator('summary').click()
    assert.equal(await last.locator('.updates li').count(), 3, 'the oldest, Incident 0, has its three updates')
    await last.locator('.incident-link a').click()
    await page.waitForURL(/\/status\/incidents\/\d+$/)
    assert.equal(await page.locator('h1').innerText(), 'Slow replies in voice channels after a gateway restart (0)')
    await page.goBack()
    await page.locator('.pager a[rel="prev"]').click()
    await page.waitForURL(`${site.base}/status/history?page=2`)
    await page.locator('.pager a[rel="prev"]').click()
    await page.waitForURL(`${site.base}/status/history`)
    assert.equal(await page.locator('.pager a[rel="prev"]').count(), 0)
    assert.deepEqual(problems, [])

    const plain = await watchedPage(browser, t, { javaScriptEnabled: false })
    await plain.page.goto(`${site.base}/de/status`)
    await plain.page.locator('#past-incidents .older-incidents a').click()
    await plain.page.waitForURL(`${site.base}/de/status/history?page=2`)
    assert.equal(await plain.page.locator('.pager-at').innerText(), 'Seite 2 von 3')
    await plain.page.locator('.pager a[rel="next"]').click()
    assert.match(await plain.page.locator('.history-end').innerText(), /Hier endet die Liste/)
    assert.deepEqual(plain.problems, [])
  })

  it('passes axe in both themes and languages, fits 375 px, and writes screenshots at 375 and 1280 px, light and dark', async (t) => {
    mkdirSync(OUTPUT, { recursive: true })
    const site = await historySite(t)
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const url of ['/status/history?page=2', '/de/status/history?page=3']) {
        const { page, problems } = await watchedPage(browser, t, { colorScheme })
        await page.goto(`${site.base}${url}`)
        await page.locator('#history .incident summary').first().click() // an opened fold is checked too
        assert.deepEqual(await seriousAxeViolations(page), [], `${colorScheme} ${url}`)
        assert.deepEqual(problems, [])
        await page.context().close() // one page open at a time, none left for the teardown
      }
      for (const width of [375, 1280]) {
        const { page } = await watchedPage(browser, t, { viewport: { width, height: 900 }, colorScheme })
        await page.goto(`${site.base}/status/history?page=3`)
        await page.locator('#history .incident summary').first().click()
        assert.equal(await page.evaluate(`document.documentElement.scrollWidth <= ${width}`), true, `${colorScheme} ${width}`)
        await page.screenshot({ path: path.join(OUTPUT, `history-${colorScheme}-${width}.png`), fullPage: true })
        await page.goto(`${site.base}/status`)
        await page.locator('#past-incidents').screenshot({ path: path.join(OUTPUT, `history-link-${colorScheme}-${width}.png`) })
        await page.context().close()
      }
    }
  })
})
