// The one way a route sends a body serialised once (src/lib/serialized.ts): its bytes, type and ETag as they are.
import type { FastifyReply } from 'fastify'
import { HTML_TYPE, JSON_TYPE, encodeOnce, type Serialized } from '../lib/serialized.ts'
import { LruCache } from '../lib/lru.ts'
import { ORIGIN_PLACEHOLDER } from '../lib/origin-placeholder.ts'
import { MAX_BASE_URLS } from '../discovery/per-base-url.ts'

export function sendSerialized (reply: FastifyReply, serialized: Serialized<unknown>, options: { type?: string, statusCode?: number } = {}): FastifyReply {
  return reply.code(options.statusCode ?? 200).type(options.type ?? JSON_TYPE).header('etag', serialized.etag).send(serialized.payload)
}

/** Each page's copies with the origin filled in, per base URL (bounded: without PUBLIC_BASE_URL the Host decides it). */
const pagesByBase = new WeakMap<Serialized<unknown>, LruCache<string, Serialized<string>>>()

/** An HTML page rendered once, sent with its absolute links on `baseUrl` (copied and hashed once per base URL). */
export function sendPage (reply: FastifyReply, page: Serialized<unknown>, baseUrl: string): FastifyReply {
  let copies = pagesByBase.get(page)
  if (copies === undefined) pagesByBase.set(page, copies = new LruCache(MAX_BASE_URLS))
  const filled = copies.getOrSet(baseUrl, () => {
    const html = withOrigin(typeof page.payload === 'string' ? page.payload : page.payload.toString('utf8'), baseUrl)
    return encodeOnce(html, html)
  })
  return sendSerialized(reply, filled, { type: HTML_TYPE })
}

/** A page's HTML with its absolute links on `baseUrl`. */
export function withOrigin (html: string, baseUrl: string): string {
  return html.replaceAll(ORIGIN_PLACEHOLDER, baseUrl)
}
