// Lighthouse (desktop) on the French status page of the real app: accessibility, best practices and SEO at 100, as on
// the English page. Performance is printed, not asserted: its timings are the machine's (a benchmark, not a test).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { CHROMIUM, chromiumSkip } from './browser.ts'
import { buildTestApp } from '../helper.ts'

const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const

describe('Lighthouse', { skip: chromiumSkip() }, () => {
  it('scores the French and the English status page 100 for accessibility, best practices and SEO', { timeout: 240_000 }, async (t) => {
    const { app } = await buildTestApp(t)
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    })
    t.after(() => chrome.kill())
    for (const route of ['/fr/status', '/status']) {
      const result = await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES, 'performance'] }, desktopConfig)
      assert.ok(result !== undefined, route)
      const { categories, audits } = result.lhr
      const failed = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => `${audit.id}: ${audit.title}`)
      for (const category of CATEGORIES) assert.equal(categories[category]?.score, 1, `${route} ${category} (${failed.join('; ')})`)
      t.diagnostic(`${route}: performance ${categories.performance?.score} on this machine`)
    }
  })
})
