// One outgoing notification request with a time limit and a body limit. A failure is a DeliveryError whose message is
// ours (a status code, "timeout", an error code): never the URL, its host or its token.
const BODY_LIMIT = 64 * 1024

export interface SentResponse {
  status: number
  headers: Headers
  /** The response body as text, cut at 64 KiB. */
  body: string
}

export class DeliveryError extends Error {
  override name = 'DeliveryError'
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PURGE'
  headers: Record<string, string>
  /** JSON; none for GET, DELETE and a Varnish PURGE. */
  body?: string | undefined
  timeoutMs: number
}

export async function sendRequest (url: URL, options: RequestOptions): Promise<SentResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  try {
    const response = await fetch(url, {
      method: options.method,
      headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), 'user-agent': 'status-api (notifications)', ...options.headers },
      body: options.body,
      redirect: 'manual',
      signal
    })
    return { status: response.status, headers: response.headers, body: await readLimited(response) }
  } catch (error) {
    if (signal.aborted) throw new DeliveryError(`timeout after ${options.timeoutMs} ms`)
    const cause = (error as { cause?: { code?: unknown } }).cause
    const code = typeof cause?.code === 'string' && /^[A-Z_]+$/.test(cause.code) ? cause.code : 'network error'
    throw new DeliveryError(`request failed (${code})`)
  }
}

async function readLimited (response: Response): Promise<string> {
  if (response.body === null) return ''
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    text += decoder.decode(chunk, { stream: true })
    if (size >= BODY_LIMIT) {
      await response.body.cancel().catch(() => undefined)
      break
    }
  }
  return text
}

/**
 * The longest an upstream may make a worker wait (Discord's `retry_after` and `global`, a `Retry-After` in seconds or as a
 * date, a bucket's reset): 1 h. After it the delivery is simply tried again, and the upstream may say wait once more; a
 * wait of years would stop the target until a restart, and a time past the year 275760 cannot even be written down.
 */
export const MAX_UPSTREAM_WAIT_MS = 3_600_000

/** An upstream's wait in milliseconds, whole and within 0…MAX_UPSTREAM_WAIT_MS; undefined when it is no number or negative. */
export function upstreamWaitMs (ms: number | undefined): number | undefined {
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) return undefined
  return Math.min(Math.ceil(ms), MAX_UPSTREAM_WAIT_MS)
}

/** Seconds from a Retry-After header (delta seconds, or an HTTP date) as milliseconds, capped; undefined when absent or odd. */
export function retryAfterMs (headers: Headers, now: number): number | undefined {
  const raw = headers.get('retry-after')
  if (raw === null) return undefined
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return upstreamWaitMs(Number(raw) * 1000)
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would read "-5" as a year.
  const date = /[a-z]{3}/i.test(raw) ? Date.parse(raw) : Number.NaN
  return Number.isNaN(date) ? undefined : upstreamWaitMs(Math.max(0, date - now))
}
