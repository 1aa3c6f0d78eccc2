// Every page the sitemap lists (status, components, docs in both languages), in headless Chromium: axe finds nothing
// serious, no ARIA attribute stands where the element's role forbids it (aria-label on a <pre> without a role), and
// none scrolls sideways on a phone.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { buildTestApp } from '../helper.ts'
import { AXE, chromiumSkip, launchChromium } from './browser.ts'
import { sitemapPaths } from './sitemap-paths.ts'

interface Violation { id: string, impact: string, nodes: Array<{ target: string[] }> }

describe('every page in Chromium', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  it('passes axe on every page of the sitemap, with no prohibited or misplaced ARIA attribute of any impact', async (t) => {
    const { app, context } = await buildTestApp(t)
    await context.monitor.runOnce()
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const paths = await sitemapPaths(base)
    const page = await (await browser.newContext()).newPage()
    const found: string[] = []
    for (const path of paths) {
      const response = await page.goto(`${base}${path}`)
      assert.equal(response?.status(), 200, path)
      await page.evaluate(AXE)
      // axe leaves an aria-label on an element whose role forbids naming "to review" when the element has text (a
      // <pre> has): what it is unsure of about ARIA attributes counts here as well.
      const { violations, incomplete } = await page.evaluate(`axe.run(document, { resultTypes: ['violations', 'incomplete'] })`) as { violations: Violation[], incomplete: Violation[] }
      for (const v of violations) {
        if (v.id.startsWith('aria-') || v.impact === 'serious' || v.impact === 'critical') found.push(`${path} ${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`)
      }
      for (const v of incomplete) {
        if (['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role'].includes(v.id)) found.push(`${path} ${v.id} to review: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`)
      }
    }
    t.diagnostic(`${paths.length} pages`)
    assert.deepEqual(found, [])
  })

  it('scrolls no page of the sitemap sideways at 375 px (long code, tables and links stay inside the page)', async (t) => {
    const { app, context } = await buildTestApp(t)
    await context.monitor.runOnce()
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const paths = await sitemapPaths(base)
    const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage()
    const wide: string[] = []
    for (const path of paths) {
      assert.equal((await page.goto(`${base}${path}`))?.status(), 200, path)
      const [scrollWidth, clientWidth] = await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]') as [number, number]
      if (scrollWidth > clientWidth) wide.push(`${path}: ${scrollWidth} px wide`)
    }
    assert.ok(paths.some((path) => path.startsWith('/de/docs/')) && paths.some((path) => path.startsWith('/docs/')), 'the docs in both languages are checked')
    assert.deepEqual(wide, [])
  })
})
