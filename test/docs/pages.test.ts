// The docs pages on a fixture tree: nested .md/.mdx, front matter or none, MDX stripped, anchors, links,
// the language switch, the search box and its no-JavaScript results page.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { projectRoot } from '../../src/config/project-root.ts'
import { DocsSite } from '../../src/docs/docs-site.ts'
import { buildTestApp } from '../helper.ts'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture')
const env = { DOCS_DIR: FIXTURE }
const LEAKS = ['import ', 'export const', 'EXPORTED_VALUE', 'Callout', '<Tabs', 'Tabs>', 'a comment nobody should see', 'Careful > here', '{1}']

describe('docs pages', () => {
  it('renders a page in the shared layout with anchors, rewritten links and discovery headers', async (t) => {
    const { app } = await buildTestApp(t, env)
    const response = await app.inject('/docs')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8')
    assert.match(String(response.headers['cache-control']), /^public, max-age=60, s-maxage=\d+, /)
    assert.match(String(response.headers.link), /rel="api-catalog"/)
    const html = response.body
    assert.match(html, /<html lang="en">/)
    assert.match(html, /<title>Fixture docs · Documentation<\/title>/)
    assert.match(html, /<meta name="description" content="A small tree for the rendering tests.">/)
    assert.match(html, /<h2 id="getting-started">Getting started/)
    assert.match(html, /<h2 id="getting-started-1">Getting started/, 'a repeated heading gets a numbered anchor')
    assert.match(html, /href="\/docs\/guide\/setup#install-it"/, 'links between files become page links with their anchor')
    assert.match(html, /href="\/docs\/views"/)
    assert.match(html, /<link rel="stylesheet" href="\/assets\/docs\.[0-9a-f]{12}\.css">/)
    assert.match(html, /<script src="\/assets\/search\.[0-9a-f]{12}\.js" defer><\/script>/)
    assert.doesNotMatch(html, /<script>/, 'raw HTML is never passed through')
    assert.doesNotMatch(html, /<span class="x">/)
    assert.match(html, /Inline html text stays as text/)
  })

  it('strips MDX imports, exports, expressions and components but keeps their text and code', async (t) => {
    const { app } = await buildTestApp(t, env)
    const html = (await app.inject('/docs/guide/setup')).body
    const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'))
    assert.match(article, /<h1 id="setup-guide">Setup guide/)
    assert.match(article, /<h2 id="install-it">Install it /, 'a pinned {#id} anchor is used and not shown')
    assert.match(article, /Read this before you install\./)
    assert.match(article, /npm install/)
    assert.match(article, /<code>&lt;Tabs&gt;<\/code>/, 'inline code keeps its angle brackets')
    assert.match(article, /import Something from &#39;stays-in-code&#39;/, 'code blocks are left alone')
    const prose = article.replace(/<pre[^>]*>[\s\S]*?<\/pre>/g, '').replace(/<code>[\s\S]*?<\/code>/g, '')
    for (const leak of LEAKS) assert.ok(!prose.includes(leak), `no "${leak}" in the page text`)
    assert.match(article, /href="\/docs"/)
    assert.match(article, /href="\/docs\/api"/)
    // A code block scrolls sideways when wide: a named keyboard stop.
    assert.match(article, /<pre tabindex="0" role="group" aria-label="Code example( \(\w+\))?"><code/)
  })

  it('keeps MDX out of search results', () => {
    const site = new DocsSite({ docsDir: FIXTURE, germanPrefix: '/de' })
    for (const query of ['EXPORTED_VALUE', 'Callout', 'comment nobody', 'meta secret']) {
      assert.deepEqual(site.search('en', query, 10), [], query)
    }
    const [install] = site.search('en', 'installer', 10)
    assert.equal(install?.url, '/docs/guide/setup#install-it')
    // Code (`<Tabs>`, the jsx block) is page text and searchable; none of the MDX around it is.
    for (const leak of ['export const', 'EXPORTED_VALUE', 'Callout', 'a comment nobody should see', 'Careful > here', 'items=']) {
      assert.ok(!install!.excerpt.includes(leak), leak)
    }
  })

  it('indexes in the background a few sections per turn of the event loop; a search before that indexes at once, with the same results', async (t) => {
    // The project's own docs: big enough to need many turns.
    const docsDir = path.join(projectRoot, 'docs')
    const queries: Array<['en' | 'de', string]> = [['en', 'rate limit'], ['de', 'Ratenbegrenzung'], ['en', 'how do I run it behind a proxy'], ['en', 'webhok']]
    const atOnce = new DocsSite({ docsDir, germanPrefix: '/de' })
    const expected = queries.map(([locale, query]) => atOnce.search(locale, query, 10))
    assert.ok(expected.every((results) => results.length > 0), 'every query finds something')

    const background = new DocsSite({ docsDir, germanPrefix: '/de' })
    let turns = 0
    // Each hold of the loop is timed twice: by the clock, and by this thread's CPU time. A machine shared with other
    // work takes the thread off its core for tens or hundreds of milliseconds now and then, which the clock counts and
    // the CPU time does not; so only the CPU time is held to a bound, one a turn of a few sections stays far under.
    const gaps: number[] = []
    const work: number[] = []
    const cpuMs = () => { const { user, system } = process.threadCpuUsage(); return (user + system) / 1000 }
    let last = performance.now()
    let lastCpu = cpuMs()
    const counting = setInterval(() => {
      const now = performance.now()
      const cpu = cpuMs()
      gaps.push(now - last)
      work.push(cpu - lastCpu)
      last = now
      lastCpu = cpu
      turns++
    }, 1)
    try {
      await background.indexInBackground()
    } finally {
      clearInterval(counting)
    }
    assert.ok(turns >= 10, `${turns} turns for other work in between`)
    // One hold may be the garbage collector's (a collection landing in one turn says nothing of the turns); every other
    // is a turn of a few sections: 4 ms and the section it was in, where indexing a whole language at once takes 40–110 ms.
    const [longest = 0, next = 0] = [...work].sort((a, b) => b - a)
    const wall = [...gaps].sort((a, b) => b - a)
    t.diagnostic(`${turns} turns; the longest holds: ${longest.toFixed(1)} and ${next.toFixed(1)} ms of CPU, ${wall[0]?.toFixed(1)} and ${wall[1]?.toFixed(1)} ms by the clock`)
    assert.ok(next < 25, `the event loop was held for at most ${next.toFixed(1)} ms of CPU at a time, but once (${longest.toFixed(1)} ms)`)
    assert.ok(longest < 500, `the longest hold was ${longest.toFixed(1)} ms of CPU`)
    assert.deepEqual(queries.map(([locale, query]) => background.search(locale, query, 10)), expected)
    assert.equal(background.sectionCount('en'), atOnce.sectionCount('en'))
    assert.equal(background.sectionCount('de'), atOnce.sectionCount('de'))

    // Half-way: the search indexes the rest of its language at once, and the background goes on without doubling any.
    const halfway = new DocsSite({ docsDir, germanPrefix: '/de' })
    const indexing = halfway.indexInBackground()
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(queries.map(([locale, query]) => halfway.search(locale, query, 10)), expected)
    await indexing
    assert.deepEqual(queries.map(([locale, query]) => halfway.search(locale, query, 10)), expected)
    assert.equal(halfway.sectionCount('en') + halfway.sectionCount('de'), atOnce.sectionCount('en') + atOnce.sectionCount('de'))
  })

  it('takes the title from front matter, else the first H1, else the file name', () => {
    const site = new DocsSite({ docsDir: FIXTURE, germanPrefix: '/de' })
    assert.equal(site.page('en', '')?.title, 'Fixture docs')
    assert.equal(site.page('en', 'views')?.title, 'The graph view')
    assert.equal(site.page('de', 'guide/plain')?.title, 'plain')
    assert.match(site.page('de', 'guide/plain')!.html, /^<h1>plain<\/h1>/)
  })

  it('switches language between paired pages and lists only pairs for the sitemap', async (t) => {
    const { app, context } = await buildTestApp(t, { ...env, GERMAN_PREFIX: '/de-ch' })
    const en = (await app.inject('/docs/views')).body
    assert.match(en, /<nav class="lang-menu" aria-label="Languages"><ul><li><a href="\/docs\/views" aria-current="true" lang="en">English<\/a><\/li><li><a href="\/de-ch\/docs\/views" hreflang="de"/)
    assert.doesNotMatch(en, /hreflang="fr"/, 'the docs are English and German only')
    assert.match(en, /<link rel="alternate" hreflang="de" href="http:\/\/localhost(:\d+)?\/de-ch\/docs\/views">/)
    const de = await app.inject('/de-ch/docs/views')
    assert.equal(de.statusCode, 200)
    assert.match(de.body, /<html lang="de">/)
    assert.match(de.body, /<li><a href="\/docs\/views" hreflang="en" lang="en">English<\/a><\/li>/)
    assert.match(de.body, /<h2 id="rueckerstattung">Rückerstattung/, 'anchors spell umlauts out')
    const setup = (await app.inject('/docs/guide/setup')).body
    assert.doesNotMatch(setup, /lang-menu/, 'no menu without a translation')
    assert.deepEqual(context.docs.pages(), [
      { en: '/docs', de: '/de-ch/docs', title: { en: 'Fixture docs', de: 'Fixture-Dokumentation' } },
      { en: '/docs/views', de: '/de-ch/docs/views', title: { en: 'The graph view', de: 'Die Graphansicht' } }
    ])
  })

  it('answers 404 problem+json for a page that does not exist, and a trailing slash finds the page', async (t) => {
    const { app } = await buildTestApp(t, env)
    const missing = await app.inject('/docs/nope')
    assert.equal(missing.statusCode, 404)
    assert.equal(missing.json().code, 'not_found')
    assert.equal((await app.inject('/docs/views/')).statusCode, 200)
  })

  it('has a search form that works without JavaScript: the results page with marked highlights', async (t) => {
    const { app } = await buildTestApp(t, env)
    const page = (await app.inject('/docs/views')).body
    assert.match(page, /<form class="docs-search" role="search" action="\/docs\/search" method="get" data-api="\/docs\/api\/search">/)
    assert.match(page, /<input id="docs-q" name="q" type="search"/)
    const results = await app.inject('/docs/search?q=refunds')
    assert.equal(results.statusCode, 200)
    assert.match(results.body, /<a href="\/docs\/views#refund-policy">The graph view › Refund policy<\/a>/)
    assert.match(results.body, /<mark>Refunds<\/mark> are processed/)
    assert.match(results.body, /value="refunds"/)
    const hostile = await app.inject(`/docs/search?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`)
    assert.equal(hostile.statusCode, 200)
    assert.doesNotMatch(hostile.body, /<img src=x/, 'the query is escaped')
    const empty = await app.inject('/de/docs/search')
    assert.match(empty.body, /Geben Sie ein oder zwei Wörter ein/)
  })

  it('finds German words across umlaut spellings and compounds', () => {
    const site = new DocsSite({ docsDir: FIXTURE, germanPrefix: '/de' })
    const first = (query: string) => site.search('de', query, 10)[0]?.url
    for (const query of ['Rückerstattung', 'Rueckerstattung', 'Ruckerstattung']) assert.equal(first(query), '/de/docs/views#rueckerstattung', query)
    assert.equal(first('Strasse'), '/de/docs/views#rueckerstattung', 'ss finds ß')
    const urls = (query: string) => site.search('de', query, 10).map((r) => r.url)
    // A part finds the compound; the compound finds its parts written apart or hyphenated.
    assert.ok(urls('Ansicht').includes('/de/docs/views'), 'Ansicht → Graphansicht')
    assert.ok(urls('Graphansicht').includes('/de/docs/views#weitere-ansichten'), 'Graphansicht → Graph-Ansicht')
    assert.ok(urls('Graph-Ansicht').includes('/de/docs/views'), 'Graph-Ansicht → Graphansicht')
    assert.ok(urls('Listenansicht').includes('/de/docs/views#weitere-ansichten'), 'Listenansicht → Listen Ansicht')
  })

  it('refuses a DOCS_DIR that does not exist with a configuration error', async (t) => {
    await assert.rejects(buildTestApp(t, { DOCS_DIR: path.join(FIXTURE, 'missing') }), /DOCS_DIR does not exist/)
  })
})
