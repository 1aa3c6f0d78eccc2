// The status page of the real app over real services (SQLite, the demo's seeded data, a chat platform on loopback,
// a reporting bot): it shows what the API says, refreshes from the real endpoints, and escapes what operators write.
import assert from 'node:assert/strict'
import { after, before, describe, it, type TestContext } from 'node:test'
import type { Browser } from 'playwright-core'
import { startDemoBot } from '../../src/demo/demo-bot.ts'
import { writeDemoData } from '../../src/demo/demo-data.ts'
import { startFakePlatform } from '../../src/demo/fake-platform.ts'
import type { HealthBody, HistoryBody } from '../../src/api/health.ts'
import type { IncidentsBody } from '../../src/api/incidents.ts'
import { openIncident } from '../../src/incidents/writes.ts'
import { buildTestApp } from '../helper.ts'
import { chromiumSkip, launchChromium } from './browser.ts'

const XSS = '<img src=x onerror=alert(1)>'

async function seededApp (t: TestContext) {
  const platform = await startFakePlatform()
  t.after(() => platform.close())
  const test = await buildTestApp(t, { DISCORD_STATUS_URL: platform.url.href }, {}, { statusRefreshSeconds: 1 })
  const { context } = test
  await writeDemoData(context.database, context.clock.now(), context.config.status)
  await openIncident(context.database.db, { title: XSS, impact: 'minor', status: 'investigating', message: '<script>alert(2)</script> & more' }, context.clock.now())
  const stopBot = startDemoBot(context.database)
  t.after(stopBot)
  await new Promise((resolve) => setTimeout(resolve, 50)) // the bot's first heartbeats
  await context.incidents.refresh()
  await context.monitor.runOnce()
  return test
}

describe('the status page of the real app', () => {
  it('server-renders what the API serves, with operator text escaped', async (t) => {
    const { app } = await seededApp(t)
    const page = await app.inject('/status')
    assert.equal(page.statusCode, 200)
    const html = page.body
    const incidents = (await app.inject('/api/v1/health/incidents')).json() as IncidentsBody
    const history = (await app.inject('/api/v1/health/history')).json() as HistoryBody
    const health = (await app.inject('/api/v1/health')).json() as HealthBody

    assert.ok(!html.includes(XSS) && html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the title is text, not markup')
    assert.ok(!html.includes('<script>alert(2)'), 'the message is text, not markup')
    for (const incident of incidents.incidents.filter((i) => i.title !== XSS)) assert.ok(html.includes(incident.title), incident.title)
    assert.ok(incidents.maintenance !== null && html.includes(incidents.maintenance.title), 'the active maintenance banner')
    assert.equal(health.maintenance, true)
    assert.equal(history.uptime.daily.length, 90)
    assert.equal((html.match(/class="day day--/g) ?? []).length >= 90, true, 'a bar per day')
    for (const status of new Set(history.uptime.daily.map((d) => d.status))) assert.ok(html.includes(`day--${status}`), status)
    assert.ok(html.includes('16 of 16 shards connected'), 'the bot with its shards')
    assert.equal((html.match(/<li class="s-ready"/g) ?? []).length, 16, 'the demo bot\'s shards in the grid')
    assert.ok(html.includes('Images are loading slowly'), 'the chat platform\'s incident')
  })
})

describe('the status page of the real app in Chromium', { skip: chromiumSkip(), timeout: 60_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  it('matches the API, refreshes from the real endpoints, runs no injected script and breaks no CSP rule', async (t) => {
    const { app, context } = await seededApp(t)
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const browserContext = await browser.newContext()
    t.after(() => browserContext.close())
    const page = await browserContext.newPage()
    const problems: string[] = []
    page.on('console', (message) => { if (['error', 'warning'].includes(message.type())) problems.push(message.text()) })
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('dialog', (dialog) => { problems.push(`dialog: ${dialog.message()}`); void dialog.dismiss() })

    await page.goto(`${base}/status`)
    const history = await (await page.request.get(`${base}/api/v1/health/history`)).json() as HistoryBody
    const classes = await page.locator('#uptime ol.days').first().locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('class')!.split(' ').slice(0, 2).join(' ')))
    assert.deepEqual(classes, history.uptime.daily.map((d) => `day day--${d.status}`))
    assert.match(await page.locator('#active-incidents').innerText(), /<img src=x onerror=alert\(1\)>/)

    await openIncident(context.database.db, { title: 'Opened while the page was open', impact: 'major', status: 'investigating', message: 'Seen by the refresh.' }, context.clock.now())
    await context.incidents.refresh()
    await page.locator('#active-incidents', { hasText: 'Opened while the page was open' }).waitFor({ timeout: 10_000 })
    assert.deepEqual(problems, [])
  })
})
