// Every docs page, in both languages, has one h1 and it is the first heading in document order: the sidebar's and
// the "on this page" h2 come after it (pa11y G141), and a second level-1 heading in a Markdown file is a section.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { projectRoot } from '../../src/config/project-root.ts'
import { DocsSite } from '../../src/docs/docs-site.ts'
import { renderMarkdown } from '../../src/docs/markdown.ts'
import { buildTestApp } from '../helper.ts'
import { chromiumSkip, launchChromium } from '../site/browser.ts'

const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]))

describe('docs headings', () => {
  it('put the page\'s one h1 first on every page and on the search page, in both languages', async (t) => {
    const { app } = await buildTestApp(t)
    const site = new DocsSite({ docsDir: path.join(projectRoot, 'docs'), germanPrefix: '/de' })
    const urls = [...site.list('en'), ...site.list('de')].map((p) => p.url)
    assert.ok(urls.length > 10)
    for (const url of [...urls, '/docs/search?q=status', '/de/docs/search?q=status', '/docs/search']) {
      const response = await app.inject(url)
      assert.equal(response.statusCode, 200, url)
      const levels = headingLevels(response.body)
      assert.equal(levels[0], 1, `${url}: the first heading is h${levels[0]}`)
      assert.equal(levels.filter((l) => l === 1).length, 1, `${url}: one h1`)
    }
  })

  it('render a later level-1 heading in Markdown as a section (h2)', () => {
    const rendered = renderMarkdown('# Title\n\nText.\n\n# Another part\n\nMore.\n', { resolveLink: (href) => href })
    assert.deepEqual(headingLevels(rendered.html), [1, 2])
    assert.deepEqual(rendered.headings.map((h) => h.depth), [2])
  })
})

describe('the docs layout in Chromium', { skip: chromiumSkip(), timeout: 120_000 }, () => {
  it('still shows the sidebar left of the article at 1280 px and 1600 px, the article first at 375 px', async (t) => {
    const { app } = await buildTestApp(t)
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const browser = await launchChromium()
    t.after(() => browser.close())
    for (const width of [1280, 1600, 375]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      await page.goto(`${base}/docs/operations`)
      const sidebar = (await page.locator('.docs-sidebar').boundingBox())!
      const article = (await page.locator('.docs-article').boundingBox())!
      if (width === 375) assert.ok(article.y < sidebar.y, 'one column, the article first')
      else {
        assert.ok(sidebar.x + sidebar.width <= article.x, `${width} px: sidebar left of the article`)
        assert.ok(Math.abs(sidebar.y - article.y) < 2, `${width} px: side by side`)
      }
      if (width === 1600) {
        const toc = (await page.locator('.docs-toc').boundingBox())!
        assert.ok(article.x + article.width <= toc.x, 'the "on this page" list right of the article')
      }
      await page.close()
    }
  })
})
