// Answers Node's HTTP server would otherwise give on its own — CONNECT, a missing or repeated Host, an unknown
// Expect, what the parser rejects — are problem+json with the headers every other answer carries. Raw sockets.
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { openContext, type Context } from '../../src/context.ts'
import { loadConfig } from '../../src/config/index.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

interface RawResponse {
  status: number
  headers: Map<string, string>
  body: string
}

/** Writes `text` to a fresh connection and reads the first response (the server closes the connection after it). */
function exchange (port: number, text: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let data = ''
    const done = () => {
      const [head = '', ...rest] = data.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = new Map(lines.map((line) => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as [string, string]
      }))
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    }
    socket.setTimeout(3000, () => { socket.destroy(); done() })
    socket.on('data', (chunk) => {
      data += chunk.toString()
      // A complete response: stop reading, whether or not the server keeps the connection.
      const length = /\r\ncontent-length: *(\d+)/i.exec(data)?.[1]
      const end = data.indexOf('\r\n\r\n')
      if (length !== undefined && end >= 0 && Buffer.byteLength(data.slice(end + 4)) >= Number(length)) socket.destroy()
    })
    socket.on('close', done)
    socket.on('error', reject)
  })
}

/** The headers every problem answer carries, whoever produced it. */
function assertUsualProblem (response: RawResponse, status: number, what: string): void {
  assert.equal(response.status, status, `${what}: status`)
  assert.equal(response.headers.get('content-type'), 'application/problem+json; charset=utf-8', `${what}: content type`)
  assert.equal(response.headers.get('cache-control'), 'no-store', `${what}: never cached`)
  assert.equal(response.headers.get('access-control-allow-origin'), '*', `${what}: CORS`)
  assert.match(response.headers.get('access-control-expose-headers') ?? '', /X-Request-Id/, `${what}: exposed headers`)
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff', `${what}: nosniff`)
  assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'", `${what}: CSP`)
  assert.match(response.headers.get('x-request-id') ?? '', /^[\w-]+-[0-9a-z]+$/, `${what}: request id`)
  assert.equal(Number(response.headers.get('content-length')), Buffer.byteLength(response.body), `${what}: length`)
  const problem = JSON.parse(response.body) as Record<string, unknown>
  assert.deepEqual(Object.keys(problem).sort(), ['code', 'detail', 'status', 'title', 'type'], `${what}: problem members`)
  assert.equal(problem.status, status, `${what}: problem status`)
}

describe('answers before routing, over raw sockets', () => {
  let dataDir: string
  let context: Context
  let app: FastifyInstance
  let port: number

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'status-api-raw-'))
    context = await openContext(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0' }), { migrate: true })
    app = await buildApp(context)
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as { port: number }).port
  })

  after(async () => {
    await app.close()
    await context.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers CONNECT with 405, Allow and the usual headers instead of dropping the connection', async () => {
    const response = await exchange(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')
    assertUsualProblem(response, 405, 'CONNECT')
    assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS')
    assert.equal(JSON.parse(response.body).code, 'method_not_allowed')
  })

  it('answers CONNECT with 405 on a kept-alive connection that already served a request, instead of resetting it', async () => {
    const socket = connect(port, '127.0.0.1')
    let data = ''
    const closed = new Promise<void>((resolve, reject) => {
      socket.on('data', (chunk) => {
        data += chunk.toString()
        if (data.includes('HTTP/1.1 200') && !data.includes('CONNECT') && !data.includes('sent-connect')) {
          data += 'sent-connect'
          socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')
        }
      })
      socket.on('close', () => resolve())
      socket.on('error', reject)
    })
    socket.write('GET /api/v1/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await closed
    const second = data.slice(data.indexOf('sent-connect') + 'sent-connect'.length)
    assert.match(data, /^HTTP\/1\.1 200/, 'the first request answered')
    assert.match(second, /^HTTP\/1\.1 405 Method Not Allowed\r\n/, `then the CONNECT, answered: ${JSON.stringify(second.slice(0, 80))}`)
    assert.match(second, /\r\nallow: GET, HEAD, OPTIONS\r\n/i)
    assert.equal(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4)).code, 'method_not_allowed')
  })

  it('answers an HTTP/1.1 request without Host with a 400 problem (RFC 9112 §3.2)', async () => {
    assertUsualProblem(await exchange(port, 'GET /api/v1/liveness HTTP/1.1\r\n\r\n'), 400, 'no Host')
  })

  it('answers an HTTP/1.1 request with two Host headers with a 400 problem (RFC 9112 §3.2)', async () => {
    const response = await exchange(port, 'GET /api/v1/liveness HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n')
    assertUsualProblem(response, 400, 'two Host headers')
  })

  it('still answers HTTP/1.0 without Host, and HTTP/1.1 with one Host', async () => {
    assert.equal((await exchange(port, 'GET /api/v1/liveness HTTP/1.0\r\n\r\n')).status, 200)
    assert.equal((await exchange(port, 'GET /api/v1/liveness HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n')).status, 200)
  })

  it('answers an unknown Expect with a 417 problem, and lets 100-continue through', async () => {
    const response = await exchange(port, 'GET /api/v1/liveness HTTP/1.1\r\nHost: a.example\r\nExpect: foo\r\n\r\n')
    assertUsualProblem(response, 417, 'Expect: foo')
    const continued = await exchange(port, 'GET /api/v1/liveness HTTP/1.1\r\nHost: a.example\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n')
    assert.match(continued.body, /"status":"alive"/)
  })

  it('gives what the parser rejects (bad syntax 400, huge headers 431) the usual headers', async () => {
    assertUsualProblem(await exchange(port, 'GET /api/v1/liveness HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'), 400, 'bad header line')
    const huge = `GET /api/v1/liveness HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`
    assertUsualProblem(await exchange(port, huge), 431, 'huge headers')
  })
})
