// A request fuzzer (fast-check): random methods, paths, queries and headers against every route — never a 5xx,
// every error is problem+json, and the process keeps answering.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import { after, before, describe, it } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { openContext, type Context } from '../../src/context.ts'
import { loadConfig } from '../../src/config/index.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** Every public path the service serves (routes not yet built answer 404, which is checked the same way). */
const ROUTES = [
  '/api/v1/liveness', '/api/v1/readiness', '/api/v1/health', '/api/v1/health/history', '/api/v1/health/discord',
  '/api/v1/health/incidents', '/docs/api/search', '/de/docs/api/search', '/.well-known/api-catalog', '/api/v1/openapi.json',
  '/', '/de', '/status', '/de/status', '/docs/api', '/de/docs/api', '/sitemap.xml', '/robots.txt', '/llms.txt', '/assets/site.css'
]

const SEGMENTS = ['api', 'v1', 'health', 'docs', 'de', 'search', 'status', '..', '.', '%2e%2e', '%2F', '%2f..%2f', '%00', '%', '%zz',
  '%C3%BC', 'ü', '😀', '~', '*', ';', ':', '@', '%E2%80%AE', 'a'.repeat(300), '\u200b']

const path_ = fc.oneof(
  fc.constantFrom(...ROUTES),
  fc.constantFrom(...ROUTES).map((route) => `${route}/`),
  fc.array(fc.oneof(fc.constantFrom(...SEGMENTS), fc.webSegment()), { maxLength: 8 }).map((parts) => `/${parts.join('/')}`),
  fc.constantFrom(...ROUTES).map((route) => `/${'x'.repeat(3000)}${route}`)
)

const queryValue = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('%', '%zz', '%C3', '%00', '&&', '=', "' OR 1=1 --", '.*+?(', '\u202e', '😀'),
  fc.integer().map(String), fc.constant('y'.repeat(5000)))
const query = fc.array(fc.tuple(fc.constantFrom('q', 'limit', 'x', 'q[]', '', '__proto__', 'constructor'), queryValue), { maxLength: 5 })
  .map((pairs) => pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%25/g, () => (v.includes('%') ? '%' : '%25'))}`).join('&')}`)

const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'SEARCH')

const headers = fc.record({
  accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'application/problem+json', 'image/png', ';;;', ''),
  'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"', 'garbage', '"', ''),
  'accept-language': fc.constantFrom('de', 'en', 'de-DE,de;q=0.9', 'q=;;', 'xx'),
  'x-forwarded-host': fc.constantFrom('evil.example', 'a b', '', 'localhost:1'),
  'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1', '')
}, { requiredKeys: [] })

let app: FastifyInstance
let context: Context
let upstream: Server
let dataDir: string

const SUMMARY = JSON.stringify({
  page: { id: 'x', name: 'Discord', url: 'https://discordstatus.com', time_zone: 'Etc/UTC', updated_at: '2026-11-21T10:00:00.000Z' },
  status: { indicator: 'none', description: 'All Systems Operational' },
  components: [], incidents: [], scheduled_maintenances: []
})

before(async () => {
  upstream = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(SUMMARY))
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const port = (upstream.address() as { port: number }).port
  dataDir = mkdtempSync(path.join(tmpdir(), 'status-api-fuzz-'))
  const config = loadConfig({
    LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY: '1',
    DISCORD_STATUS_URL: `http://127.0.0.1:${port}/api/v2/summary.json`
  })
  context = await openContext(config, { migrate: true })
  await context.monitor.runOnce()
  app = await buildApp(context)
  await app.listen({ port: 0, host: '127.0.0.1' })
})

after(async () => {
  await app.close()
  await context.close()
  upstream.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function assertDesigned (status: number, contentType: string | undefined, body: string, what: string, accept?: string): void {
  assert.ok(status < 500, `${what} → ${status} ${body.slice(0, 200)}`)
  // A browser (only `text/html` among the Accept values above prefers HTML) gets the HTML 404 page for a wrong address.
  if (status === 404 && accept === 'text/html' && String(contentType).startsWith('text/html')) {
    if (body !== '') assert.match(body, /^<!doctype html>/, what)
    return
  }
  if (status >= 400 && body !== '') {
    assert.match(String(contentType), /^application\/problem\+json/, `${what} → ${status} is not problem+json`)
    const problem = JSON.parse(body) as { status: number, title: string }
    assert.equal(problem.status, status, what)
  }
}

describe('request fuzzer', () => {
  it('through the router: never a 5xx, every error problem+json', async () => {
    await fc.assert(fc.asyncProperty(method, path_, query, headers, async (m, p, q, h) => {
      const response = await app.inject({ method: m as 'GET', url: p + q, headers: h })
      assertDesigned(response.statusCode, response.headers['content-type'] as string | undefined, response.body, `${m} ${p}${q}`, h.accept)
    }), { numRuns: 400 })
  })

  it('over a real socket, malformed requests included: a designed answer or a closed connection, never a 5xx', async () => {
    const port = (app.server.address() as { port: number }).port
    const rawHost = fc.constantFrom('localhost', '', 'evil.example:99999', 'a b', '[::1]', '\u00e4.example', 'x'.repeat(300))
    const rawHeader = fc.oneof(
      fc.constant(''),
      fc.constant(`X-Big: ${'b'.repeat(20_000)}\r\n`),
      fc.constant('Host: second.example\r\n'),
      fc.constant('Bad Header\r\n'),
      fc.constant('If-None-Match: "a", "b", W/"c"\r\n'),
      fc.constant('Content-Length: 5\r\n'),
      fc.constant('Transfer-Encoding: chunked\r\n')
    )
    await fc.assert(fc.asyncProperty(method, path_, query, rawHost, rawHeader, async (m, p, q, host, extra) => {
      const payload = extra.startsWith('Content-Length') ? 'hello' : ''
      const request = `${m} ${p}${q} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n${payload}`
      const raw = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request))
        let data = ''
        socket.setTimeout(5000, () => socket.destroy())
        socket.on('data', (chunk) => { data += chunk.toString('latin1') })
        socket.on('close', () => resolve(data))
        socket.on('error', () => resolve(data))
      })
      if (raw === '') return // the server may close a connection it cannot parse at all
      const match = /^HTTP\/1\.1 (\d{3})/.exec(raw)
      assert.ok(match, `no status line for ${JSON.stringify(request.slice(0, 120))}`)
      const status = Number(match[1])
      const [head = '', body = ''] = raw.split('\r\n\r\n', 2)
      const contentType = /\r\ncontent-type: ([^\r\n]+)/i.exec(head)?.[1]
      const chunked = /\r\ntransfer-encoding: chunked/i.test(head)
      assertDesigned(status, contentType, chunked || m === 'HEAD' ? '' : body, `${m} ${p.slice(0, 80)}`)
    }), { numRuns: 150 })
  })

  it('is still alive afterwards', async () => {
    const response = await app.inject('/api/v1/liveness')
    assert.equal(response.statusCode, 200)
  })
})
