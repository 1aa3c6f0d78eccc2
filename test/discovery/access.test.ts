// The staging and host rules (docs/en/architecture.md#discovery): what a staging instance hides, which host may see the catalog and the OpenAPI
// description, and that a forged Host never changes an absolute URL the service prints.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../helper.ts'

const PROBLEM = 'application/problem+json; charset=utf-8'
const DESCRIPTIONS = ['/.well-known/api-catalog', '/api/v1/openapi.json']
const PUBLIC = { PUBLIC_BASE_URL: 'https://status.example.com' }

describe('staging (DEPLOY_ENV=staging)', () => {
  it('answers 404 problems for the catalog, the OpenAPI description and the sitemap, on GET and HEAD', async (t) => {
    const { app } = await buildTestApp(t, { DEPLOY_ENV: 'staging' })
    for (const url of [...DESCRIPTIONS, '/sitemap.xml']) {
      const response = await app.inject(url)
      assert.equal(response.statusCode, 404, url)
      assert.equal(response.headers['content-type'], PROBLEM)
      assert.equal(response.json().code, 'not_found')
      assert.equal(response.headers.link, undefined, `${url}: no api-catalog link`)
      assert.equal((await app.inject({ method: 'HEAD', url })).statusCode, 404, `HEAD ${url}`)
    }
  })

  it('asks every robot to stay out, names no sitemap, and keeps llms.txt free of links that would 404', async (t) => {
    const { app } = await buildTestApp(t, { DEPLOY_ENV: 'staging' })
    const robots = await app.inject('/robots.txt')
    assert.equal(robots.body, 'User-agent: *\nDisallow: /\n')
    const llms = await app.inject('/llms.txt')
    assert.equal(llms.statusCode, 200)
    assert.equal(llms.headers['x-robots-tag'], 'noindex')
    for (const hidden of [...DESCRIPTIONS, '/sitemap.xml']) assert.ok(!llms.body.includes(hidden), `llms.txt does not link ${hidden}`)
    assert.match(llms.body, /\/api\/v1\/liveness/, 'the endpoints are still listed')
  })
})

describe('production with PUBLIC_BASE_URL', () => {
  it('serves the catalog and the OpenAPI description on the public host only', async (t) => {
    const { app } = await buildTestApp(t, PUBLIC)
    for (const url of DESCRIPTIONS) {
      for (const host of ['status.example.com', 'STATUS.example.com', 'status.example.com:443', 'status.example.com.']) {
        // The trailing-dot form is another spelling of a different name to the URL parser: it stays refused.
        const expected = host.endsWith('.') ? 404 : 200
        assert.equal((await app.inject({ url, headers: { host } })).statusCode, expected, `${url} on ${host}`)
      }
      for (const host of ['other.example.com', 'status.example.com:8443', 'status.example.com.evil.test', '127.0.0.1:3000', 'bad host']) {
        const response = await app.inject({ url, headers: { host } })
        assert.equal(response.statusCode, 404, `${url} on ${host}`)
        assert.equal(response.headers['content-type'], PROBLEM)
      }
    }
  })

  it('honours X-Forwarded-Host only with TRUST_PROXY', async (t) => {
    const trusted = (await buildTestApp(t, { ...PUBLIC, TRUST_PROXY: '1' })).app
    const untrusted = (await buildTestApp(t, PUBLIC)).app
    for (const url of DESCRIPTIONS) {
      const viaProxy = { host: 'internal:3000', 'x-forwarded-host': 'status.example.com', 'x-forwarded-proto': 'https' }
      assert.equal((await trusted.inject({ url, headers: viaProxy })).statusCode, 200, `${url}: the proxy names the public host`)
      assert.equal((await untrusted.inject({ url, headers: viaProxy })).statusCode, 404, `${url}: X-Forwarded-Host ignored`)
      const forwardedElsewhere = { host: 'status.example.com', 'x-forwarded-host': 'other.example.com' }
      assert.equal((await trusted.inject({ url, headers: forwardedElsewhere })).statusCode, 404, `${url}: the proxy says another host`)
    }
  })

  it('never lets a forged Host or X-Forwarded-Host into an absolute URL it prints', async (t) => {
    const { app } = await buildTestApp(t, { ...PUBLIC, TRUST_PROXY: '1' })
    const forged = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'http' }
    for (const url of ['/sitemap.xml', '/robots.txt', '/llms.txt']) {
      const response = await app.inject({ url, headers: forged })
      assert.equal(response.statusCode, 200, url)
      assert.ok(!response.body.includes('evil.test'), `${url} does not reflect the forged host`)
      assert.ok(response.body.includes('https://status.example.com/'), `${url} uses PUBLIC_BASE_URL`)
    }
  })
})

describe('production without PUBLIC_BASE_URL', () => {
  it('serves everywhere, with absolute URLs from the request\'s own well-formed host', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({ url: '/.well-known/api-catalog', headers: { host: 'Status.Example.org:8080' } })
    assert.equal(response.statusCode, 200)
    assert.equal(response.json().linkset[0].anchor, 'http://status.example.org:8080/api/v1')
  })

  it('takes the scheme and host from X-Forwarded-Proto and -Host only with TRUST_PROXY', async (t) => {
    const headers = { host: 'internal:3000', 'x-forwarded-host': 'status.example.org', 'x-forwarded-proto': 'https' }
    const trusted = (await buildTestApp(t, { TRUST_PROXY: '1' })).app
    assert.match((await trusted.inject({ url: '/robots.txt', headers })).body, /Sitemap: https:\/\/status\.example\.org\/sitemap\.xml/)
    const untrusted = (await buildTestApp(t)).app
    assert.match((await untrusted.inject({ url: '/robots.txt', headers })).body, /Sitemap: http:\/\/internal:3000\/sitemap\.xml/)
  })

  it('never reflects a malformed host: it falls back to http://localhost:PORT', async (t) => {
    const { app } = await buildTestApp(t, { PORT: '3123' })
    for (const host of ['evil.test/x', 'evil.test"><script>', 'a b', 'user@evil.test', 'evil.test:99999', 'evil.test:1:2']) {
      for (const url of ['/robots.txt', '/llms.txt', '/sitemap.xml', '/.well-known/api-catalog', '/api/v1/openapi.json']) {
        const response = await app.inject({ url, headers: { host } })
        assert.equal(response.statusCode, 200, `${url} with Host ${JSON.stringify(host)}`)
        assert.ok(response.body.includes('http://localhost:3123'), `${url} falls back`)
        // Reflected, the host would follow a scheme (prose in the documents may contain short strings like "a b").
        assert.ok(!response.body.includes(`//${host}`), `${url} does not reflect ${JSON.stringify(host)}`)
      }
    }
  })
})
