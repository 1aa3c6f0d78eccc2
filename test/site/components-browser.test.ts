// The model's components in headless Chromium with a status file's groups: the refresh moves data-indicator and each
// data-status to what /api/v1/health/components says, keeps the reader's folds, axe finds nothing serious in either
// theme, and screenshots at 375 and 1280 px, light and dark (test-output/, or SCREENSHOT_DIR).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import type { ComponentsBody } from '../../src/api/components.ts'
import { chromiumSkip, launchChromium, seriousAxeViolations, watchedPage } from './browser.ts'
import * as data from './fixtures.ts'
import { buildSiteApp } from './site-app.ts'

const OUTPUT = process.env.SCREENSHOT_DIR ?? path.join(projectRoot, 'test-output')

describe('the model\'s components in Chromium', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  /** The site with the grouped declaration in the "minor" situation, and a page on it that records errors. */
  async function open (t: TestContext, context: BrowserContextOptions = {}, clock = false) {
    const site = await buildSiteApp(t, { api: true, declaration: data.groupedDeclaration() })
    const situation = data.groupedSituation('minor')
    site.fixture.componentsBody = situation.components
    site.fixture.incidentsBody = situation.incidents
    site.fixture.healthBody = situation.health
    const base = await site.app.listen({ port: 0, host: '127.0.0.1' })
    const { page, problems } = await watchedPage(browser, t, context)
    if (clock) await page.clock.install()
    return { ...site, base, page, problems }
  }

  const statuses = (page: Page) => page.locator('#components [data-component]')
    .evaluateAll((items) => items.map((item) => [item.getAttribute('data-component'), item.getAttribute('data-status')]))
  const expected = (model: ComponentsBody) => model.components.map((c) => [c.id, c.status])

  it('refreshes data-indicator and every data-status from the API, and keeps the reader\'s folds', async (t) => {
    const { page, base, fixture, problems } = await open(t, {}, true)
    await page.goto(`${base}/status`)
    const before = await (await page.request.get(`${base}/api/v1/health/components`)).json() as ComponentsBody
    assert.equal(await page.locator('#status').getAttribute('data-indicator'), before.indicator)
    assert.deepEqual(await statuses(page), expected(before))
    // The collapsed group starts folded, the other open; the reader turns both around.
    assert.equal(await page.locator('[data-group="web"] details').getAttribute('open'), null)
    assert.equal(await page.locator('[data-group="bot"] details').getAttribute('open'), '')
    await page.locator('[data-group="web"] summary').click()
    await page.locator('[data-group="bot"] summary').click()

    const fine = data.groupedSituation('fine')
    fixture.componentsBody = fine.components
    fixture.incidentsBody = fine.incidents
    await page.clock.runFor(60_000)
    await page.waitForSelector('#status[data-refreshes="1"]', { state: 'attached', timeout: 10_000 })
    assert.equal(await page.locator('#status').getAttribute('data-indicator'), 'none')
    assert.equal(await page.locator('#overall').getAttribute('data-indicator'), 'none')
    assert.deepEqual(await statuses(page), expected(fine.components))
    assert.equal(await page.locator('#overall h2').innerText(), 'All systems operational')
    assert.equal(await page.title(), 'Acme status – All systems operational')
    assert.equal(await page.locator('#status-announce').innerText(), 'All systems operational')
    assert.equal(await page.locator('[data-group="web"] details').getAttribute('open'), '', 'opened by the reader: stays open')
    assert.equal(await page.locator('[data-group="bot"] details').getAttribute('open'), null, 'closed by the reader: stays closed')

    // The same indicator with components that have not reported: the headline, the title and the announcement say so.
    const unknown = data.groupedSituation('unknown')
    fixture.componentsBody = unknown.components
    await page.clock.runFor(60_000)
    await page.waitForSelector('#status[data-refreshes="2"]', { state: 'attached', timeout: 10_000 })
    assert.equal(await page.locator('#status').getAttribute('data-indicator'), 'none')
    const words = 'All reporting systems operational; 4 components have not reported yet'
    assert.equal(await page.locator('#overall h2').innerText(), words)
    assert.equal(await page.title(), `Acme status – ${words}`)
    assert.equal(await page.locator('#status-announce').innerText(), words)
    assert.deepEqual(problems, [])
  })

  it('at 375 px an open incident is in the first viewport, above the components; upcoming maintenance comes after them', async (t) => {
    const { page, base, problems } = await open(t, { viewport: { width: 375, height: 740 } })
    for (const url of ['/status', '/de/status']) {
      await page.goto(`${base}${url}`)
      const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y
      const incident = await top('#active-incidents .incident')
      assert.ok(incident < 700, `${url}: the first open incident starts at ${incident} px, inside the first viewport`)
      assert.ok(await top('#maintenance .maintenance-banner') > incident, `${url}: the active window right after the open incidents`)
      assert.ok(await top('#components') > await top('#maintenance .maintenance-banner'), `${url}: both above the components`)
      const upcoming = await top('#upcoming-maintenance')
      assert.ok(upcoming > await top('#components'), `${url}: upcoming maintenance (${upcoming} px) below the components`)
    }
    assert.deepEqual(problems, [])
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const url of ['/status', '/de/status']) {
      it(`${url} with groups (${colorScheme}): axe finds no serious or critical violations`, async (t) => {
        const { page, base, problems } = await open(t, { colorScheme })
        await page.goto(`${base}${url}`)
        await page.locator('[data-group="web"] summary').click() // the folded group's rows are checked too
        assert.deepEqual(await seriousAxeViolations(page), [])
        assert.deepEqual(problems, [])
      })
    }
  }

  it('fits 375 px without sideways scrolling, and writes screenshots at 375 and 1280 px, light and dark', async (t) => {
    mkdirSync(OUTPUT, { recursive: true })
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [375, 1280]) {
        const { page, base } = await open(t, { viewport: { width, height: 900 }, colorScheme })
        await page.goto(`${base}/status`)
        assert.equal(await page.evaluate(`document.documentElement.scrollWidth <= ${width}`), true, `${colorScheme} ${width}`)
        await page.screenshot({ path: path.join(OUTPUT, `status-groups-${colorScheme}-${width}.png`), fullPage: true })
        await page.locator('#components').screenshot({ path: path.join(OUTPUT, `status-groups-components-${colorScheme}-${width}.png`) })
        await page.locator('#overall').screenshot({ path: path.join(OUTPUT, `status-groups-headline-${colorScheme}-${width}.png`) })
      }
    }
  })
})
