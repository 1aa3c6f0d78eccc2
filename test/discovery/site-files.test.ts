// /sitemap.xml, /robots.txt, /llms.txt and the discovery Link header on HTML: well formed, complete, and consistent
// with the page sources and the OpenAPI document they are built from.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { allPages, pagePaths, sitemapXml } from '../../src/discovery/sitemap.ts'
import { sitePages } from '../../src/site/home-and-status-pages.ts'
import { renderPage } from '../../src/site/layout.ts'
import { buildTestApp } from '../helper.ts'

const BASE = 'http://status.test'
const HOST = { host: 'status.test' }
const LINK = '</.well-known/api-catalog>; rel="api-catalog", </sitemap.xml>; rel="sitemap"; type="application/xml", </llms.txt>; rel="describedby"; type="text/plain"'
const STAGING_LINK = '</llms.txt>; rel="describedby"; type="text/plain"'

interface SitemapUrl { loc: string, 'xhtml:link': Array<{ '@_rel': string, '@_hreflang': string, '@_href': string }> }

function parseSitemap (xml: string): SitemapUrl[] {
  assert.equal(XMLValidator.validate(xml), true, 'the sitemap is well-formed XML')
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' }).parse(xml)
  assert.equal(parsed.urlset['@_xmlns'], 'http://www.sitemaps.org/schemas/sitemap/0.9')
  assert.equal(parsed.urlset['@_xmlns:xhtml'], 'http://www.w3.org/1999/xhtml')
  return parsed.urlset.url
}

describe('/sitemap.xml', () => {
  it('is well-formed XML listing every page of the page sources in each of its languages, with absolute URLs', async (t) => {
    const { app, config, context } = await buildTestApp(t)
    const response = await app.inject({ url: '/sitemap.xml', headers: HOST })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'application/xml; charset=utf-8')
    assert.match(String(response.headers['cache-control']), /^public, max-age=3600, s-maxage=\d+, /)
    const locs = parseSitemap(response.body).map((url) => url.loc)
    const expected = allPages([sitePages(config.germanPrefix, config.status, config.languages), context.docs]).flatMap((pair) => pagePaths(pair).map(([, path]) => path)).map((path) => `${BASE}${path}`)
    for (const path of ['/fr/status', '/es/status/history', '/pt-br', '/de/docs/api']) assert.ok(locs.includes(`${BASE}${path}`), path)
    assert.ok(!locs.some((loc) => loc.startsWith(`${BASE}/fr/docs`)), 'the docs stay English and German')
    assert.deepEqual(locs.sort(), expected.sort())
    assert.equal(new Set(locs).size, locs.length, 'each page once')
  })

  it('gives every URL its hreflang alternates (every language it exists in, x-default → en), reciprocal between them', async (t) => {
    const { app } = await buildTestApp(t)
    const urls = parseSitemap((await app.inject({ url: '/sitemap.xml', headers: HOST })).body)
    const alternatesOf = new Map(urls.map((url) => [url.loc, Object.fromEntries(url['xhtml:link'].map((link) => {
      assert.equal(link['@_rel'], 'alternate')
      return [link['@_hreflang'], link['@_href']]
    }))]))
    for (const [loc, alternates] of alternatesOf) {
      const languages = Object.keys(alternates).filter((lang) => lang !== 'x-default').sort()
      const docs = new URL(loc).pathname.includes('/docs')
      assert.deepEqual(languages, docs ? ['de', 'en'] : ['de', 'en', 'es', 'fr', 'pt-BR'], loc)
      assert.ok(languages.some((lang) => alternates[lang] === loc), `${loc} is one of its own alternates`)
      assert.equal(alternates['x-default'], alternates.en)
      for (const lang of languages) assert.deepEqual(alternatesOf.get(alternates[lang]!), alternates, `${loc}: the ${lang} page links back`)
    }
    assert.deepEqual(alternatesOf.get(`${BASE}/pt-br/status`), {
      en: `${BASE}/status`, de: `${BASE}/de/status`, fr: `${BASE}/fr/status`, es: `${BASE}/es/status`, 'pt-BR': `${BASE}/pt-br/status`, 'x-default': `${BASE}/status`
    })
  })

  it('lists only the served languages: with LANGUAGES=en,fr no German or Spanish status page, the German docs still', async (t) => {
    const { app } = await buildTestApp(t, { LANGUAGES: 'en,fr' })
    const urls = parseSitemap((await app.inject({ url: '/sitemap.xml', headers: HOST })).body)
    const locs = urls.map((url) => url.loc)
    assert.ok(locs.includes(`${BASE}/fr/status`) && locs.includes(`${BASE}/de/docs/api`))
    assert.ok(!locs.includes(`${BASE}/de/status`) && !locs.includes(`${BASE}/es/status`))
    const status = urls.find((url) => url.loc === `${BASE}/fr/status`)!
    assert.deepEqual(status['xhtml:link'].map((link) => link['@_hreflang']), ['en', 'fr', 'x-default'])
  })

  it('lists a page once even when two sources name it, and escapes URLs for XML', () => {
    const twice = allPages([sitePages('/de'), sitePages('/de')])
    assert.equal(twice.length, 4)
    const xml = sitemapXml('http://status.test', [{ en: '/docs/a&b', de: '/de/docs/a&b', title: { en: 'A', de: 'A' } }])
    assert.equal(XMLValidator.validate(xml), true)
    assert.match(xml, /<loc>http:\/\/status\.test\/docs\/a&amp;b<\/loc>/)
  })
})

