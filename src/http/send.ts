// The one way a route sends a body serialised once (src/lib/serialized.ts): its bytes, type and ETag as they are,
// or its br/gzip variant with that variant's own ETag when the client accepts it (DESIGN §9 "Compression").
import type { FastifyReply } from 'fastify'
import { JSON_TYPE, type SendableBody } from '../lib/serialized.ts'
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
