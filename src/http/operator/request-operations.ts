// The operations (src/operations/) a request to the operator API acts through: the local ones on this instance's store,
// refusals naming the body's fields, every change recorded with the token's name, a keyed write in one transaction with its key.
import type { FastifyRequest } from 'fastify'
import type { Context } from '../../context.ts'
import { API_LABELS } from '../../incidents/input.ts'
import { localOperations, openStore } from '../../operations/local.ts'
import type { Operations } from '../../operations/operations.ts'
import { keyedStore } from './idempotency.ts'

/** For the routes of one plugin: the store opened once, the operations per request (the token's name differs). */
export function operatorOperations (context: Context): (request: FastifyRequest) => Operations {
  const store = openStore(context.database, context.config.status, context.clock)
  return (request) => localOperations(keyedStore(store, request, context.clock), { labels: API_LABELS, by: request.operator!.name })
}
