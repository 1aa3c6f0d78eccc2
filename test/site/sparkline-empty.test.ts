// Below a minimum of data a card says "Not enough data yet" in words (both languages) instead of a blank sparkline;
// with enough, the image's alt gives the latest figure; the component page gives the figures there are, in words.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { latencySection, latencySparklineImage, SPARKLINE_MIN_MINUTES } from '../../src/view/status-sparkline.js'
import { TEXT } from '../../src/view/status-view.js'
import { buildTestApp } from '../helper.ts'
import { componentSite } from './component-site.ts'

const GENERATED = '2026-11-21T12:00:30.000Z'
const check = (ago: number, latencyMs: number) => ({ at: new Date(Date.parse('2026-11-21T12:00:00.000Z') - ago * 60_000).toISOString(), status: 'ok' as const, latencyMs })

describe('sparklines below a minimum of data', () => {
  it('are words on a new install\'s cards, in both languages', async (t) => {
    const { app, context } = await buildTestApp(t)
    await context.monitor.runOnce()
    for (const [url, words] of [['/status', 'Not enough data yet'], ['/de/status', 'Noch nicht genug Daten']] as const) {
      const html = (await app.inject(url)).body
      const card = html.slice(html.indexOf('data-component="database"'), html.indexOf('data-component="cache"'))
      assert.ok(!card.includes('<img class="component-sparkline"'), `${url}: no blank image`)
      assert.ok(card.includes(`<p class="component-sparkline-empty meta">${words}</p>`), `${url}: ${card}`)
    }
  })

  it('are an image whose alt gives the latest figure once there is enough', async (t) => {
    const { app } = await componentSite(t)
    const html = (await app.inject('/de/status')).body
    assert.match(html, /<img class="component-sparkline" src="\/status\/components\/database\/latency.svg" alt="Antwortzeit der letzten 24 Stunden, zuletzt [\d,]+ ms \(Zahlen auf der Seite der Komponente\)"/)
  })

  it('give the component page the figures in words, and the image nothing to draw', () => {
    const few = { generatedAt: GENERATED, checks: Array.from({ length: SPARKLINE_MIN_MINUTES - 1 }, (_, ago) => check(ago, 40 + ago)) }
    assert.equal(latencySparklineImage(few), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 287 100" preserveAspectRatio="none" width="287" height="100"></svg>')
    const section = latencySection(TEXT.en, few)
    assert.ok(!section.includes('<svg'), 'no chart')
    assert.match(section, /Not enough data yet for a chart\. Median \d+ ms, highest \d+ ms, over 14 measured minutes\./)
    assert.match(latencySection(TEXT.de, few), /Noch nicht genug Daten für ein Diagramm\. Median/)
    const enough = { generatedAt: GENERATED, checks: Array.from({ length: SPARKLINE_MIN_MINUTES }, (_, ago) => check(ago, 40 + ago)) }
    assert.match(latencySection(TEXT.en, enough), /<svg class="sparkline"/)
  })
})
