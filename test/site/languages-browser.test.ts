// The French and Brazilian Portuguese pages in headless Chromium at 375 px, light and dark: long words (French and
// Portuguese run longer than English) stay inside their boxes, axe finds nothing serious, and screenshots go to test-output/.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { projectRoot } from '../../src/config/project-root.ts'
import { chromiumSkip, launchChromium, seriousAxeViolations, watchedPage } from './browser.ts'
import { buildSiteApp } from './site-app.ts'
import * as data from './fixtures.ts'
import { componentSite } from './component-site.ts'

const OUTPUT = path.join(projectRoot, 'test-output')
const WIDTH = 375

/**
 * Every visible element whose box reaches past the viewport's sides, or whose content runs out of its own box
 * sideways where that box does not scroll (a word wider than its column): one line each, with its text.
 */
async function overflowing (page: Page): Promise<string[]> {
  return await page.evaluate(`(() => {
    const width = document.documentElement.clientWidth
    const found = []
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      // Inside a region that scrolls sideways on purpose (a wide table in its own scroll box) is not overflowing.
      let parent = element.parentElement
      let inScroller = false
      while (parent !== null && parent !== document.body) {
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) { inScroller = true; break }
        parent = parent.parentElement
      }
      if (inScroller) continue
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      // The screen-reader-only pattern: a 1 px box clipped on purpose.
      if (box.width <= 1 && box.height <= 1) continue
      const scrolls = ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)
      const outside = box.left < -0.5 || box.right > width + 0.5
      const spills = !scrolls && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && style.display !== 'inline'
      if (outside || spills) {
        const name = element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + (element.classList.length > 0 ? '.' + [...element.classList].join('.') : '')
        found.push(name + ' ' + Math.round(box.left) + '–' + Math.round(box.right) + (spills ? ' (content ' + element.scrollWidth + ' in ' + element.clientWidth + ')' : '') + ': ' + (element.textContent || '').trim().slice(0, 60))
      }
    }
    return found
  })()`) as string[]
}

describe('French and Portuguese pages at 375 px', { skip: chromiumSkip(), timeout: 300_000 }, () => {
  let browser: Browser
  before(async () => { browser = await launchChromium() })
  after(async () => { await browser?.close() })

  for (const [prefix, lang] of [['/fr', 'fr'], ['/pt-br', 'pt-BR']] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${prefix}/status (${scheme}): no element overflows sideways, axe finds nothing serious; a screenshot`, async (t) => {
        mkdirSync(OUTPUT, { recursive: true })
        // The site over fixture data (Discord, shards, 90 days) and the whole app with a status file (history, a component).
        const site = await buildSiteApp(t, { api: true, declaration: data.groupedDeclaration() })
        const base = await site.app.listen({ port: 0, host: '127.0.0.1' })
        const app = await componentSite(t)
        const appBase = await app.app.listen({ port: 0, host: '127.0.0.1' })
        const { page, problems } = await watchedPage(browser, t, { viewport: { width: WIDTH, height: 900 }, colorScheme: scheme })
        const pages = [`${base}${prefix}/status`, `${base}${prefix}`, `${appBase}${prefix}/status`, `${appBase}${prefix}/status/history`,
          `${appBase}${prefix}/status/components/database`, `${appBase}${prefix}/status/incidents/${app.incident}`, `${appBase}${prefix}/status/maintenance/${app.window}`]
        for (const url of pages) {
          assert.equal((await page.goto(url))?.status(), 200, url)
          assert.equal(await page.evaluate('document.documentElement.lang'), lang)
          assert.deepEqual(await overflowing(page), [], `${url} at ${WIDTH} px`)
          assert.equal(await page.evaluate(`document.documentElement.scrollWidth <= ${WIDTH}`), true, `${url} does not scroll sideways`)
          assert.deepEqual(await seriousAxeViolations(page), [], url)
        }
        await page.goto(`${base}${prefix}/status`)
        await page.screenshot({ path: path.join(OUTPUT, `status-${lang}-${scheme}-${WIDTH}.png`), fullPage: true })
        assert.deepEqual(problems, [])
      })
    }
  }
})
