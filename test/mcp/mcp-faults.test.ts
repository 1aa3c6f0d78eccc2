// `status-api mcp` against real loopback servers that misbehave: a catalog linking to another origin, a redirect to
// another origin, a redirect loop, a body that drips in slower than the time limit, a body of the wrong shape. Each is
// one tool error naming the real cause; another origin is never asked; the server stays up.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import type { TestContext } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

type Handler = (request: IncomingMessage, response: ServerResponse, origin: string) => void

interface Served { origin: string, requests: string[] }

async function serve (t: TestContext, handler: Handler): Promise<Served> {
  const requests: string[] = []
  let origin = ''
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '')
    handler(request, response, origin)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  t.after(() => { server.closeAllConnections(); server.close() })
  return { origin, requests }
}

const json = (response: ServerResponse, body: unknown, type = 'application/json') => {
  response.writeHead(200, { 'content-type': type })
  response.end(JSON.stringify(body))
}

/** A catalog and an OpenAPI description like a real instance's, with links to `target`. */
function catalog (target: string, origin: string) {
  return { linkset: [{ anchor: `${origin}/api/v1`, status: [{ href: `${target}/api/v1/health` }], 'service-desc': [{ href: `${target}/openapi.json` }] }] }
}

async function callTool (t: TestContext, url: string, name: string): Promise<{ result: CallToolResult, text: string, stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath, args: ['src/main.ts', 'mcp', '--url', url], env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' }, stderr: 'pipe'
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const client = new Client({ name: 'status-api-test', version: '1.0.0' })
  await client.connect(transport)
  t.after(() => client.close())
  const result = await client.callTool({ name }) as CallToolResult
  const text = result.content.map((part) => part.type === 'text' ? part.text : '').join('\n')
  return { result, text, stderr: () => stderr }
}

describe('status-api mcp follows only its own origin and names the real cause of a failure', { timeout: 120_000 }, () => {
  it('a catalog whose links point to another origin: refused, and the other origin is never asked', async (t) => {
    const other = await serve(t, (_request, response) => json(response, { status: 'ok' }))
    const instance = await serve(t, (request, response, origin) => request.url === '/.well-known/api-catalog'
      ? json(response, catalog(other.origin, origin), 'application/linkset+json')
      : json(response, {}))
    const { result, text } = await callTool(t, instance.origin, 'get_status')
    assert.equal(result.isError, true)
    assert.equal(text, `The API catalog's "status" link points to another origin (${other.origin}); this MCP server follows only links within ${instance.origin}.`)
    assert.deepEqual(other.requests, [])
  })

  it('a redirect to another origin: refused, and the other origin is never asked', async (t) => {
    const other = await serve(t, (_request, response) => json(response, { linkset: [] }))
    const instance = await serve(t, (_request, response) => { response.writeHead(302, { location: `${other.origin}/.well-known/api-catalog` }).end() })
    const { result, text } = await callTool(t, instance.origin, 'get_status')
    assert.equal(result.isError, true)
    assert.equal(text, `/.well-known/api-catalog redirects to /.well-known/api-catalog, which points to another origin (${other.origin}); this MCP server follows only links within ${instance.origin}.`)
    assert.deepEqual(other.requests, [])
  })

  it('a redirect loop: "too many redirects", not "the connection failed"', async (t) => {
    const instance = await serve(t, (request, response) => { response.writeHead(302, { location: request.url === '/a' ? '/.well-known/api-catalog' : '/a' }).end() })
    const { result, text } = await callTool(t, instance.origin, 'get_status')
    assert.equal(result.isError, true)
    assert.equal(text, '/.well-known/api-catalog redirects too many times (more than 5: a redirect loop?).')
    // Two discoveries — the product's name at start, then the tool call — each the first request and five redirects.
    assert.equal(instance.requests.length, 12, 'twice: the first request and five redirects')
  })

  it('a body that drips in one byte a second: a timeout after 10 s, not "did not answer with JSON"', async (t) => {
    const instance = await serve(t, (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/linkset+json' })
      const drip = setInterval(() => { if (response.destroyed) clearInterval(drip); else response.write(' ') }, 1000)
      response.on('close', () => clearInterval(drip))
    })
    const started = Date.now()
    const { result, text } = await callTool(t, instance.origin, 'get_status')
    assert.equal(result.isError, true)
    assert.equal(text, '/.well-known/api-catalog did not finish its answer within 10 s (timeout: the body arrived too slowly).')
    assert.ok(Date.now() - started < 20_000)
  })

  it('a body of the wrong shape: a clear sentence, never a raw TypeError', async (t) => {
    const instance = await serve(t, (request, response, origin) => {
      if (request.url === '/.well-known/api-catalog') return json(response, catalog(origin, origin), 'application/linkset+json')
      if (request.url === '/openapi.json') return json(response, { openapi: '3.1.0', servers: [{ url: origin }], paths: { '/api/v1/health/components': {} } })
      json(response, { indicator: 'none' }) // no components, no groups
    })
    const { result, text, stderr } = await callTool(t, instance.origin, 'get_status')
    assert.equal(result.isError, true)
    assert.equal(text, `The status API at ${instance.origin} answered with a body get_status cannot read: it does not have the shape of a status-api answer (another service, or an incompatible version?).`)
    assert.doesNotMatch(text, /TypeError|Cannot read|undefined/)
    assert.doesNotMatch(stderr(), /at .+\.ts:\d+/, 'no stack trace')
  })
})
