// Issue 41, items 4 and 5, in headless Chromium: 65,536 shards drawn by cluster (a cell per cluster, the shards not
// connected below) and an incident of 300 updates showing its latest three with a link to its page; 375 px and
// 1,280 px, light and dark, checked by axe, with screenshots in test-output/.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { chromiumSkip, launchChromium, seriousAxeViolations, watchedPage } from './browser.ts'
import * as data from './fixtures.ts'
import { buildSiteApp } from './site-app.ts'

const OUTPUT = path.join(projectRoot, 'test-output')

/** The fixture's incidents with the open one given 300 updates of 5,000 characters (newest first). */
function longIncidents () {
  const body = data.incidents()
  const open = body.incidents[0]!
  const updates = Array.from({ length: 300 }, (_, i) => ({
    at: new Date(Date.parse(data.NOW) - i * 60_000).toISOString(),
    status: 'identified' as const,
    message: `Update ${300 - i}: ${'Shards are reconnecting one cluster at a time. '.repeat(120)}`.slice(0, 5000)
  }))
  return { ...body, incidents: [{ ...open, updates }, ...body.incidents.slice(1)] }
}

describe('a bounded status page in Chromium', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  it('65,536 shards by cluster and 300 updates cut to the latest three, at 375 and 1,280 px, light and dark', async (t) => {
    const { app, fixture } = await buildSiteApp(t, { api: true, refreshSeconds: 3600 })
    fixture.shardsBody = data.shards(65_536, 256, { 5: 'reconnecting', 4_097: 'disconnected', 65_535: 'silent' })
    fixture.incidentsBody = longIncidents()
    fixture.componentsBody = data.components(data.health(), fixture.incidentsBody)
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    mkdirSync(OUTPUT, { recursive: true })

    for (const [scheme, width] of [['light', 1280], ['dark', 1280], ['light', 375], ['dark', 375]] as const) {
      const { page, problems } = await watchedPage(browser, t, { viewport: { width, height: 900 }, colorScheme: scheme })
      const response = await page.goto(`${base}/status`)
      assert.ok((await response!.body()).length < 1024 * 1024, 'the page is under 1 MB')

      const groups = page.locator('#shards .shard-groups li')
      assert.equal(await groups.count(), 256, 'a cell per cluster')
      assert.equal(await page.getByRole('listitem', { name: 'Cluster 16: 255/256 connected, 1 Disconnected', exact: true }).count(), 1)
      assert.equal(await page.locator('#shards .shard-grid li').count(), 3, 'the three shards not connected, as cells')
      assert.equal(await page.getByRole('listitem', { name: 'Shard 4097: disconnected, 69 ms', exact: true }).count(), 1)
      assert.equal(await page.locator('#shards a[href="/api/v1/health/shards"]').count(), 1)
      const groupCell = await groups.first().boundingBox()
      assert.ok(groupCell !== null && groupCell.width >= 40 && groupCell.height >= 20, `group cells stay legible: ${JSON.stringify(groupCell)}`)
      // The colour and symbol of a group are its worst shard's.
      const look = (selector: string) => page.evaluate(`(() => { const e = document.querySelector('${selector}'); return getComputedStyle(e, '::before').content + ' ' + getComputedStyle(e).backgroundColor })()`)
      assert.notEqual(await look('#shards .shard-groups li.s-ready'), await look('#shards .shard-groups li.s-disconnected'))

      const updates = page.locator('#active-incidents .updates li')
      assert.equal(await updates.count(), 3, 'the latest three updates')
      assert.match(await updates.first().innerText(), /Update 300: /)
      const more = page.locator('#active-incidents .updates-more a')
      assert.equal(await more.getAttribute('href'), '/status/incidents/9')
      assert.match(await more.innerText(), /^297 earlier updates on the incident's page/)

      assert.equal(await page.evaluate(`document.documentElement.scrollWidth <= ${width}`), true, `no sideways scrolling at ${width} px`)
      assert.deepEqual(await seriousAxeViolations(page), [], `${scheme} ${width}`)
      assert.deepEqual(problems, [])
      await page.locator('#shards').screenshot({ path: path.join(OUTPUT, `shards-65536-${scheme}-${width}.png`) })
      // The end of the incident: its last update shown, the link to the rest, and the link to its page.
      const link = (await more.boundingBox())!
      const top = await page.evaluate('window.scrollY')
      await page.screenshot({ path: path.join(OUTPUT, `incident-300-updates-${scheme}-${width}.png`), fullPage: true, clip: { x: 0, y: link.y + (top as number) - 260, width, height: 380 } })
      await page.context().close()
    }

    // One cluster of 65,536 shards: equal ranges of 256 shards instead.
    fixture.shardsBody = data.shards(65_536, 65_536, { 300: 'reconnecting' })
    for (const [scheme, width] of [['light', 1280], ['dark', 375]] as const) {
      const { page, problems } = await watchedPage(browser, t, { viewport: { width, height: 900 }, colorScheme: scheme })
      await page.goto(`${base}/status`)
      assert.equal(await page.locator('#shards .shard-groups li').count(), 256)
      assert.equal(await page.getByRole('listitem', { name: 'Shards 256–511: 255/256 connected, 1 Reconnecting', exact: true }).count(), 1)
      assert.equal(await page.evaluate(`document.documentElement.scrollWidth <= ${width}`), true, `no sideways scrolling at ${width} px`)
      assert.deepEqual(await seriousAxeViolations(page), [], `${scheme} ${width}`)
      assert.deepEqual(problems, [])
      await page.locator('#shards').screenshot({ path: path.join(OUTPUT, `shards-65536-ranges-${scheme}-${width}.png`) })
      await page.context().close()
    }

    // German: the same, in German words.
    fixture.shardsBody = data.shards(65_536, 256, { 5: 'reconnecting', 4_097: 'disconnected', 65_535: 'silent' })
    const { page } = await watchedPage(browser, t, { viewport: { width: 1280, height: 900 } })
    await page.goto(`${base}/de/status`)
    assert.equal(await page.getByRole('listitem', { name: 'Cluster 16: 255/256 verbunden, 1 Getrennt', exact: true }).count(), 1)
    assert.match(await page.locator('#active-incidents .updates-more a').innerText(), /^297 frühere Meldungen auf der Seite des Vorfalls/)
    assert.equal(await page.locator('#active-incidents .updates-more a').getAttribute('href'), '/de/status/incidents/9')
    await page.context().close()
  })
})
