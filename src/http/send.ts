// The one way a route sends a body serialised once (src/lib/serialized.ts): its bytes, type and ETag as they are.
import type { FastifyReply } from 'fastify'
import { JSON_TYPE, type Serialized } from '../lib/serialized.ts'

export function sendSerialized (reply: FastifyReply, serialized: Serialized<unknown>, options: { type?: string, statusCode?: number } = {}): FastifyReply {
  return reply.code(options.statusCode ?? 200).type(options.type ?? JSON_TYPE).header('etag', serialized.etag).send(serialized.payload)
}
