// GET /api/v1/liveness and /api/v1/readiness: is the process running, and does the database answer.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { Readiness } from '../../monitor/readiness.ts'
import { cacheControl } from '../headers.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { serialize } from '../../lib/serialized.ts'
import { sendSerialized } from '../send.ts'

const Alive = Type.Object({ status: Type.Literal('alive') }, { additionalProperties: false, examples: [{ status: 'alive' }] })
const Ready = Type.Object({ status: Type.Literal('ready') }, { additionalProperties: false, examples: [{ status: 'ready' }] })

// Orchestrators call these every few seconds: the two bodies are serialised once.
const ALIVE = serialize({ status: 'alive' as const })
const READY = serialize({ status: 'ready' as const })

export default async function probeRoutes (fastify: FastifyInstance, options: { readiness: Readiness }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const config = { cacheControl: cacheControl.noStore, rateLimit: false }

  app.get('/api/v1/liveness', {
    config: { ...config, prepared: () => ALIVE },
    schema: {
      summary: 'Liveness: the process is running',
      description: 'Always 200 with `{"status":"alive"}` while the process runs. For orchestrators; not rate limited.',
      tags: ['probes'],
      response: { 200: jsonResponse('The process is running.', Alive) }
    }
  }, (_request, reply) => sendSerialized(reply, ALIVE))

  app.get('/api/v1/readiness', {
    config: { ...config, prepared: () => options.readiness.held() === true ? READY : undefined },
    schema: {
      summary: 'Readiness: the database answers',
      description: 'A fresh database ping (at most 1 s, shared by concurrent callers). 503 while the database does not answer or while the process shuts down. Not rate limited.',
      tags: ['probes'],
      response: {
        200: jsonResponse('The database answered; the instance can take traffic.', Ready),
        ...problemResponses({ 503: 'The database does not answer, or the instance is shutting down.' })
      }
    }
  }, async (_request, reply) => {
    if (options.readiness.shuttingDown) throw problems.notReady('This instance is shutting down.')
    if (!await options.readiness.check()) throw problems.notReady('The database does not answer.')
    return sendSerialized(reply, READY)
  })
}
