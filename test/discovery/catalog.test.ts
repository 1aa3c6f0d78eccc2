// GET/HEAD /.well-known/api-catalog against RFC 9727 and the RFC 9264 linkset format, point by point.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../helper.ts'

const BASE = 'http://status.test'
const PROFILE_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'
const TARGET_MEMBERS = ['href', 'type', 'title', 'hreflang']

const isAbsolute = (href: unknown) => typeof href === 'string' && /^https?:\/\/[^/]/.test(href) && URL.canParse(href)

async function catalogOf (t: Parameters<typeof buildTestApp>[0], env = {}) {
  const { app, context } = await buildTestApp(t, env)
  await context.monitor.runOnce()
  const response = await app.inject({ url: '/.well-known/api-catalog', headers: { host: 'status.test' } })
  return { app, response }
}

describe('the API catalog (RFC 9727)', () => {
  it('RFC 9727: is served at /.well-known/api-catalog as application/linkset+json with the RFC 9727 profile', async (t) => {
    const { response } = await catalogOf(t)
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], PROFILE_TYPE)
  })

  it('RFC 9727: carries Link: <…/.well-known/api-catalog>; rel="api-catalog" on GET and on HEAD, which has no body', async (t) => {
    const { app, response } = await catalogOf(t)
    const expected = `<${BASE}/.well-known/api-catalog>; rel="api-catalog"`
    assert.equal(response.headers.link, expected)
    const head = await app.inject({ method: 'HEAD', url: '/.well-known/api-catalog', headers: { host: 'status.test' } })
    assert.equal(head.statusCode, 200)
    assert.equal(head.headers.link, expected)
    assert.equal(head.headers['content-type'], PROFILE_TYPE)
    assert.equal(head.headers.etag, response.headers.etag)
    assert.equal(head.body, '')
  })

  it('RFC 9264: the document is an object whose sole member is linkset, an array of one context object', async (t) => {
    const { response } = await catalogOf(t)
    const body = response.json()
    assert.deepEqual(Object.keys(body), ['linkset'])
    assert.ok(Array.isArray(body.linkset))
    assert.equal(body.linkset.length, 1)
  })

  it('RFC 9264: the context has an absolute anchor, and each relation is an array of targets with absolute hrefs', async (t) => {
    const { response } = await catalogOf(t)
    const context = response.json().linkset[0]
    assert.equal(context.anchor, `${BASE}/api/v1`)
    assert.ok(isAbsolute(context.anchor))
    for (const [relation, targets] of Object.entries(context)) {
      if (relation === 'anchor') continue
      assert.ok(Array.isArray(targets) && targets.length > 0, `${relation} is a non-empty array`)
      for (const target of targets as Array<Record<string, unknown>>) {
        assert.ok(isAbsolute(target.href), `${relation}: ${String(target.href)} is absolute`)
        assert.ok(Object.keys(target).every((key) => TARGET_MEMBERS.includes(key)), `${relation}: only target attributes`)
        assert.equal(typeof target.type, 'string')
        if ('title' in target) assert.equal(typeof target.title, 'string')
        if ('hreflang' in target) assert.ok(Array.isArray(target.hreflang) && (target.hreflang as unknown[]).every((tag) => typeof tag === 'string'), 'hreflang is an array of strings')
      }
    }
  })

  it('RFC 9727 with RFC 8631 relations: links service-desc (OpenAPI 3.1), service-doc (English then German) and status (health)', async (t) => {
    const { response } = await catalogOf(t)
    const context = response.json().linkset[0]
    assert.deepEqual(Object.keys(context).sort(), ['anchor', 'service-desc', 'service-doc', 'status'])
    assert.deepEqual(context['service-desc'].map((l: { href: string, type: string }) => [l.href, l.type]),
      [[`${BASE}/api/v1/openapi.json`, 'application/openapi+json;version=3.1']])
    assert.deepEqual(context['service-doc'].map((l: { href: string, type: string, hreflang: string[] }) => [l.href, l.type, l.hreflang]), [
      [`${BASE}/docs/api`, 'text/html', ['en']],
      [`${BASE}/de/docs/api`, 'text/html', ['de']]
    ])
    assert.deepEqual(context.status.map((l: { href: string, type: string }) => [l.href, l.type]), [[`${BASE}/api/v1/health`, 'application/json']])
  })

  it('the German documentation link follows GERMAN_PREFIX', async (t) => {
    const { response } = await catalogOf(t, { GERMAN_PREFIX: '/de-at' })
    assert.equal(response.json().linkset[0]['service-doc'][1].href, `${BASE}/de-at/docs/api`)
  })

  it('its links lead somewhere: service-desc is this OpenAPI description, service-doc the docs, status the health endpoint', async (t) => {
    const { app, response } = await catalogOf(t)
    const context = response.json().linkset[0]
    const description = await app.inject({ url: new URL(context['service-desc'][0].href).pathname, headers: { host: 'status.test' } })
    assert.equal(description.statusCode, 200)
    assert.match(description.json().openapi, /^3\.1\./)
    for (const target of [...context['service-doc'], ...context.status]) {
      const path = new URL(target.href).pathname
      const linked = await app.inject({ url: path, headers: { host: 'status.test' } })
      assert.equal(linked.statusCode, 200, `${path} answers`)
      assert.ok(String(linked.headers['content-type']).startsWith(target.type), `${path} is ${target.type}`)
    }
  })

  it('is cacheable for an hour with an ETag, and answers If-None-Match with 304 and the Link header', async (t) => {
    const { app, response } = await catalogOf(t)
    assert.match(String(response.headers['cache-control']), /^public, max-age=3600, s-maxage=\d+, /)
    const again = await app.inject({ url: '/.well-known/api-catalog', headers: { host: 'status.test', 'if-none-match': String(response.headers.etag) } })
    assert.equal(again.statusCode, 304)
    assert.equal(again.headers.link, response.headers.link)
  })

  it('uses PUBLIC_BASE_URL for every URL when it is set', async (t) => {
    const { app } = await buildTestApp(t, { PUBLIC_BASE_URL: 'https://status.example.com' })
    const response = await app.inject({ url: '/.well-known/api-catalog', headers: { host: 'status.example.com' } })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers.link, '<https://status.example.com/.well-known/api-catalog>; rel="api-catalog"')
    const hrefs = JSON.stringify(response.json()).match(/"(anchor|href)":"[^"]+"/g) ?? []
    assert.equal(hrefs.length, 5)
    for (const href of hrefs) assert.match(href, /"https:\/\/status\.example\.com\//)
  })
})
