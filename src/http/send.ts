// The one way a route sends a body serialised once (src/lib/serialized.ts): its bytes, type and ETag as they are,
// or its br/gzip variant with that variant's own ETag when the client accepts it (docs/en/api.md#compression).
import type { FastifyReply } from 'fastify'
import { HTML_TYPE, JSON_TYPE, type SendableBody, type Serialized } from '../lib/serialized.ts'
import { withOrigin } from '../lib/origin-placeholder.ts'
import { perBaseUrl } from '../lib/per-base-url.ts'
import type { ContentCoding } from '../lib/compressed.ts'
import { preferredCoding } from './accept-encoding.ts'
import { ifNoneMatchHits } from './headers.ts'

export function sendSerialized (reply: FastifyReply, body: SendableBody, options?: { type?: string, statusCode?: number }): FastifyReply {
  reply.code(options?.statusCode ?? 200).type(options?.type ?? JSON_TYPE)
  if (body.compressed === undefined) return reply.header('etag', body.etag).send(body.payload)
  // Caches must key this response on Accept-Encoding, whichever variant it is (and on 304s too).
  const vary = reply.getHeader('vary')
  reply.header('vary', vary === undefined ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`)
  const { headers } = reply.request
  // A client that kept the body as it is revalidates with that ETag: it gets its 304 (src/http/conventions.ts), whatever
  // coding it would be sent now, and no variant is made for it.
  if (ifNoneMatchHits(headers['if-none-match'], body.etag)) return reply.header('etag', body.etag).send(body.payload)
  const coding = codingFor(body, headers['accept-encoding'])
  if (coding === undefined) return reply.header('etag', body.etag).send(body.payload)
  const variant = body.compressed(coding)!
  return reply.header('content-encoding', coding).header('etag', variant.etag).send(variant.payload)
}

/**
 * The coding `body` is sent in to a client with this Accept-Encoding: the one it prefers, when `body` has a variant in
 * it; undefined for the body as it is (none accepted, or too small to compress). Each variant is made once, on the
 * first request that accepts its coding.
 */
export function codingFor (body: SendableBody, acceptEncoding: string | undefined): ContentCoding | undefined {
  if (body.compressed === undefined) return undefined
  const coding = preferredCoding(acceptEncoding)
  return coding !== undefined && body.compressed(coding) !== undefined ? coding : undefined
}

/** Each page's copies with the origin filled in, per base URL (src/lib/per-base-url.ts: bounded in hosts and bytes). */
const pagesByBase = new WeakMap<Serialized<unknown>, (baseUrl: string) => SendableBody>()

/** A page's copy with its absolute links on `baseUrl`: filled in once per base URL. */
export function pageOn (page: Serialized<unknown>, baseUrl: string): SendableBody {
  let filled = pagesByBase.get(page)
  if (filled === undefined) {
    const html = typeof page.payload === 'string' ? page.payload : page.payload.toString('utf8')
    pagesByBase.set(page, filled = perBaseUrl((base) => withOrigin(html, base)))
  }
  return filled(baseUrl)
}

/** An HTML page (or another `type` of text) rendered once, sent with its absolute links on `baseUrl`. */
export function sendPage (reply: FastifyReply, page: Serialized<unknown>, baseUrl: string, type = HTML_TYPE): FastifyReply {
  return sendSerialized(reply, pageOn(page, baseUrl), { type })
}
