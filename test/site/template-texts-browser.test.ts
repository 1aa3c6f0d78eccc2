// An incident opened from a template on the German status page in headless Chromium: the German title and message
// stay after the page's script refreshed it from the API (whose body carries the English), and nothing fails.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { buildTestApp, tempDir } from '../helper.ts'
import { runInProcess } from '../cli/run-bin.ts'
import { TEMPLATES_FILE } from '../incidents/templates.ts'
import { chromiumSkip, launchChromium, watchedPage } from './browser.ts'

describe('a template\'s text on the status page in Chromium', { skip: chromiumSkip(), timeout: 180_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  it('stays in the page\'s language across the script\'s refreshes', async (t) => {
    const file = path.join(tempDir(t), 'status.yaml')
    writeFileSync(file, TEMPLATES_FILE)
    const site = await buildTestApp(t, { STATUS_FILE: file }, {}, { statusRefreshSeconds: 1 })
    const opened = await runInProcess(site.config, ['incident', 'open', '--template', 'platform-outage'])
    assert.equal(opened.code, 0, opened.stderr)
    await site.context.incidents.refresh()
    await site.context.monitor.runOnce()
    const base = await site.app.listen({ port: 0, host: '127.0.0.1' })
    const { page, problems } = await watchedPage(browser, t)
    await page.goto(`${base}/de/status`)
    await page.waitForSelector('#status[data-refreshes="2"]', { state: 'attached', timeout: 30_000 })
    const text = await page.locator('#active-incidents').innerText()
    assert.match(text, /Discord hat Probleme/)
    assert.match(text, /Die API von Discord fällt aus/)
    assert.doesNotMatch(text, /Discord is having trouble|API is failing/)
    await page.goto(`${base}/status`)
    await page.waitForSelector('#status[data-refreshes="1"]', { state: 'attached', timeout: 30_000 })
    assert.match(await page.locator('#active-incidents').innerText(), /Discord is having trouble/)
    // No shard has reported and the bot is down: the API's 503 answers are answers, not the page's failures.
    assert.deepEqual(problems.filter((problem) => !/status of 503/.test(problem)), [])
  })
})
