// Answers sent before the framework (the origin's own path: docs/en/operations.md#prepared-answers): a GET of a route that says how it finds its
// body (`config.prepared`) is answered with the status and headers the framework gave that same body, by its ETag, the
// last time: no request or reply objects, no hooks, no routing, for the small answers a surge asks for most. The
// framework stays the one place that decides an answer; this only repeats one it made, and anything it has not made
// yet, or that is not a plain GET of the route's own path, goes to the framework.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { FastifyContextConfig, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { SendableBody } from '../lib/serialized.ts'
import { codingFor } from './send.ts'
import type { AnsweredRequest } from './answered-requests.ts'
import { hostIsWellFormed } from './conventions.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body a GET of this route sends now, found from memory (the value the handler would send), or undefined when
     * only the handler can tell. `parts` are the route parameters and query of a request for the same target, as the
     * framework read them. Only for routes whose status and headers follow from the body they send (one ETag, one
     * answer), but for a Cache-Control that follows the clock (a freshness left), which the route gives with the body.
     */
    prepared?: (raw: IncomingMessage, parts: PreparedParts) => SendableBody | PreparedBody | undefined
  }
}

/** A body with the Cache-Control the handler sends with it now. */
export interface PreparedBody {
  body: SendableBody
  cacheControl: string
}

/** What the framework read of a request target: the same for every request of it. */
export interface PreparedParts {
  params: unknown
  query: unknown
}

/** Not imported: an import of node:http loads its WebSocket client as well (see src/api/problems.ts). */
const { createServer } = process.getBuiltinModule('node:http')

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void

/** What the framework answered for one body: its status and headers (names and values in turn, as writeHead takes them). */
interface Kept {
  statusCode: number
  headers: string[]
  /** Where the Cache-Control value is in `headers`. */
  cacheControlAt: number
}

/** One request target the framework answered from a route with `prepared`. */
interface PreparedTarget {
  /** The route's pattern, for the metrics. */
  pattern: string
  parts: PreparedParts
  body: (raw: IncomingMessage) => SendableBody | PreparedBody | undefined
  /** By the ETag sent: each coding and each Host's copy is a body of its own. More than KEPT_PER_TARGET, and it starts again. */
  answers: Map<string, Kept>
  /** The Host headers of the answers kept (as many as KEPT_PER_TARGET): only their requests are looked up. */
  hosts: Set<string>
  /** What its answers hold, about (bytesOfKept). */
  answerBytes: number
  /** What this target holds in all, about (bytesOfTarget and its answers): counted against KEPT_BYTES. */
  bytes: number
}

/** Targets kept at most (clients choose targets: queries, ids); more, and the table starts again. */
const KEPT_TARGETS = 1024
/** Answers a target keeps at most: its bodies now in each coding, for up to 20 Hosts or so. */
const KEPT_PER_TARGET = 64
/** Targets and Hosts answered once lately, remembered at most (each is kept from its second answer on). */
const ANSWERED_ONCE = 1024
/**
 * Bytes the kept answers hold at most, about: counts alone let 1,024 targets of 64 Hosts each keep tens of MiB of
 * headers. Beyond it the targets kept longest are dropped first (their next requests are the framework's again).
 */
export const KEPT_BYTES = 4 * 1024 * 1024

/** What a string costs in the heap, about: its characters and V8's object around them. */
const stringBytes = (text: string): number => text.length + 16
/** What one entry of a Map or Set costs beyond its key and value, about. */
const ENTRY_BYTES = 48

/** What one kept answer holds: its headers, the ETag it is kept under, its entry. */
function bytesOfKept (etag: string, kept: Kept): number {
  let bytes = stringBytes(etag) + ENTRY_BYTES + 64 + kept.headers.length * 8
  for (const text of kept.headers) bytes += stringBytes(text)
  return bytes
}

/** What one target holds beyond its answers: its URL, its Hosts, its parts and closure, about. */
function bytesOfTarget (url: string, hosts: Set<string>): number {
  let bytes = stringBytes(url) + ENTRY_BYTES + 512
  for (const host of hosts) bytes += stringBytes(host) + ENTRY_BYTES
  return bytes
}

