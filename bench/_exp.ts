import Fastify from 'fastify'
const body = JSON.stringify({ status: 'ok', version: '1.0.0', uptimeSeconds: 86400, startedAt: 'x', checkedAt: 'y', maintenance: false, components: { database: { status: 'ok', latencyMs: 1.4 }, cache: { status: 'ok', latencyMs: 0.2 }, bot: { status: 'unknown', latencyMs: null, shards: null } } })
const app = Fastify({ logger: process.argv[2] === 'log' ? { level: 'warn' } : false })
app.get('/api/v1/health', async (_req, reply) => reply.type('application/json; charset=utf-8').header('etag', '"abc"').send(body))
await app.listen({ port: 4101, host: '127.0.0.1' })
