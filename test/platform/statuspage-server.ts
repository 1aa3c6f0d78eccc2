// A Statuspage-like HTTP server on loopback that serves summary.json fixtures or misbehaves on request,
// and counts what it is asked. Tests switch its behaviour between requests.
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type Fixture = 'operational' | 'minor-incident' | 'major-outage' | 'under-maintenance'

export type Behaviour =
  | { kind: 'fixture', name: Fixture }
  | { kind: 'body', body: string, contentType?: string }
  | { kind: 'status', status: number }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Sends headers and the start of a body, then nothing more. */
  | { kind: 'stall-body' }
  /** Declares a length, sends part of the body, then drops the connection. */
  | { kind: 'cut' }
  /** A body of `bytes` (JSON-looking), with or without a Content-Length header. */
  | { kind: 'large', bytes: number, declareLength: boolean }
  /** A body that never ends: writes as fast as the client reads. */
  | { kind: 'endless' }

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'statuspage')

export function fixture (name: Fixture): string {
  return readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')
}

export class StatuspageServer {
  behaviour: Behaviour = { kind: 'fixture', name: 'operational' }
  /** Requests received, including those still waiting. */
  requests = 0
  /** Bytes of body written by the endless and large behaviours, and whether the client hung up before the end. */
  bodyBytesWritten = 0
  clientHungUp = false
  readonly #server: Server
  #held: Promise<void> | undefined

  constructor (server: Server) {
    this.#server = server
  }

  static async start (): Promise<StatuspageServer> {
    const server = createServer()
    const instance = new StatuspageServer(server)
    server.on('request', (request: IncomingMessage, response: ServerResponse) => { void instance.handle(request, response) })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return instance
  }

  get port (): number {
    return (this.#server.address() as AddressInfo).port
  }

  get url (): string {
    return `http://127.0.0.1:${this.port}/api/v2/summary.json`
  }

  serve (behaviour: Behaviour): void {
    this.behaviour = behaviour
  }

  /** Holds every answer until the returned function is called (requests are still counted on arrival). */
  hold (): () => void {
    let release!: () => void
    this.#held = new Promise((resolve) => { release = resolve })
    return () => { this.#held = undefined; release() }
  }

  async close (): Promise<void> {
    this.#server.closeAllConnections()
    await new Promise((resolve) => this.#server.close(resolve))
  }

  async handle (request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.requests++
    if (this.#held !== undefined) await this.#held
    const behaviour = this.behaviour
    const json = { 'content-type': 'application/json; charset=utf-8' }
    switch (behaviour.kind) {
      case 'fixture':
        response.writeHead(200, json).end(fixture(behaviour.name))
        return
      case 'body':
        response.writeHead(200, { 'content-type': behaviour.contentType ?? json['content-type'] }).end(behaviour.body)
        return
      case 'status':
        response.writeHead(behaviour.status, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>')
        return
      case 'hang':
        return
      case 'stall-body':
        response.writeHead(200, json)
        response.write('{"page":{"id":"srhpyqt94yxb",')
        return
      case 'cut': {
        const body = fixture('operational')
        response.writeHead(200, { ...json, 'content-length': String(body.length) })
        response.write(body.slice(0, 500), () => response.destroy())
        return
      }
      case 'large':
        this.#stream(response, behaviour.bytes, behaviour.declareLength)
        return
      case 'endless':
        this.#stream(response, Infinity, false)
    }
  }

  /** Writes `{"padding":"xxxx…` in 64 KiB chunks, respecting backpressure, until `bytes` or the client leaves. */
  #stream (response: ServerResponse, bytes: number, declareLength: boolean): void {
    const chunk = Buffer.alloc(64 * 1024, 'x')
    response.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(bytes) } : {}) })
    response.on('close', () => { if (!response.writableFinished) this.clientHungUp = true })
    const writeMore = (): void => {
      while (this.bodyBytesWritten < bytes && !response.destroyed) {
        const size = Math.min(chunk.length, bytes - this.bodyBytesWritten)
        this.bodyBytesWritten += size
        if (!response.write(chunk.subarray(0, size))) {
          response.once('drain', writeMore)
          return
        }
      }
      if (!response.destroyed) response.end()
    }
    response.write('{"padding":"')
    writeMore()
  }
}
