// The branded status page in headless Chromium (issue 30): at 375 and 1280 px in light and dark, axe finds nothing
// serious; the logo follows the theme; links take the checked accent of each theme; the header links are reached with
// Tab; the Follow section's copy buttons copy and say so in the live region; no CSP or console errors; screenshots in
// test-output/ (or SCREENSHOT_DIR). Lighthouse is not installed here: axe and these checks stand in for it.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { chromiumSkip, launchChromium, seriousAxeViolations, watchedPage } from '../site/browser.ts'
import { brandedSite } from './brand-site.ts'

const OUTPUT = process.env.SCREENSHOT_DIR ?? path.join(projectRoot, 'test-output')

describe('the branded status page in Chromium', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  let shared: { site: Awaited<ReturnType<typeof brandedSite>>, base: string } | undefined
  /** What the shared site registered to close after it (its app, stores and temporary folder), run in after(). */
  const closers: Array<() => unknown> = []
  before(async () => { browser = await launchChromium() })
  after(async () => {
    for (const close of closers.reverse()) await close()
    await browser?.close()
  })

  /** One branded site for every test (building it is the slow part); a browser context per test. */
  async function open (t: TestContext, context: BrowserContextOptions = {}) {
    if (shared === undefined) {
      // With the Discord commands answered, so that the Follow section lists every way (the commands first).
      const discord = { DISCORD_PUBLIC_KEY: 'ab'.repeat(32), DISCORD_APPLICATION_ID: '100000000000000001', DISCORD_OPERATOR_GUILD_ID: '100000000000000002', DISCORD_BOT_TOKEN: 'bot-token' }
      const site = await brandedSite({ after: (close: () => unknown) => { closers.push(close) } } as unknown as TestContext, discord)
      shared = { site, base: await site.app.listen({ port: 0, host: '127.0.0.1' }) }
    }
    const { page, problems } = await watchedPage(browser, t, context)
    return { ...shared.site, base: shared.base, page, problems }
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [375, 1280]) {
      for (const url of ['/status', '/de/status']) {
        it(`${url} at ${width} px (${colorScheme}): axe clean, no sideways scrolling, the theme's logo and accent`, async (t) => {
          const { page, base, problems, config } = await open(t, { colorScheme, viewport: { width, height: 900 } })
          await page.goto(`${base}${url}`)
          await page.locator('#follow .copy-button').first().waitFor()
          assert.deepEqual(await seriousAxeViolations(page), [])
          const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as number
          assert.equal(overflow, 0, 'no sideways scrolling')
          const { logo, logoDark } = config.status.product
          const shown = await page.locator('.brand-logo').evaluate((image) => new URL((image as unknown as { currentSrc: string }).currentSrc).pathname)
          assert.equal(shown, colorScheme === 'dark' ? logoDark!.path : logo!.path)
          const linkColour = await page.evaluate('getComputedStyle(document.querySelector(".product-footer a")).color') as string
          assert.equal(linkColour, colorScheme === 'dark' ? 'rgb(110, 122, 226)' : 'rgb(59, 75, 216)', 'the accent checked for this theme')
          assert.deepEqual(problems, [])
          if (url === '/status') {
            mkdirSync(OUTPUT, { recursive: true })
            await page.screenshot({ path: path.join(OUTPUT, `brand-status-${width}-${colorScheme}.png`) })
            await page.locator('#follow').screenshot({ path: path.join(OUTPUT, `brand-follow-${width}-${colorScheme}.png`) })
          }
        })
      }
    }
  }

  it('reaches the header links with Tab; they open in the same tab', async (t) => {
    const { page, base } = await open(t, { viewport: { width: 1280, height: 900 } })
    await page.goto(`${base}/status`)
    const reached: string[] = []
    for (let press = 0; press < 10 && !reached.includes('Dashboard'); press++) {
      await page.keyboard.press('Tab')
      reached.push(await page.evaluate('document.activeElement?.textContent?.trim() ?? ""') as string)
    }
    assert.ok(reached.includes('Support server') && reached.includes('Dashboard'), reached.join(' | '))
    assert.equal(await page.locator('.product-links a[target]').count(), 0)
  })

  it('copies each snippet and says so to screen readers; the section works without script', async (t) => {
    const { page, base } = await open(t, { permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1280, height: 900 } })
    await page.goto(`${base}/status`)
    const buttons = page.locator('#follow .copy-button')
    assert.equal(await buttons.count(), 9, 'four Discord commands, the calendar\'s address, the Statuspage URL, two badge snippets and the MCP command')
    await page.locator('#follow button[aria-label="Copy: In your Discord server, Follow"]').click()
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), '/follow channel:#status')
    const markdown = page.locator('#follow code[data-copy="Badge for a README, Markdown"]')
    await page.locator('#follow button[aria-label="Copy: Badge for a README, Markdown"]').click()
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), await markdown.innerText())
    // A locator waits without eval; waitForFunction re-evaluates its predicate with eval, which the page's CSP refuses
    // after the first, synchronous check.
    await page.locator('#follow-announce', { hasText: /^Copied: Badge for a README, Markdown$/ }).waitFor({ state: 'attached' })
    assert.equal(await page.locator('#follow-announce').getAttribute('role'), 'status')

    const plain = await open(t, { javaScriptEnabled: false })
    await plain.page.goto(`${base}/de/status`)
    assert.equal(await plain.page.locator('#follow .copy-button').count(), 0)
    assert.match(await plain.page.locator('#follow code[data-copy="Für KI-Agenten (MCP), Befehl"]').innerText(), /^status-api mcp --url http:\/\/127\.0\.0\.1:\d+$/)
  })
})
