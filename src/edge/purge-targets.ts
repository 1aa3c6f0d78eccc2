// One purge request to one shared cache, shaped as docs/en/operations.md#edge-purge says for each kind. A failure is an Outcome with our own
// words (a status code, "timeout"): never the URL, a host name or a token.
import type { PurgeTarget } from '../config/edge.ts'
import { DeliveryError, retryAfterMs, sendRequest, type RequestOptions } from '../notify/http-request.ts'
import type { Outcome } from '../notify/outcome.ts'

/** The request a purge of `keys` is for `target`: where it goes and what it carries. */
export function purgeRequest (target: PurgeTarget, keys: string[], timeoutMs: number): { url: URL, request: RequestOptions } {
  switch (target.kind) {
    case 'varnish':
      // The shipped VCL: `PURGE /` with the keys in `xkey-purge`, taken only from the addresses it allows.
      return { url: new URL('/', target.url), request: { method: 'PURGE', headers: { 'xkey-purge': keys.join(' ') }, timeoutMs } }
    case 'fastly':
      return {
        url: new URL(`${target.apiBase.href.replace(/\/$/, '')}/service/${encodeURIComponent(target.serviceId)}/purge`),
        request: { method: 'POST', headers: { 'surrogate-key': keys.join(' '), 'fastly-key': target.token, accept: 'application/json' }, timeoutMs }
      }
    case 'cloudflare':
      return {
        url: new URL(`${target.apiBase.href.replace(/\/$/, '')}/zones/${encodeURIComponent(target.zoneId)}/purge_cache`),
        request: { method: 'POST', headers: { authorization: `Bearer ${target.token}` }, body: JSON.stringify({ tags: keys }), timeoutMs }
      }
    case 'http':
      return { url: target.url, request: { method: 'POST', headers: {}, body: JSON.stringify({ keys }), timeoutMs } }
  }
}

export async function deliverPurge (target: PurgeTarget, keys: string[], timeoutMs: number): Promise<Outcome> {
  if (keys.length === 0) return { kind: 'delivered' }
  const { url, request } = purgeRequest(target, keys, timeoutMs)
  let response
  try {
    response = await sendRequest(url, request)
  } catch (error) {
    if (error instanceof DeliveryError) return { kind: 'retry', error: error.message }
    throw error
  }
  if (response.status >= 200 && response.status < 300) return { kind: 'delivered' }
  const wait = response.status === 429 || response.status === 503 ? retryAfterMs(response.headers, Date.now()) : undefined
  // Refused (bad token, not allowed, no such zone): retried with backoff too, so a fixed setting takes effect; the log says why.
  return { kind: 'retry', error: `http ${response.status}`, retryAfterMs: wait }
}
