// Idempotency-Key on the operator API's POSTs (DESIGN §11): the same key and request within 24 h get the first answer
// again and write nothing; the same key with another request gets 422. Kept in the database, so it holds across replicas.
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../../lib/clock.ts'
import type { Database } from '../../store/database.ts'
import { completeIdempotencyKey, releaseIdempotencyKey, reserveIdempotencyKey } from '../../store/repositories/idempotency-keys.ts'
import { operatorProblems } from './problems.ts'

const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000
const KEY = /^[\x21-\x7e]{1,255}$/

declare module 'fastify' {
  interface FastifyRequest {
    /** The reserved key of this request, until its answer is kept. */
    idempotencyKey?: { token: string, key: string }
  }
}

/** What makes two requests "the same": method, path and the body as parsed (whitespace and key order of equal JSON aside, byte for byte). */
function requestHash (request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method} ${request.url.split('?')[0]}\n${JSON.stringify(request.body ?? null)}`).digest('hex')
}

async function idempotency (app: FastifyInstance, options: { database: Database, clock: Clock }): Promise<void> {
  const { database, clock } = options
  app.decorateRequest('idempotencyKey', undefined)

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key']
    if (request.method !== 'POST' || header === undefined || request.operator === undefined) return
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw operatorProblems.invalid('Idempotency-Key must be 1–255 visible ASCII characters (a UUID is a good choice).')
    }
    const now = clock.now()
    const mine = { token: request.operator.name, key: header }
    const held = await reserveIdempotencyKey(database.db, { ...mine, requestHash: requestHash(request), at: new Date(now).toISOString() },
      new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString())
    if (held === undefined) {
      request.idempotencyKey = mine
      return
    }
    if (held.request_hash !== requestHash(request)) throw operatorProblems.idempotencyMismatch()
    if (held.status_code === null || held.body === null) throw operatorProblems.idempotencyInFlight()
    const type = held.status_code >= 400 ? 'application/problem+json; charset=utf-8' : 'application/json; charset=utf-8'
    return reply.code(held.status_code).type(type).header('idempotent-replayed', 'true').send(held.body)
  })

  // The answer is kept once it is decided; one that failed on our side (5xx) frees the key for a retry.
  app.addHook('onSend', async (request, reply, payload) => {
    const reserved = request.idempotencyKey
    if (reserved === undefined) return payload
    request.idempotencyKey = undefined
    if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseIdempotencyKey(database.db, reserved.token, reserved.key)
    else await completeIdempotencyKey(database.db, reserved.token, reserved.key, reply.statusCode, payload)
    return payload
  })
}

export default fp(idempotency, { name: 'operator-idempotency', dependencies: ['operator-auth'] })