/** What src/http/send.ts sends of `found` to this client: the variant of the coding it prefers, or the body as it is. */
function sentOf (found: SendableBody | PreparedBody | undefined, request: IncomingMessage): { etag: string, payload: string | Buffer } | undefined {
  if (found === undefined) return undefined
  const body = 'cacheControl' in found ? found.body : found
  const coding = codingFor(body, request.headers['accept-encoding'])
  return coding === undefined ? body : body.compressed!(coding)!
}

/** What a route's `prepared` finds; none when it throws (its handler then answers, and words any problem itself). */
function bodyOrNone (find: () => SendableBody | PreparedBody | undefined): SendableBody | PreparedBody | undefined {
  try {
    return find()
  } catch {
    return undefined
  }
}

/**
 * The kept headers, with the Cache-Control a body found with one says. When it changed (a second less of freshness),
 * the kept answer takes the new list: every other request of that second sends it as it is.
 */
function withCacheControl (kept: Kept, found: SendableBody | PreparedBody | undefined): string[] {
  if (found === undefined || !('cacheControl' in found) || kept.cacheControlAt === 0 || kept.headers[kept.cacheControlAt] === found.cacheControl) return kept.headers
  const headers = kept.headers.slice() // a new list: one being written keeps its values
  headers[kept.cacheControlAt] = found.cacheControl
  kept.headers = headers
  return headers
}

/** Headers as names and values in turn (a value of several is sent as several lines, as Node does for an array). */
function headerList (headers: Record<string, string | number | string[] | undefined>): string[] {
  const list: string[] = []
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) list.push(name, String(one))
  }
  return list
}

export interface PreparedAnswersOptions {
  /** True while the rate limit counts this route's requests: each answer then carries its own count, so none is prepared. */
  rateLimited: (route: RouteOptions) => boolean
  /** True once graceful shutdown began: answers then close their connection, which the framework does. */
  draining: () => boolean
  answered: AnsweredRequest | undefined
  nextRequestId: () => string
}

export interface PreparedAnswers {
  /** What the kept answers hold now, about, counted afresh from the table (for the metrics of tests): at most KEPT_BYTES. */
  keptBytes: () => number
  /** Fastify's `serverFactory`: the public listener, which tries a prepared answer before handing a request on. */
  serverFactory: (framework: RequestListener, options: Record<string, unknown>) => Server
  /** Registered before the routes: finds the routes that say how they find their body, and keeps their answers. */
  plugin: FastifyPluginAsync<PreparedAnswersOptions>
}

