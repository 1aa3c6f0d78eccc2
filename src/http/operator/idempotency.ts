// Idempotency-Key on the operator API's POSTs (docs/en/architecture.md#operator-api): the same key and request within 24 h get the first answer
// again and write nothing; the same key with another request gets 422. The key, the write and its answer commit in one
// transaction, so a crash leaves either all three or none: a retry after it is answered, or writes, exactly once.
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sendProblem } from '../conventions.ts'
import type { Clock } from '../../lib/clock.ts'
import { canonicalJson } from '../../lib/canonical-json.ts'
import { loadOperatorIncident, type Store } from '../../operations/local.ts'
import type { Database } from '../../store/database.ts'
import { databaseIn } from '../../store/transaction.ts'
import {
  findIdempotencyKey, insertIdempotencyKey, setIdempotentAnswer, type IdempotencyKey, type IdempotencyKeyRow, type KeptAnswer
} from '../../store/repositories/idempotency-keys.ts'
import { operatorProblems } from './problems.ts'

const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000
const KEY = /^[\x21-\x7e]{1,255}$/

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with an incident: its answer is kept as the incident's id and rebuilt on a retry. */
    answersWithIncident?: boolean
  }
  interface FastifyRequest {
    /** The key this request carries and nobody has answered yet; `kept` once its answer is stored. */
    idempotencyKey?: IdempotencyKey & { kept: boolean }
  }
}

/**
 * What makes two requests "the same": method, path and the body as parsed, compared as canonical JSON (object keys
 * sorted), so whitespace and the order of keys do not matter; anything else does.
 */
function requestHash (request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method} ${request.url.split('?')[0]}\n${canonicalJson(request.body ?? null)}`).digest('hex')
}

/** The answer of a request that reached its write while another one with its key committed first: that one's answer. */
export class KeyAnsweredMeanwhile extends Error {
  override name = 'KeyAnsweredMeanwhile'
  readonly replay: (reply: FastifyReply) => Promise<FastifyReply>
  constructor (replay: (reply: FastifyReply) => Promise<FastifyReply>) {
    super('another request with this Idempotency-Key was answered first')
    this.replay = replay
  }
}

/** The status of the route's success (its one 2xx response). */
function successStatus (request: FastifyRequest): number {
  const statuses = Object.keys(request.routeOptions.schema?.response ?? {}).map(Number)
  return statuses.find((status) => status >= 200 && status < 300) ?? 200
}

/**
 * `store` for the operations of `request`: with an unanswered Idempotency-Key, the write runs in one transaction that
 * first inserts the key (a concurrent request with it waits there, then replays), then writes, then keeps the answer.
 */
export function keyedStore (store: Store, request: FastifyRequest, clock: Clock): Store {
  const reserved = request.idempotencyKey
  if (reserved === undefined) return store
  let claimed = false
  return {
    ...store,
    withDatabase: (opening, fn) => store.withDatabase(opening, async (database) => {
      if (claimed) return fn(database)
      claimed = true
      const result = await database.db.transaction().execute(async (trx) => {
        const held = await insertIdempotencyKey(trx, reserved)
        if (held !== undefined) {
          reserved.kept = true
          throw new KeyAnsweredMeanwhile((reply) => answerFromRow(reply, request, held, database, clock))
        }
        const written = await fn(databaseIn(database, trx))
        await setIdempotentAnswer(trx, reserved.token, reserved.key, keptAnswer(request, written))
        return written
      })
      reserved.kept = true
      return result
    })
  }
}

/** What is kept of an answer: an incident's id (the incident grows with every update), or the body as JSON. */
function keptAnswer (request: FastifyRequest, result: unknown): KeptAnswer {
  const statusCode = successStatus(request)
  if (request.routeOptions.config.answersWithIncident === true) return { statusCode, incidentId: (result as { id: number }).id }
  return { statusCode, body: JSON.stringify(result) }
}

/**
 * The kept answer again, marked `Idempotent-Replayed: true`: a refusal as it was sent; a success through the route's
 * schema as it was sent; an incident as it is now (the update the key wrote, and any written since).
 */
async function answerFromRow (reply: FastifyReply, request: FastifyRequest, held: IdempotencyKeyRow, database: Database, clock: Clock): Promise<FastifyReply> {
  if (held.request_hash !== requestHash(request)) return sendProblem(reply, operatorProblems.idempotencyMismatch())
  if (held.status_code === null) return sendProblem(reply, operatorProblems.idempotencyInFlight())
  reply.header('idempotent-replayed', 'true')
  if (held.incident_id !== null) {
    const incident = await loadOperatorIncident(database.db, held.incident_id, clock.now())
    if (incident === undefined) return sendProblem(reply, operatorProblems.notFound('The incident this Idempotency-Key answered with is gone.'))
    return reply.code(held.status_code).send(incident)
  }
  if (held.status_code >= 400) return reply.code(held.status_code).type('application/problem+json; charset=utf-8').send(held.body)
  return reply.code(held.status_code).type('application/json; charset=utf-8').send(JSON.parse(held.body ?? 'null'))
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
    const held = await findIdempotencyKey(database.db, request.operator.name, header, new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString())
    if (held !== undefined) return answerFromRow(reply, request, held, database, clock)
    request.idempotencyKey = { token: request.operator.name, key: header, requestHash: requestHash(request), at: new Date(now).toISOString(), kept: false }
  })

  // A refusal (4xx) is kept once it is sent: it wrote nothing, so a crash before it is kept only means the retry is
  // checked afresh. An error on our side (5xx) keeps nothing: the transaction rolled back, and a retry writes.
  app.addHook('onSend', async (request, reply, payload) => {
    const reserved = request.idempotencyKey
    if (reserved === undefined || reserved.kept) return payload
    request.idempotencyKey = undefined
    if (reply.statusCode >= 400 && reply.statusCode < 500 && typeof payload === 'string') {
      await insertIdempotencyKey(database.db, reserved, { statusCode: reply.statusCode, body: payload })
    }
    return payload
  })
}

export default fp(idempotency, { name: 'operator-idempotency', dependencies: ['operator-auth'] })
