// A browser that asks for an address that does not exist gets an HTML 404 page in its language, in the site's
// layout; JSON clients, and clients that do not say, keep the problem — and so does every JSON namespace.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { notFoundPages, prefersHtml } from '../../src/http/not-found-page.ts'
import { buildTestApp } from '../helper.ts'

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'
const PROBLEM = 'application/problem+json; charset=utf-8'

describe('the HTML 404 page', () => {
  it('answers a browser with an English page for an unknown address and a missing docs page, with the HTML headers', async (t) => {
    const { app } = await buildTestApp(t)
    for (const url of ['/nope', '/status/nope/deeper?x=1', '/docs/no-such-page', '/deutsch']) {
      const response = await app.inject({ url, headers: { accept: BROWSER } })
      assert.equal(response.statusCode, 404, url)
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8', url)
      assert.equal(response.headers['cache-control'], 'no-store')
      assert.match(String(response.headers['content-security-policy']), /script-src 'self'/, 'the CSP of every HTML page')
      assert.match(String(response.headers.link), /rel="api-catalog"/, 'the discovery links of every HTML page')
      assert.equal(response.headers['x-frame-options'], 'DENY')
      assert.match(response.body, /^<!doctype html>\n<html lang="en">/)
      assert.match(response.body, /<h1>Page not found<\/h1>/)
      assert.match(response.body, /<a href="\/status">/, 'a way to the status page')
      assert.match(response.body, /<a href="\/docs">/, 'a way to the docs')
      assert.match(response.body, /class="site-header"/, 'the site layout')
    }
  })

  it('answers in German under the German prefix, with German links', async (t) => {
    const { app } = await buildTestApp(t)
    for (const url of ['/de/nope', '/de/docs/no-such-page', '/de/status/x']) {
      const response = await app.inject({ url, headers: { accept: BROWSER } })
      assert.equal(response.statusCode, 404, url)
      assert.match(response.body, /<html lang="de">/, url)
      assert.match(response.body, /<h1>Seite nicht gefunden<\/h1>/)
      assert.match(response.body, /<a href="\/de\/status">/)
      assert.match(response.body, /<a href="\/de\/docs">/)
    }
  })

  it('follows GERMAN_PREFIX', async (t) => {
    const { app } = await buildTestApp(t, { GERMAN_PREFIX: '/de-de' })
    const response = await app.inject({ url: '/de-de/nope', headers: { accept: BROWSER } })
    assert.match(response.body, /<html lang="de">/)
    assert.match(response.body, /<a href="\/de-de\/status">/)
    assert.match((await app.inject({ url: '/de/nope', headers: { accept: BROWSER } })).body, /<html lang="en">/)
  })

  it('keeps problem+json for JSON clients, clients that do not say, and every JSON namespace', async (t) => {
    const { app } = await buildTestApp(t)
    for (const accept of [undefined, '*/*', 'application/json', 'application/problem+json', 'text/html;q=0.5, application/json', 'text/*, application/*']) {
      const response = await app.inject({ url: '/nope', headers: accept === undefined ? {} : { accept } })
      assert.equal(response.statusCode, 404, String(accept))
      assert.equal(response.headers['content-type'], PROBLEM, String(accept))
      assert.equal(response.json().code, 'not_found')
    }
    const namespaces = ['/api/v1/nope', '/api/nope', '/docs/api/search/nope', '/de/docs/api/search/nope', '/.well-known/nope',
      '/nope.json', '/status/nope.xml', '/de/nope.txt']
    for (const url of namespaces) {
      const response = await app.inject({ url, headers: { accept: BROWSER } })
      assert.equal(response.statusCode, 404, url)
      assert.equal(response.headers['content-type'], PROBLEM, url)
    }
    const head = await app.inject({ method: 'HEAD', url: '/nope', headers: { accept: BROWSER } })
    assert.equal(head.statusCode, 404)
    assert.equal(head.headers['content-type'], 'text/html; charset=utf-8')
  })

  it('reads Accept by q-value and specificity: HTML only when it is preferred to JSON', () => {
    const cases: Array<[string | undefined, boolean]> = [
      [undefined, false], ['', false], ['*/*', false], ['text/html', true], [BROWSER, true], ['application/json', false],
      ['text/html, application/json', false], ['text/html, application/json;q=0.9', true], ['text/*', true],
      ['text/html;q=0, */*', false], ['TEXT/HTML', true], ['text/html;q=bad, */*;q=0.1', false]
    ]
    for (const [accept, html] of cases) assert.equal(prefersHtml(accept), html, String(accept))
  })

  it('renders the page once per language, not per request', () => {
    const rendered: string[] = []
    const pageFor = notFoundPages((lang) => { rendered.push(lang); return `<p>${lang}</p>` }, '/de')
    const request = (url: string) => ({ url, headers: { accept: 'text/html' } }) as unknown as Parameters<typeof pageFor>[0]
    for (let i = 0; i < 3; i++) {
      assert.equal(pageFor(request('/x'))?.payload, '<p>en</p>')
      assert.equal(pageFor(request('/de/x'))?.payload, '<p>de</p>')
    }
    assert.deepEqual(rendered.sort(), ['de', 'en'])
  })
})