/** The prepared answers of one app: made before the app (its server needs them), their plugin registered with it. */
export function preparedAnswers (): PreparedAnswers {
  const targets = new Map<string, PreparedTarget>()
  /** The sum of the targets' `bytes`. */
  let keptBytes = 0
  let settings: PreparedAnswersOptions | undefined
  let open = false

  /** Sends the kept answer for this request, when there is one to send as it is. */
  const send = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || !open) return false
    const url = request.url!
    const target = targets.get(url)
    if (target === undefined || request.headers['if-none-match'] !== undefined || !hostIsWellFormed(request) || settings!.draining()) return false
    // A Host not seen on a kept answer is the framework's: a one-off Host costs no body made twice.
    if (!target.hosts.has(request.headers.host ?? '')) return false
    const found = bodyOrNone(() => target.body(request))
    const sent = sentOf(found, request)
    if (sent === undefined) return false
    const kept = target.answers.get(sent.etag)
    if (kept === undefined) return false
    const { answered } = settings!
    const start = answered === undefined ? 0 : performance.now()
    response.writeHead(kept.statusCode, withCacheControl(kept, found))
    response.end(sent.payload)
    answered?.(target.pattern, settings!.nextRequestId(), 'GET', url, kept.statusCode, performance.now() - start, true)
    return true
  }

  /**
   * True for a Host with kept answers on this target, or one the framework answered for it once lately (then forgotten
   * there): what is asked for once (a made-up Host or query) is answered and dropped, as the routes' own caches do
   * (src/lib/lru.ts), and `prepared` is not asked to make its body a second time.
   */
  const answeredOnce = new Set<string>()
  const answeredBefore = (target: PreparedTarget | undefined, host: string, url: string): boolean => {
    if (target?.hosts.has(host) === true) return true
    const key = `${host} ${url}`
    if (answeredOnce.delete(key)) return true
    if (answeredOnce.size >= ANSWERED_ONCE) answeredOnce.clear()
    answeredOnce.add(key)
    return false
  }

  /** Keeps what the framework answered a GET of this target, under the ETag it sent. */
  const keep = (pattern: string, prepared: NonNullable<FastifyContextConfig['prepared']>) => (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const url = request.raw.url!
    const host = request.headers.host ?? ''
    if (request.method === 'GET' && request.headers['if-none-match'] === undefined && reply.statusCode !== 304 && answeredBefore(targets.get(url), host, url)) {
      const headers = reply.getHeaders()
      let target = targets.get(url)
      const parts: PreparedParts = target?.parts ?? { params: request.params, query: request.query }
      // Kept only when the route's `prepared` finds the very body the handler sent (an ETag names its bytes).
      const found = bodyOrNone(() => prepared(request.raw, parts))
      if (typeof headers.etag === 'string' && headers.connection === undefined && sentOf(found, request.raw)?.etag === headers.etag &&
        (found === undefined || !('cacheControl' in found) || found.cacheControl === headers['cache-control'])) {
        if (target === undefined) {
          if (targets.size >= KEPT_TARGETS) {
            targets.clear()
            keptBytes = 0
          }
          target = { pattern, parts, body: (raw) => prepared(raw, parts), answers: new Map(), hosts: new Set(), answerBytes: 0, bytes: 0 }
          targets.set(url, target)
        }
        if (target.answers.size >= KEPT_PER_TARGET) {
          target.answers.clear()
          target.answerBytes = 0
        }
        if (target.hosts.size >= KEPT_PER_TARGET) target.hosts.clear()
        target.hosts.add(host)
        const list = headerList(headers)
        const kept: Kept = { statusCode: reply.statusCode, headers: list, cacheControlAt: list.indexOf('cache-control') + 1 }
        const replaced = target.answers.get(headers.etag)
        if (replaced !== undefined) target.answerBytes -= bytesOfKept(headers.etag, replaced)
        target.answers.set(headers.etag, kept)
        target.answerBytes += bytesOfKept(headers.etag, kept)
        keptBytes -= target.bytes
        target.bytes = bytesOfTarget(url, target.hosts) + target.answerBytes
        keptBytes += target.bytes
        // The oldest targets go first (a Map iterates in the order of insertion), this one last.
        for (const [oldest, dropped] of targets) {
          if (keptBytes <= KEPT_BYTES) break
          targets.delete(oldest)
          keptBytes -= dropped.bytes
        }
      }
    }
    done()
  }

  async function register (app: FastifyInstance, options: PreparedAnswersOptions): Promise<void> {
    settings = options
    app.addHook('onRoute', (route: RouteOptions) => {
      const prepared = route.config?.prepared
      const isGet = route.method === 'GET' || (Array.isArray(route.method) && route.method.includes('GET'))
      if (prepared === undefined || !isGet || options.rateLimited(route)) return
      const hook = keep(route.url, prepared)
      route.onResponse = route.onResponse === undefined ? [hook] : [...(Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]), hook]
    })
    app.addHook('onReady', (done) => { open = true; done() })
    // From here the framework answers everything: it closes each connection as it answers.
    app.addHook('preClose', (done) => { open = false; done() })
  }

  return {
    keptBytes () {
      let bytes = 0
      for (const [url, target] of targets) {
        bytes += bytesOfTarget(url, target.hosts)
        for (const [etag, kept] of target.answers) bytes += bytesOfKept(etag, kept)
      }
      return bytes
    },
    plugin: fp(register, { name: 'prepared-answers' }),
    serverFactory (framework, options) {
      const server = createServer((options.http ?? {}) as object, (request, response) => {
        if (!send(request, response)) framework(request, response)
      })
      // What Fastify sets on a server it makes itself.
      server.keepAliveTimeout = options.keepAliveTimeout as number
      server.requestTimeout = options.requestTimeout as number
      server.setTimeout(options.connectionTimeout as number)
      if ((options.maxRequestsPerSocket as number) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket as number
      return server
    }
  }
}
