// The HTTP rules every route follows: 404/405/HEAD/OPTIONS/304/429, CORS, security headers, no cookies.
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { describe, it } from 'node:test'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp } from '../helper.ts'

const PROBLEM = 'application/problem+json; charset=utf-8'

describe('http conventions', () => {
  it('answers unknown paths with a 404 problem', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject('/api/v1/nope')
    assert.equal(response.statusCode, 404)
    assert.equal(response.headers['content-type'], PROBLEM)
    assert.equal(response.headers['cache-control'], 'no-store')
    assert.deepEqual(Object.keys(response.json()).sort(), ['code', 'detail', 'status', 'title', 'type'])
    assert.equal(response.json().status, 404)
    assert.equal(response.json().code, 'not_found')
  })

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    it(`answers ${method} with 405 and Allow, on known and unknown paths`, async (t) => {
      const { app } = await buildTestApp(t)
      for (const url of ['/api/v1/liveness', '/anything']) {
        const response = await app.inject({ method, url, payload: method === 'DELETE' ? undefined : { x: 1 } })
        assert.equal(response.statusCode, 405)
        assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS')
        assert.equal(response.headers['content-type'], PROBLEM)
        assert.equal(response.json().code, 'method_not_allowed')
      }
    })
  }

  it('answers HEAD with the headers of GET and no body', async (t) => {
    const { app } = await buildTestApp(t)
    const get = await app.inject('/api/v1/liveness')
    const head = await app.inject({ method: 'HEAD', url: '/api/v1/liveness' })
    assert.equal(head.statusCode, 200)
    assert.equal(head.body, '')
    assert.equal(head.headers.etag, get.headers.etag)
    assert.equal(head.headers['content-type'], get.headers['content-type'])
    assert.equal(head.headers['cache-control'], get.headers['cache-control'])
  })

  it('answers OPTIONS as a CORS preflight with no content', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      method: 'OPTIONS', url: '/api/v1/liveness',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' }
    })
    assert.equal(response.statusCode, 204)
    assert.equal(response.headers['content-length'], '0')
    assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS')
    assert.equal(response.headers['access-control-allow-origin'], '*')
    assert.equal(response.headers['access-control-allow-methods'], 'GET, HEAD, OPTIONS')
    assert.equal(response.body, '')
  })

  it('allows any origin, never with credentials, never sets a cookie, ignores Authorization', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({
      url: '/api/v1/liveness', headers: { origin: 'https://x.example', authorization: 'Bearer secret', cookie: 'session=abc' }
    })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['access-control-allow-origin'], '*')
    assert.equal(response.headers['access-control-allow-credentials'], undefined)
    assert.equal(response.headers['set-cookie'], undefined)
    assert.equal(response.headers['x-content-type-options'], 'nosniff')
    assert.equal(response.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'")
    assert.equal(response.headers['x-request-id'], undefined, 'ids are for errors')
    const missing = await app.inject('/nope')
    assert.match(String(missing.headers['x-request-id']), /^[\w-]{8}-[0-9a-z]+$/, 'an error carries its request id')
  })

  it('gives an ETag and answers a matching If-None-Match with 304 and no body', async (t) => {
    const { app } = await buildTestApp(t)
    const first = await app.inject('/api/v1/liveness')
    const etag = String(first.headers.etag)
    assert.match(etag, /^"[\w-]+"$/)
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await app.inject({ url: '/api/v1/liveness', headers: { 'if-none-match': header } })
      assert.equal(again.statusCode, 304, header)
      assert.equal(again.body, '')
      assert.equal(again.headers.etag, etag)
    }
    const changed = await app.inject({ url: '/api/v1/liveness', headers: { 'if-none-match': '"stale"' } })
    assert.equal(changed.statusCode, 200)
  })

  it('limits requests per client IP with 429, Retry-After and RateLimit headers, then lets them through again', async (t) => {
    const clock = new ManualClock('2026-11-21T12:00:10.000Z')
    const { app } = await buildTestApp(t, { RATE_LIMIT_PER_MINUTE: '3' }, { clock })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await app.inject('/nope')).statusCode)
    assert.deepEqual(statuses, [404, 404, 404, 429])
    const limited = await app.inject('/nope')
    assert.equal(limited.statusCode, 429)
    assert.equal(limited.headers['content-type'], PROBLEM)
    assert.equal(limited.headers['retry-after'], '50')
    assert.equal(limited.headers['ratelimit-limit'], '3')
    assert.equal(limited.headers['ratelimit-remaining'], '0')
    assert.equal(limited.json().code, 'rate_limited')
    const other = await app.inject({ url: '/nope', remoteAddress: '10.0.0.2' })
    assert.equal(other.statusCode, 404, 'another client has its own budget')
    const probe = await app.inject('/api/v1/liveness')
    assert.equal(probe.statusCode, 200, 'liveness is never rate limited')
    clock.advance(50_000)
    assert.equal((await app.inject('/nope')).statusCode, 404, 'a new minute, a new budget')
  })

  it('answers a request the HTTP parser rejects with a problem, on a real socket', async (t) => {
    const { app } = await buildTestApp(t)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/v1/liveness HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'))
      let data = ''
      socket.on('data', (chunk) => { data += chunk.toString() })
      socket.on('close', () => resolve(data))
      socket.on('error', reject)
    })
    assert.match(raw, /^HTTP\/1\.1 400 Bad Request\r\n/)
    assert.match(raw, /content-type: application\/problem\+json/i)
    assert.match(raw, /"status":400/)
  })
})
