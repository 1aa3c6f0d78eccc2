// A query parameter that may be repeated (`?component=a&component=b`): the parser gives a list for two or more and a
// string for one; this makes the one a list too, before the route's schema validates it.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

/** A `preValidation` hook that turns a single `name` into a list of one. */
export function repeatableQuery (name: string) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const query = request.query as Record<string, unknown>
    if (typeof query[name] === 'string') query[name] = [query[name]]
    done()
  }
}
