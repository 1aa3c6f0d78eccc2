// One attempt of an `http` check (docs/en/architecture.md#status-model): a request within its time limit, redirects followed within the origin,
// at most 1 MiB of body read, the expectations judged. Every failure is a short public-safe sentence: no URL, no host.
import type { TLSSocket } from 'node:tls'
import type { HttpExpectation } from '../declaration/declaration.ts'
import { formatDuration } from '../declaration/duration.ts'
import { startProbeTimer } from '../monitor/probes/probe-timer.ts'
import { connectionFailure, type Attempt } from './attempt.ts'

// Not imported: an import of node:http evaluates every export, its WebSocket client (undici) too (see src/api/problems.ts).
const http = process.getBuiltinModule('node:http')
const https = process.getBuiltinModule('node:https')

/** The most body read of an answer; a body expectation on a larger answer fails. */
const MAX_BODY_BYTES = 1024 * 1024
/** Redirects followed (within the origin) before the check gives up. */
const MAX_REDIRECTS = 5
const DAY_MS = 86_400_000

export interface HttpTarget {
  url: string
  method: 'GET' | 'HEAD'
  headers: Record<string, string>
  timeoutMs: number
  expect: HttpExpectation
}

export interface HttpCheckOptions {
  /** Extra certificates to trust (tests; in production, NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer
  /** The wall clock, for the certificate's expiry. */
  now?: () => number
}

interface Answer {
  status: number
  location: string | undefined
  body: Buffer
  /** More than MAX_BODY_BYTES came: `body` holds the first MiB. */
  truncated: boolean
  /** The peer certificate's end of validity (ms since the epoch) on https. */
  certificateValidTo: number | undefined
}

class AttemptFailed extends Error {}

/** Makes one attempt; never rejects. */
export async function checkHttp (target: HttpTarget, options: HttpCheckOptions = {}): Promise<Attempt> {
  const stopwatch = startProbeTimer()
  const deadline = performance.now() + target.timeoutMs
  const origin = new URL(target.url).origin
  let url = new URL(target.url)
  try {
    let answer = await request(url, target, deadline, options)
    for (let redirects = 0; isRedirect(answer.status) && answer.location !== undefined; redirects++) {
      const next = safeUrl(answer.location, url)
      if (next === undefined) return down('The answer redirects to an address that is not valid.')
      if (next.origin !== origin) return down(`The answer redirects to another site (HTTP ${answer.status}); redirects are followed only within the same origin.`)
      if (redirects === MAX_REDIRECTS) return down(`The answer redirects more than ${MAX_REDIRECTS} times.`)
      url = next
      answer = await request(url, target, deadline, options)
    }
    return judge(answer, target, stopwatch.elapsedMs(), options.now?.() ?? Date.now())
  } catch (error) {
    return down(error instanceof AttemptFailed ? error.message : 'The check failed for an unexpected reason.')
  } finally {
    stopwatch.stop() // every way out: a redirect refused, a failure
  }
}

function judge (answer: Answer, target: HttpTarget, latencyMs: number, now: number): Attempt {
  const { expect } = target
  if (!expect.status.includes(answer.status)) {
    return { status: 'down', latencyMs, message: `Answered with HTTP ${answer.status} (expected ${expected(expect.status)}).` }
  }
  const needsBody = expect.bodyIncludes !== undefined || expect.json !== undefined
  if (needsBody && answer.truncated) return { status: 'down', latencyMs, message: `The answer is larger than 1 MiB; the check reads no more.` }
  if (expect.bodyIncludes !== undefined && !answer.body.toString('utf8').includes(expect.bodyIncludes)) {
    return { status: 'down', latencyMs, message: 'The answer does not contain the expected text.' }
  }
  if (expect.json !== undefined) {
    let document: unknown
    try {
      document = JSON.parse(answer.body.toString('utf8'))
    } catch {
      return { status: 'down', latencyMs, message: 'The answer is not JSON.' }
    }
    const found = pointerValue(document, expect.json.pointer)
    if (!found.exists || !sameJson(found.value, expect.json.equals)) {
      return { status: 'down', latencyMs, message: `The answer's JSON at ${expect.json.pointer} is not the expected value.` }
    }
  }
  if (expect.certDays > 0 && answer.certificateValidTo !== undefined && answer.certificateValidTo - now < expect.certDays * DAY_MS) {
    const date = new Date(answer.certificateValidTo).toISOString().slice(0, 10)
    return { status: 'degraded', latencyMs, message: `The TLS certificate expires on ${date}.` }
  }
  if (expect.latencyBelowMs !== undefined && latencyMs >= expect.latencyBelowMs) {
    return { status: 'degraded', latencyMs, message: `Slow: answered in ${Math.round(latencyMs)} ms (expected under ${formatDuration(expect.latencyBelowMs)}).` }
  }
  return { status: 'ok', latencyMs }
}