describe('/robots.txt', () => {
  it('allows crawling and names the absolute sitemap URL', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({ url: '/robots.txt', headers: HOST })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8')
    assert.equal(response.body, `User-agent: *\nAllow: /\n\nSitemap: ${BASE}/sitemap.xml\n`)
  })
})

describe('/llms.txt', () => {
  it('follows the llmstxt.org format: H1, blockquote summary, then H2 sections of `- [name](url): note` links', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({ url: '/llms.txt', headers: HOST })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8')
    const lines = response.body.split('\n')
    assert.match(lines[0]!, /^# \S/, 'an H1 first')
    assert.equal(lines[1], '')
    assert.match(lines[2]!, /^> \S/, 'a blockquote summary')
    const headings = lines.filter((line) => line.startsWith('#'))
    assert.deepEqual(headings.slice(1), ['## Docs', '## Follow', '## API description', '## Markdown', '## Endpoints', '## Optional'])
    assert.equal(headings.filter((line) => /^# /.test(line)).length, 1, 'one H1')
    const firstSection = lines.indexOf('## Docs')
    for (const line of lines.slice(firstSection).filter((l) => l !== '' && !l.startsWith('## '))) {
      assert.match(line, /^- \[[^\]]+\]\(http:\/\/status\.test\/[^)\s]*\): \S.*$/, line)
    }
  })

  it('links the API docs, the OpenAPI description, the catalog and the status page', async (t) => {
    const { app } = await buildTestApp(t)
    const body = (await app.inject({ url: '/llms.txt', headers: HOST })).body
    for (const path of ['/docs/api', '/de/docs/api', '/api/v1/openapi.json', '/.well-known/api-catalog', '/status', '/sitemap.xml']) {
      assert.ok(body.includes(`](${BASE}${path})`), path)
    }
  })

  it('lists every GET operation of the OpenAPI document with its summary as the note', async (t) => {
    const { app } = await buildTestApp(t)
    const body = (await app.inject({ url: '/llms.txt', headers: HOST })).body
    const document = (await app.inject({ url: '/api/v1/openapi.json', headers: HOST })).json()
    const endpoints = body.slice(body.indexOf('## Endpoints'), body.indexOf('## Optional'))
    const paths = Object.keys(document.paths)
    assert.equal(endpoints.split('\n').filter((line) => line.startsWith('- ')).length, paths.length)
    for (const path of paths) {
      const summary = document.paths[path].get.summary
      assert.ok(endpoints.includes(`- [GET ${path}](${BASE}${path}`), path)
      assert.ok(endpoints.includes(`): ${summary}`), `${path}: ${summary}`)
    }
  })
})

describe('the discovery Link header on HTML', () => {
  /** HTML rendered three ways the site might: the shared layout, a bare string, and an HTML error page. */
  async function appWithPages (t: Parameters<typeof buildTestApp>[0], env = {}) {
    const { app } = await buildTestApp(t, env)
    app.get('/test-layout', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(renderPage({ lang: 'en', title: 'T', description: 'D', body: '<p>x</p>' })))
    app.get('/test-bare', async (_request, reply) => reply.type('text/html').send('<!doctype html><title>x</title>'))
    app.get('/test-missing', async (_request, reply) => reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>Not found</title>'))
    return app
  }

  it('is on every HTML response, whoever renders it, and on no other', async (t) => {
    const app = await appWithPages(t)
    for (const url of ['/test-layout', '/test-bare', '/test-missing']) {
      const response = await app.inject(url)
      assert.equal(response.headers.link, LINK, url)
      assert.equal(response.headers['x-robots-tag'], undefined, url)
      const head = await app.inject({ method: 'HEAD', url })
      assert.equal(head.headers.link, LINK, `HEAD ${url}`)
    }
    for (const url of ['/api/v1/liveness', '/robots.txt', '/llms.txt', '/nope']) {
      assert.equal((await app.inject(url)).headers.link, undefined, url)
    }
  })

  it('on staging leaves out the catalog and the sitemap (both 404 there) and adds X-Robots-Tag: noindex', async (t) => {
    const app = await appWithPages(t, { DEPLOY_ENV: 'staging' })
    for (const url of ['/test-layout', '/test-bare', '/test-missing']) {
      const response = await app.inject(url)
      assert.equal(response.headers.link, STAGING_LINK, url)
      assert.equal(response.headers['x-robots-tag'], 'noindex', url)
    }
  })

  it('is on every HTML page the sitemap lists (the site walked through its sitemap)', async (t) => {
    const { app } = await buildTestApp(t)
    const urls = parseSitemap((await app.inject({ url: '/sitemap.xml', headers: HOST })).body)
    if ((await app.inject({ url: '/', headers: HOST })).statusCode === 404) {
      t.skip('no HTML page is routed in this build yet (the site and docs land separately); the walk runs as soon as they are')
      return
    }
    const pages = new Set(urls.flatMap((url) => [url.loc, ...url['xhtml:link'].map((link) => link['@_href'])]))
    for (const page of pages) {
      const path = new URL(page).pathname
      const response = await app.inject({ url: path, headers: HOST })
      assert.equal(response.statusCode, 200, path)
      assert.match(String(response.headers['content-type']), /^text\/html/, path)
      assert.equal(response.headers.link, LINK, path)
    }
  })
})
