// Real HTTP receivers on loopback for notification tests: one behaves like Discord's webhook API (execute with
// `?wait=true`, edit a message, 429 with retry_after, 500, hang, 404, embed limits checked), the other is a plain
// endpoint that verifies Standard Webhooks signatures with the `standardwebhooks` package. Both can be scripted per
// request (or answer every request slowly, or hang), hold a request until released, and go down and come back on the
// same port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Webhook } from 'standardwebhooks'

export type Behaviour =
  | { kind: 'ok' }
  | { kind: 'status', status: number, body?: unknown, headers?: Record<string, string> }
  /** Discord's 429: `retry_after` seconds in the body, Retry-After (whole seconds) and bucket headers. */
  | { kind: 'rate-limited', retryAfterSeconds: number }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Keeps the request until release() is called, then answers as `then`. */
  | { kind: 'hold', then?: Behaviour }
  /** Answers as `then` after `ms` (a slow receiver, still inside the sender's time limit). */
  | { kind: 'slow', ms: number, then?: Behaviour }

export interface Received {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
  at: number
  /** The client's source port, to find which process sent it. */
  remotePort: number
  /** The answer given (undefined while held or hung). */
  status?: number
  /** Whether the sender's connection is gone (a killed sender's, once the receiver has noticed). */
  connectionClosed: () => boolean
}

abstract class Receiver {
  readonly requests: Received[] = []
  readonly script: Behaviour[] = []
  /** How requests are answered once the script is used up. */
  fallback: Behaviour = { kind: 'ok' }
  #server: Server | undefined
  #port = 0
  readonly #sockets = new Set<Socket>()
  #release: Array<() => void> = []
  /** Resolves when a request is being held. */
  #onHold: Array<(request: Received) => void> = []

