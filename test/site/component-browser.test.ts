// A component's page in headless Chromium on the whole app: no script and no console errors, data attributes equal to
// the API, axe finds nothing serious in either theme or language, no sideways scrolling at 375 px, and screenshots at
// 375 and 1280 px, light and dark (test-output/, or SCREENSHOT_DIR).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { chromiumSkip, launchChromium, seriousAxeViolations, watchedPage } from './browser.ts'
import { componentSite } from './component-site.ts'
import { STATUS_KIND, TEXT } from '../../src/view/status-view.js'
import { day, percent } from '../../src/view/status-format.js'

/** What the colour check uses of the page's globals (this project's TypeScript has no DOM types). */
interface BrowserGlobals {
  document: { createElement (tag: string): { style: { color: string }, remove (): void }, body: { append (node: unknown): void } }
  getComputedStyle (element: unknown): { borderLeftColor: string, color: string }
}

const OUTPUT = process.env.SCREENSHOT_DIR ?? path.join(projectRoot, 'test-output')

// A guard against a hung browser, not a speed test: the suite took 304 s beside another browser suite on a loaded 2-core machine.
describe('a component\'s page in Chromium', { skip: chromiumSkip(), timeout: 420_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  /** A page on a site of its own, or on `shared` (building and seeding a site is the slow part). */
  async function open (t: TestContext, context: BrowserContextOptions = {}, shared?: { site: Awaited<ReturnType<typeof componentSite>>, base: string }) {
    const site = shared?.site ?? await componentSite(t)
    const base = shared?.base ?? await site.app.listen({ port: 0, host: '127.0.0.1' })
    const { page, problems } = await watchedPage(browser, t, context)
    return { ...site, base, page, problems }
  }

  it('shows the model\'s status and the sparkline, and follows the status page\'s link to it', async (t) => {
    const { page, base, problems } = await open(t)
    await page.goto(`${base}/status`)
    await page.locator('#components a[href="/status/components/database"]').click()
    await page.waitForURL(`${base}/status/components/database`)
    const detail = await (await page.request.get(`${base}/api/v1/health/components/database`)).json() as { component: { id: string, status: string } }
    const root = page.locator('[data-component]')
    assert.deepEqual([await root.getAttribute('data-component'), await root.getAttribute('data-status')], [detail.component.id, detail.component.status])
    assert.equal(await page.locator('h1').innerText(), 'Database')
    const box = await page.locator('svg.sparkline:not(.latency-days)').boundingBox()
    assert.ok(box !== null && box.width > 200 && box.height > 40, 'the sparkline is drawn wide and tall enough to read')
    assert.equal(await page.locator('script').count(), 0)
    assert.deepEqual(problems, [])
  })

  it('colours the summary\'s bar as its status, in each state (the unknown grey only when unknown)', async (t) => {
    const { page, base, problems } = await open(t)
    await page.goto(`${base}/status/components/database`)
    const summary = page.locator('#component')
    const shown = /\bcomponent--(\S+)/.exec(await summary.getAttribute('class') ?? '')?.[1]
    assert.ok(shown !== undefined, 'the summary carries its status')
    for (const kind of [shown, ...new Set(Object.values(STATUS_KIND))]) {
      // The state's class, then the bar's colour beside the colour its variable resolves to (run in the page: no DOM types here).
      const [bar, colour] = await summary.evaluate((element: { className: string }, kind: string) => {
        const { document, getComputedStyle } = globalThis as unknown as BrowserGlobals
        element.className = element.className.replace(/\bcomponent--\S+/, `component--${kind}`)
        const probe = document.createElement('span')
        probe.style.color = `var(--${kind})`
        document.body.append(probe)
        const colours = [getComputedStyle(element).borderLeftColor, getComputedStyle(probe).color]
        probe.remove()
        return colours
      }, kind)
      assert.equal(bar, colour, `component--${kind}: the bar is var(--${kind})`)
    }
    assert.deepEqual(problems, [])
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const url of ['/status/components/database', '/de/status/components/api']) {
      it(`${url} (${colorScheme}): axe finds no serious or critical violations`, async (t) => {
        const { page, base, problems } = await open(t, { colorScheme })
        await page.goto(`${base}${url}`)
        await page.locator('.daily-table summary').click() // the folded table is checked too
        assert.deepEqual(await seriousAxeViolations(page), [])
        assert.deepEqual(problems, [])
      })
    }
  }

  it('says the figures of what its uptime bar shows: 90 days wide, the newest 30 at 375 px', async (t) => {
    const site = await componentSite(t)
    const shared = { site, base: await site.app.listen({ port: 0, host: '127.0.0.1' }) }
    const detail = await (await fetch(`${shared.base}/api/v1/health/components/database`)).json() as {
      history: { uptime: { percent: number | null, daily: Array<{ date: string, checks: number, percent: number | null }> } }
    }
    const { uptime } = detail.history
    const last30 = uptime.daily.slice(-30).filter((entry) => entry.percent !== null)
    const checks = last30.reduce((sum, entry) => sum + entry.checks, 0)
    const up = last30.reduce((sum, entry) => sum + entry.percent! / 100 * entry.checks, 0)
    const range = (from: string) => `${day(TEXT.en, from)} to ${day(TEXT.en, uptime.daily.at(-1)!.date)}`
    for (const [width, from, figure] of [[1280, uptime.daily[0]!.date, uptime.percent!], [375, uptime.daily.at(-30)!.date, 100 * up / checks]] as const) {
      const { page, base } = await open(t, { viewport: { width, height: 900 } }, shared)
      await page.goto(`${base}/status/components/database`)
      assert.equal(await page.locator('#uptime-title').innerText(), width === 375 ? 'Uptime, last 30 days' : 'Uptime, last 90 days')
      assert.equal(await page.locator('#uptime > p.meta').first().innerText(), range(from), `${width} px: the range`)
      assert.equal(await page.locator('#uptime .bar-percent').innerText(), `${percent(TEXT.en, figure)} uptime`, `${width} px: the figure`)
    }
  })

  it('fits 375 px without sideways scrolling, and writes screenshots at 375 and 1280 px, light and dark', async (t) => {
    mkdirSync(OUTPUT, { recursive: true })
    const site = await componentSite(t)
    const shared = { site, base: await site.app.listen({ port: 0, host: '127.0.0.1' }) }
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [375, 1280]) {
        const { page, base } = await open(t, { viewport: { width, height: 900 }, colorScheme }, shared)
        await page.goto(`${base}/status/components/database`)
        assert.equal(await page.evaluate(`document.documentElement.scrollWidth <= ${width}`), true, `${colorScheme} ${width}`)
        await page.screenshot({ path: path.join(OUTPUT, `component-${colorScheme}-${width}.png`), fullPage: true })
      }
    }
  })
})
