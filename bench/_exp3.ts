import Fastify, { type FastifyBaseLogger } from 'fastify'
import { randomUUID } from 'node:crypto'
import { pino } from 'pino'
import conventions from '../src/http/conventions.ts'
const v = new Set(process.argv.slice(2))
const body = JSON.stringify({ status: 'ok', version: '1.0.0', uptimeSeconds: 86400, startedAt: 'x', checkedAt: 'y', maintenance: false, components: { database: { status: 'ok', latencyMs: 1.4 }, cache: { status: 'ok', latencyMs: 0.2 }, bot: { status: 'unknown', latencyMs: null, shards: null } } })
const app = Fastify({
  ...(v.has('logger') ? { loggerInstance: pino({ level: 'warn' }) as FastifyBaseLogger } : {}),
  ...(v.has('uuid') ? { genReqId: () => randomUUID(), requestIdHeader: false } : {}),
  ...(v.has('router') ? { routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 } } : {})
})
if (v.has('conv')) await app.register(conventions, { staging: false })
app.get('/api/v1/health', { config: { cacheControl: 'public, max-age=10' } }, async (_req, reply) => reply.type('application/json; charset=utf-8').header('etag', '"abc"').send(body))
await app.listen({ port: 4106, host: '127.0.0.1' })
