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

/** Seconds from a Retry-After header (delta seconds, or an HTTP date) as milliseconds; undefined when absent or odd. */
export function retryAfterMs (headers: Headers, now: number): number | undefined {
  const raw = headers.get('retry-after')
  if (raw === null) return undefined
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Number(raw) * 1000
  const date = Date.parse(raw)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
