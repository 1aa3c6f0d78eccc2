// Fetches a Statuspage v2 summary.json within a time limit and a body size limit, and validates it.
// Every way the upstream can misbehave ends as an UpstreamError; nothing it sends is trusted or buffered past the limit.
import { UpstreamError } from './upstream-error.ts'
import { statuspageSummaryValidator, type StatuspageSummary } from './statuspage-summary.ts'

export interface FetchLimits {
  /** The whole exchange, connect to last byte. */
  timeoutMs: number
  maxBytes: number
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 3000, maxBytes: 1024 * 1024 }

export async function fetchStatuspageSummary (url: URL, limits: FetchLimits = DEFAULT_LIMITS): Promise<StatuspageSummary> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs)
  timer.unref()
  try {
    const text = await fetchText(url, limits.maxBytes, controller.signal)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new UpstreamError('invalid_json')
    }
    const validator = await statuspageSummaryValidator()
    if (!validator.Check(body)) {
      const first = validator.Errors(body)[0]
      throw new UpstreamError('invalid_body', first === undefined ? undefined : `${first.instancePath || '/'} ${first.message}`)
    }
    return body
  } catch (error) {
    if (error instanceof UpstreamError) throw error
    // fetch's own errors name the host (ENOTFOUND x, connect ECONNREFUSED 1.2.3.4:443): keep only the kind.
    throw new UpstreamError(controller.signal.aborted ? 'timeout' : 'unreachable')
  } finally {
    clearTimeout(timer)
    controller.abort()
  }
}

/** Redirects followed within the configured origin (a moved path); one to another origin is refused. */
const MAX_REDIRECTS = 3

async function fetchText (url: URL, maxBytes: number, signal: AbortSignal): Promise<string> {
  let target = url
  let response: Response
  for (let hops = 0; ; hops++) {
    response = await fetch(target, {
      signal,
      redirect: 'manual',
      headers: { accept: 'application/json', 'user-agent': 'status-api (platform status)' }
    })
    const location = response.headers.get('location')
    if (response.status < 300 || response.status > 399 || location === null) break
    await response.body?.cancel()
    const next = URL.parse(location, target.href)
    if (next === null || next.origin !== url.origin) throw new UpstreamError('redirect', 'to another origin')
    if (hops >= MAX_REDIRECTS) throw new UpstreamError('redirect', 'too many')
    target = next
  }
  if (response.status !== 200) throw new UpstreamError('http_status', String(response.status))
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) throw new UpstreamError('too_large')
  if (response.body === null) return ''
  const chunks: Uint8Array[] = []
  let received = 0
  for await (const chunk of response.body) {
    received += chunk.byteLength
    // Leaving the loop cancels the stream: the connection closes and nothing more is read.
    if (received > maxBytes) throw new UpstreamError('too_large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
