// Atlassian's own status widget (@statuspage/status-widget, a dev dependency) in headless Chromium, embedded in a page
// of another origin and pointed at {base}/status: it reads /api/v2/summary.json at the origin's root, so it shows the
// status only with STATUSPAGE_AT_ROOT on (issue 34); off, that address is a 404 and the widget stays empty.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { Browser } from 'playwright-core'
import { buildTestApp } from '../helper.ts'
import { chromiumSkip, launchChromium } from '../site/browser.ts'

/** The widget's browser bundle, as the package ships it; undefined when the dev dependencies are not installed. */
function widgetBundle (): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('@statuspage/status-widget/package.json')
    return readFileSync(path.join(path.dirname(manifest), 'dist', 'index.js'), 'utf8')
  } catch {
    return undefined
  }
}
const WIDGET = widgetBundle()

/** A page of its own origin embedding the widget, as a product's website would. */
async function embeddingPage (t: TestContext, src: string): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url === '/widget.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end(WIDGET)
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>Embedding</title><statuspage-widget src="${src}"></statuspage-widget><script src="/widget.js"></script>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/`
}

describe('Atlassian\'s status widget', { skip: chromiumSkip() ?? (WIDGET === undefined ? '@statuspage/status-widget is not installed (npm ci)' : undefined), timeout: 120_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  for (const atRoot of [true, false]) {
    it(`${atRoot ? 'shows the status with STATUSPAGE_AT_ROOT on' : 'finds nothing at the root with STATUSPAGE_AT_ROOT off (the default)'}`, async (t) => {
      const { app, context } = await buildTestApp(t, atRoot ? { STATUSPAGE_AT_ROOT: 'true' } : {})
      await context.monitor.runOnce()
      const base = await app.listen({ port: 0, host: '127.0.0.1' })
      const summary = await (await fetch(`${base}/status/api/v2/summary.json`)).json() as { status: { description: string } }
      const root = await fetch(`${base}/api/v2/summary.json`)
      assert.equal(root.status, atRoot ? 200 : 404)
      if (atRoot) assert.deepEqual(await root.json(), summary, 'the same document as under /status')

      const page = await (await browser.newContext()).newPage()
      const asked: Array<[string, number]> = []
      page.on('response', (response) => { if (response.url().startsWith(base)) asked.push([new URL(response.url()).pathname, response.status()]) })
      const rootAsked = page.waitForResponse((response) => response.url() === `${base}/api/v2/summary.json`, { timeout: 15_000 })
      await page.goto(await embeddingPage(t, `${base}/status`))
      await rootAsked
      const widget = page.locator('statuspage-widget')
      const shown = async () => await page.evaluate(`document.querySelector('statuspage-widget').shadowRoot?.querySelector('.status-text')?.textContent ?? ''`) as string
      if (atRoot) {
        await widget.getByText(summary.status.description).waitFor({ timeout: 15_000 })
        t.diagnostic(`the widget shows: ${(await shown()).trim()}`)
        assert.ok((await shown()).includes(summary.status.description))
        assert.deepEqual(asked, [['/api/v2/summary.json', 200]])
      } else {
        await page.waitForTimeout(500)
        assert.deepEqual(asked, [['/api/v2/summary.json', 404]])
        assert.ok(!(await shown()).includes(summary.status.description), 'nothing to show')
      }
    })
  }
})