function request (url: URL, target: HttpTarget, deadline: number, options: HttpCheckOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const remaining = Math.max(1, deadline - performance.now())
    const fail = (message: string) => {
      clearTimeout(timer)
      req.destroy()
      reject(new AttemptFailed(message))
    }
    const client = url.protocol === 'https:' ? https : http
    const req = client.request(url, {
      method: target.method,
      headers: { 'user-agent': 'status-api-check', ...target.headers },
      agent: false,
      ...(url.protocol === 'https:' && options.ca !== undefined ? { ca: options.ca } : {})
    })
    const timer = setTimeout(() => fail(`No complete answer within ${formatDuration(target.timeoutMs)}.`), remaining)
    req.on('error', (error: NodeJS.ErrnoException) => fail(failureMessage(error)))
    req.on('response', (response) => {
      const socket = response.socket as TLSSocket
      const certificate = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined
      const validTo = certificate?.valid_to === undefined ? undefined : Date.parse(certificate.valid_to)
      const chunks: Buffer[] = []
      let size = 0
      let truncated = false
      const finish = () => {
        clearTimeout(timer)
        const location = response.headers.location
        resolve({ status: response.statusCode ?? 0, location, body: Buffer.concat(chunks), truncated, certificateValidTo: Number.isFinite(validTo) ? validTo : undefined })
      }
      response.on('data', (chunk: Buffer) => {
        if (truncated) return
        const room = MAX_BODY_BYTES - size
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room))
          size = MAX_BODY_BYTES
          truncated = true
          finish()
          req.destroy()
          return
        }
        chunks.push(chunk)
        size += chunk.length
      })
      response.on('end', () => { if (!truncated) finish() })
      response.on('error', (error: NodeJS.ErrnoException) => { if (!truncated) fail(failureMessage(error)) })
      response.on('aborted', () => { if (!truncated) fail('The connection closed before the answer was complete.') })
    })
    req.end()
  })
}

/** What went wrong, in words safe to publish: the error's code, never its text (it may name the host). */
function failureMessage (error: NodeJS.ErrnoException): string {
  const code = error.code ?? ''
  const connection = connectionFailure(code)
  if (connection !== undefined) return connection
  if (code === 'CERT_HAS_EXPIRED') return 'The TLS certificate has expired.'
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'The TLS certificate is for another name.'
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN' || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' || code === 'UNABLE_TO_GET_ISSUER_CERT') return 'The TLS certificate is not trusted.'
  if (code === 'EPROTO' || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || code.includes('CERT')) return 'The TLS connection could not be established.'
  if (code.startsWith('HPE_')) return 'The answer is not valid HTTP.'
  return 'The connection failed.'
}

function down (message: string): Attempt {
  return { status: 'down', latencyMs: null, message }
}

function isRedirect (status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308
}

function safeUrl (location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base)
  } catch {
    return undefined
  }
}

/** The expected statuses in few words: 200, "200 or 204", "2xx", runs as "200–206". */
function expected (statuses: number[]): string {
  const sorted = [...new Set(statuses)].sort((a, b) => a - b)
  const runs: string[] = []
  for (let start = 0; start < sorted.length;) {
    let end = start
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++
    const [first, last] = [sorted[start]!, sorted[end]!]
    if (first % 100 === 0 && last === first + 99) runs.push(`${first / 100}xx`)
    else if (end - start >= 2) runs.push(`${first}–${last}`)
    else runs.push(...sorted.slice(start, end + 1).map(String))
    start = end + 1
  }
  return runs.length === 1 ? runs[0]! : `${runs.slice(0, -1).join(', ')} or ${runs.at(-1)}`
}

/** RFC 6901: the value at `pointer` in `document`. */
export function pointerValue (document: unknown, pointer: string): { exists: boolean, value?: unknown } {
  if (pointer === '') return { exists: true, value: document }
  let value = document
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < value.length) value = value[Number(key)]
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key)) value = (value as Record<string, unknown>)[key]
    else return { exists: false }
  }
  return { exists: true, value }
}

/** Equal as JSON values (objects by their keys, in any order). */
function sameJson (a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]))
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  return keysA.length === keysB.length && keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}
