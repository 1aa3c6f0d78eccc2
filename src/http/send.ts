// The one way a route sends a body serialised once (src/lib/serialized.ts): its bytes, type and ETag as they are,
// or its br/gzip variant with that variant's own ETag when the client accepts it (DESIGN §9 "Compression").
import type { FastifyReply } from 'fastify'
import { HTML_TYPE, JSON_TYPE, encodeOnce, heldBytes, type SendableBody, type Serialized } from '../lib/serialized.ts'
import { LruCache } from '../lib/lru.ts'
import { ORIGIN_PLACEHOLDER } from '../lib/origin-placeholder.ts'
import { MAX_BASE_URLS, MAX_BYTES_PER_DOCUMENT } from '../discovery/per-base-url.ts'
import { preferredCoding } from './accept-encoding.ts'

export function sendSerialized (reply: FastifyReply, body: SendableBody, options: { type?: string, statusCode?: number } = {}): FastifyReply {
  reply.code(options.statusCode ?? 200).type(options.type ?? JSON_TYPE)
  if (body.compressed === undefined) return reply.header('etag', body.etag).send(body.payload)
  // Caches must key this response on Accept-Encoding, whichever variant it is (and on 304s too).
  const vary = reply.getHeader('vary')
  reply.header('vary', vary === undefined ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`)
  const coding = preferredCoding(reply.request.headers['accept-encoding'])
  if (coding === undefined) return reply.header('etag', body.etag).send(body.payload)
  const variant = body.compressed(coding)
  return reply.header('content-encoding', coding).header('etag', variant.etag).send(variant.payload)
}

/** Each page's copies with the origin filled in, per base URL (bounded: without PUBLIC_BASE_URL the Host decides it). */
const pagesByBase = new WeakMap<Serialized<unknown>, LruCache<string, SendableBody>>()

/** An HTML page rendered once, sent with its absolute links on `baseUrl` (copied and hashed once per base URL). */
export function sendPage (reply: FastifyReply, page: Serialized<unknown>, baseUrl: string): FastifyReply {
  let copies = pagesByBase.get(page)
  if (copies === undefined) pagesByBase.set(page, copies = new LruCache(MAX_BASE_URLS, { max: MAX_BYTES_PER_DOCUMENT, of: heldBytes }))
  const filled = copies.getOrSet(baseUrl, () => {
    const html = withOrigin(typeof page.payload === 'string' ? page.payload : page.payload.toString('utf8'), baseUrl)
    const { payload, etag, compressed } = encodeOnce(html, html)
    return { payload, etag, compressed } // the bytes only, not the text as well
  })
  return sendSerialized(reply, filled, { type: HTML_TYPE })
}

/** A page's HTML with its absolute links on `baseUrl`. */
export function withOrigin (html: string, baseUrl: string): string {
  return html.replaceAll(ORIGIN_PLACEHOLDER, baseUrl)
}
