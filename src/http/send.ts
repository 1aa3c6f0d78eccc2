// The one way a route sends a body serialised once (src/lib/serialized.ts): its bytes, type and ETag as they are,
// or its br/gzip variant with that variant's own ETag when the client accepts it (DESIGN §9 "Compression").
import type { FastifyReply } from 'fastify'
import { HTML_TYPE, JSON_TYPE, type SendableBody, type Serialized } from '../lib/serialized.ts'
import { withOrigin } from '../lib/origin-placeholder.ts'
import { perBaseUrl } from '../lib/per-base-url.ts'
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
  const coding = preferredCoding(headers['accept-encoding'])
  // None for a client that accepts none; each variant is made once, on the first request that accepts its coding.
  const variant = coding === undefined ? undefined : body.compressed(coding)
  if (variant === undefined) return reply.header('etag', body.etag).send(body.payload)
  return reply.header('content-encoding', coding).header('etag', variant.etag).send(variant.payload)
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