  get port (): number { return this.#port }

  async listen (port = this.#port): Promise<void> {
    const server = createServer((request, response) => { void this.#handle(request, response) })
    server.on('connection', (socket) => {
      this.#sockets.add(socket)
      socket.on('close', () => this.#sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.#port = (server.address() as AddressInfo).port
    this.#server = server
  }

  /** Down: connections refused until listen() again (on the same port). */
  async close (): Promise<void> {
    const server = this.#server
    this.#server = undefined
    for (const socket of this.#sockets) socket.destroy()
    for (const release of this.#release) release()
    await new Promise<void>((resolve) => server === undefined ? resolve() : server.close(() => resolve()))
  }

  /** The next request that is held (script a `hold` first). */
  held (): Promise<Received> {
    return new Promise((resolve) => this.#onHold.push(resolve))
  }

  release (): void {
    const waiting = this.#release
    this.#release = []
    for (const release of waiting) release()
  }

  async #handle (request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body = ''
    for await (const chunk of request) body += String(chunk)
    const url = new URL(request.url ?? '/', 'http://receiver')
    const received: Received = {
      method: request.method ?? '', path: url.pathname, query: url.searchParams, headers: request.headers, body, at: Date.now(),
      remotePort: request.socket.remotePort ?? 0,
      connectionClosed: () => request.socket.destroyed
    }
    this.requests.push(received)
    let behaviour = this.script.shift() ?? this.fallback
    if (behaviour.kind === 'hang') return
    if (behaviour.kind === 'slow') {
      const { ms, then = { kind: 'ok' } } = behaviour
      await new Promise((resolve) => setTimeout(resolve, ms))
      if (response.destroyed) return
      behaviour = then
    }
    if (behaviour.kind === 'hold') {
      const then = behaviour.then ?? { kind: 'ok' }
      for (const notify of this.#onHold.splice(0)) notify(received)
      await new Promise<void>((resolve) => this.#release.push(resolve))
      if (response.destroyed) return
      behaviour = then
    }
    const answer = this.answer(received, behaviour)
    received.status = answer.status
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
    response.end(answer.body === undefined ? '' : JSON.stringify(answer.body))
  }

  protected abstract answer (request: Received, behaviour: Behaviour): { status: number, body?: unknown, headers?: Record<string, string> }
}

export interface DiscordMessage {
  id: string
  content?: string
  embeds: Array<{ title: string, description?: string, url?: string, color: number, fields: Array<{ name: string, value: string }> }>
  allowed_mentions?: unknown
  edits: number
}

/** `/api/webhooks/{id}/{token}`: execute (POST, `?wait=true` returns the message) and edit (PATCH …/messages/{id}). */
export class DiscordReceiver extends Receiver {
  readonly token = 'Tok3n-' + Math.random().toString(36).slice(2) + '-secret'
  readonly webhookId = '1234567890123456789'
  readonly messages = new Map<string, DiscordMessage>()
  #nextId = 1_300_000_000_000_000_000n

  static async start (): Promise<DiscordReceiver> {
    const receiver = new DiscordReceiver()
    await receiver.listen()
    return receiver
  }

  get url (): string { return `http://127.0.0.1:${this.port}/api/webhooks/${this.webhookId}/${this.token}` }

  /** Executions and edits that were answered with success. */
  get answered (): Received[] { return this.requests.filter((r) => r.status !== undefined && r.status < 300) }

  protected answer (request: Received, behaviour: Behaviour) {
    const bucket = { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset-after': '1.0', 'x-ratelimit-bucket': 'abcd' }
    if (behaviour.kind === 'rate-limited') {
      return {
        status: 429,
        body: { message: 'You are being rate limited.', retry_after: behaviour.retryAfterSeconds, global: false },
        headers: { ...bucket, 'retry-after': String(Math.ceil(behaviour.retryAfterSeconds)), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': String(behaviour.retryAfterSeconds), 'x-ratelimit-scope': 'user' }
      }
    }
    if (behaviour.kind === 'status') return behaviour
    const match = /^\/api\/webhooks\/(\d+)\/([\w-]+)(?:\/messages\/(\d+))?$/.exec(request.path)
    if (match === null || match[1] !== this.webhookId || match[2] !== this.token) return { status: 404, body: { message: 'Unknown Webhook', code: 10015 } }
    let payload: Omit<DiscordMessage, 'id' | 'edits'>
    try {
      payload = JSON.parse(request.body)
    } catch {
      return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } }
    }
    const invalid = embedProblem(payload)
    if (invalid !== undefined) return { status: 400, body: { message: invalid, code: 50035 } }
    if (request.method === 'POST' && match[3] === undefined) {
      const id = String(this.#nextId++)
      this.messages.set(id, { ...payload, id, edits: 0 })
      return request.query.get('wait') === 'true' ? { status: 200, body: { id, ...payload }, headers: bucket } : { status: 204, headers: bucket }
    }
    if (request.method === 'PATCH' && match[3] !== undefined) {
      const message = this.messages.get(match[3])
      if (message === undefined) return { status: 404, body: { message: 'Unknown Message', code: 10008 } }
      this.messages.set(message.id, { ...message, ...payload, edits: message.edits + 1 })
      return { status: 200, body: { id: message.id, ...payload }, headers: bucket }
    }
    return { status: 405, body: { message: '405: Method Not Allowed', code: 0 } }
  }
}

/** Discord's embed limits, as Discord enforces them (400 when exceeded). */
function embedProblem (payload: { content?: string, embeds?: DiscordMessage['embeds'] }): string | undefined {
  if ((payload.content ?? '').length > 2000) return 'content too long'
  for (const embed of payload.embeds ?? []) {
    if (embed.title.length > 256) return 'embed title too long'
    if ((embed.description ?? '').length > 4096) return 'embed description too long'
    if (embed.fields.length > 25) return 'too many fields'
    let total = embed.title.length + (embed.description ?? '').length
    for (const field of embed.fields) {
      if (field.name.length > 256 || field.value.length > 1024) return 'field too long'
      total += field.name.length + field.value.length
    }
    total += ((embed as { footer?: { text: string } }).footer?.text ?? '').length
    if (total > 6000) return 'embed too long'
  }
  return undefined
}

export interface VerifiedMessage {
  id: string
  type: string
  data: Record<string, unknown> & { links?: Record<string, string> }
  /** The body's timestamp: when the event happened. */
  timestamp: string
  /** When it arrived here. */
  at: number
}

/** A plain Standard Webhooks receiver: verifies each request's signature with the `standardwebhooks` package. */
export class WebhookReceiver extends Receiver {
  readonly secret: string
  readonly verified: VerifiedMessage[] = []
  readonly rejected: string[] = []

  constructor (secret: string) {
    super()
    this.secret = secret
  }

  static async start (secret = 'whsec_' + Buffer.from('a test secret of more than 24 bytes!').toString('base64')): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(secret)
    await receiver.listen()
    return receiver
  }

  get url (): string { return `http://127.0.0.1:${this.port}/hooks/status?key=hook-secret-key` }

  protected answer (request: Received, behaviour: Behaviour) {
    if (behaviour.kind === 'status') return behaviour
    try {
      const body = new Webhook(this.secret).verify(request.body, request.headers as Record<string, string>) as { type: string, timestamp: string, data: VerifiedMessage['data'] }
      this.verified.push({ id: String(request.headers['webhook-id']), type: body.type, data: body.data, timestamp: body.timestamp, at: request.at })
      return { status: 204 }
    } catch (error) {
      this.rejected.push((error as Error).message)
      return { status: 400, body: { error: 'bad signature' } }
    }
  }
}

/** A stand-in for a cache's purge API (Fastly, Cloudflare, a Varnish, any URL): records each request, answers 200. */
export class PurgeReceiver extends Receiver {
  static async start (): Promise<PurgeReceiver> {
    const receiver = new PurgeReceiver()
    await receiver.listen()
    return receiver
  }

  get origin (): string { return `http://127.0.0.1:${this.port}` }

  protected answer (_request: Received, behaviour: Behaviour) {
    if (behaviour.kind === 'status') return behaviour
    return { status: 200, body: { success: true } }
  }
}
