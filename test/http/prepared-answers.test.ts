// Prepared answers (src/http/prepared-answers.ts), over real connections: a GET the framework answered once is
// answered again without it, byte for byte and header for header what the framework sends; a change reaches the very
// next answer; everything that is not a plain GET of a kept target, and every rate-limited route, is the framework's.
import assert from 'node:assert/strict'
import type { IncomingHttpHeaders } from 'node:http'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { pino } from 'pino'
import { openIncident } from '../../src/incidents/writes.ts'
import { buildTestApp, type Env } from '../helper.ts'
import { freePort } from '../services/ports.ts'
import type { FastifyInstance } from 'fastify'
import { serialize } from '../../src/lib/serialized.ts'
import { sendSerialized } from '../../src/http/send.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import { Agent } from 'node:http'
import Fastify from 'fastify'
import { KEPT_BYTES, preparedAnswers } from '../../src/http/prepared-answers.ts'

interface Answer {
  statusCode: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** One request on its own connection: what came back, as sent. */
function get (port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** The answer without what differs per request by nature: the date. */
function comparable (answer: Answer): { statusCode: number, headers: IncomingHttpHeaders, body: string } {
  const { date: _date, ...headers } = answer.headers
  return { statusCode: answer.statusCode, headers, body: answer.body.toString('base64') }
}

/** A listening app on loopback with one health round, the history and the incidents read, and its request log. */
async function listening (t: TestContext, env: Env = {}, routes: (app: FastifyInstance) => void = () => {}) {
  const lines: Array<Record<string, unknown>> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>) } })
  const built = await buildTestApp(t, { LOG_LEVEL: 'info', ...env }, { logger })
  routes(built.app)
  await built.context.monitor.runOnce()
  await built.context.monitor.history.get()
  await built.context.incidents.refresh()
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (built.app.server.address() as AddressInfo).port
  /** The request lines logged for `url` since `from`: prepared ones say so. */
  const logged = (url: string, from = 0) => lines.slice(from).filter((line) => line.msg === 'request' && line.url === url)
  return { ...built, port, lines, logged }
}

/** Targets of every kind of prepared route: API bodies, the Statuspage copy, badges, feeds, discovery, pages, docs, assets. */
const TARGETS = [
  '/api/v1/health',
  '/api/v1/health/components',
  '/api/v1/health/history',
  '/api/v1/health/incidents',
  '/api/v1/liveness',
  '/api/v1/health/components/database',
  '/status/api/v2/summary.json',
  '/status/api/v2/incidents.json',
  '/status/badges/status.svg',
  '/status/badges/uptime-30d.json?component=database',
  '/status/badges/database/uptime-30d.svg',
  '/status/feed.atom',
  '/de/status/feed.rss',
  '/.well-known/api-catalog',
  '/api/v1/openapi.json',
  '/llms.txt',
  '/robots.txt',
  '/sitemap.xml',
  '/status',
  '/de/status',
  '/',
  '/docs/api',
  '/docs',
  '/assets/site.css'
]

describe('prepared answers', () => {
  it('repeat what the framework answered, header for header and byte for byte, in every coding', async (t) => {
    const { port, logged, lines } = await listening(t)
    for (const path of TARGETS) {
      const etags = new Set<unknown>()
      for (const coding of [undefined, 'br', 'gzip']) {
        const label = `${path} ${coding ?? 'identity'}`
        const headers: Record<string, string> = coding === undefined ? {} : { 'accept-encoding': coding }
        const from = lines.length
        const answers: Answer[] = []
        for (let i = 0; i < 4; i++) answers.push(await get(port, path, headers))
        const seen = logged(path, from)
        assert.equal(seen.length, 4, label)
        assert.ok(answers.every((answer) => answer.statusCode === 200), label)
        // A body too small to compress is sent as it is in every coding: kept from the first coding on.
        if (!etags.has(answers[0]!.headers.etag)) assert.equal(seen[0]!.prepared, undefined, `${label}: the first answer is the framework's`)
        for (const answer of answers) etags.add(answer.headers.etag)
        // Kept from the framework's first or second answer (a document built for a Host is kept from its second request).
        const firstPrepared = seen.findIndex((line) => line.prepared === true)
        assert.ok(firstPrepared >= 0 && firstPrepared <= 2, `${label}: prepared from the ${firstPrepared}th answer on`)
        assert.ok(seen.slice(firstPrepared).every((line) => line.prepared === true), label)
        const framework = comparable(answers[Math.max(0, firstPrepared - 1)]!)
        for (const answer of answers.slice(firstPrepared)) assert.deepEqual(comparable(answer), framework, label)
      }
    }
  })

  it('give readiness from the ping callers share, as the framework does', async (t) => {
    const { port, logged } = await listening(t)
    const answers: Answer[] = []
    // A ping answers the callers of the next 100 ms: within them, readiness is prepared.
    for (let i = 0; i < 20 && logged('/api/v1/readiness').at(-1)?.prepared !== true; i++) answers.push(await get(port, '/api/v1/readiness'))
    assert.equal(logged('/api/v1/readiness').at(-1)!.prepared, true)
    assert.deepEqual(comparable(answers.at(-1)!), comparable(answers[0]!))
  })

  it('give the chat platform\'s status with the freshness it has left, as the framework does', async (t) => {
    const upstream = await StatuspageServer.start()
    t.after(() => upstream.close())
    upstream.serve({ kind: 'fixture', name: 'minor-incident' })
    const { port, logged } = await listening(t, { DISCORD_STATUS_URL: upstream.url })
    const path = '/api/v1/health/discord'
    const first = await get(port, path)
    assert.equal(first.statusCode, 200)
    await get(port, path)
    await sleep(1100) // a second less of freshness: another Cache-Control, the same body
    let pair: [Answer, Answer] | undefined
    for (let i = 0; i < 5 && pair === undefined; i++) {
      const prepared = await get(port, path)
      const framework = await get(port, path, { 'if-none-match': '"another"' }) // a revalidation that misses: the framework's 200
      if (prepared.headers['cache-control'] === framework.headers['cache-control']) pair = [prepared, framework]
    }
    assert.ok(pair !== undefined, 'two answers within one second')
    assert.equal(logged(path).at(-2)!.prepared, true)
    assert.equal(logged(path).at(-1)!.prepared, undefined)
    assert.deepEqual(comparable(pair[0]), comparable(pair[1]))
    const maxAge = (answer: Answer) => Number(/max-age=(\d+)/.exec(String(answer.headers['cache-control']))![1])
    assert.ok(maxAge(pair[0]) < maxAge(first), `${String(pair[0].headers['cache-control'])} after ${String(first.headers['cache-control'])}`)
  })

  it('send a change with the very next answer', async (t) => {
    const { port, context } = await listening(t)
    await get(port, '/api/v1/health/incidents')
    const before = await get(port, '/api/v1/health/incidents')
    await openIncident(context.database.db, { title: 'Voice down', impact: 'major', status: 'investigating', message: 'Looking.' }, Date.now())
    await context.incidents.refresh()
    const after = await get(port, '/api/v1/health/incidents')
    assert.notEqual(after.headers.etag, before.headers.etag)
    assert.match(after.body.toString(), /Voice down/)
    const again = await get(port, '/api/v1/health/incidents')
    assert.deepEqual(comparable(again), comparable(after))
  })

  it('leave HEAD, revalidations, other queries and a missing Host to the framework', async (t) => {
    const { port, logged, lines } = await listening(t)
    const path = '/api/v1/health/components'
    const full = await get(port, path)
    await get(port, path)
    await get(port, path)
    assert.equal(logged(path).at(-1)!.prepared, true)
    const from = lines.length
    // A Host not seen before: the framework's, until it is asked for again (one-off Hosts pass through).
    await get(port, path, { host: 'once.example' })
    const head = await get(port, path, {}, 'HEAD')
    assert.equal(head.statusCode, 200)
    assert.equal(head.headers.etag, full.headers.etag)
    assert.equal(head.body.length, 0)
    const revalidated = await get(port, path, { 'if-none-match': String(full.headers.etag) })
    assert.equal(revalidated.statusCode, 304)
    const slash = await get(port, `${path}/`)
    assert.equal(slash.statusCode, 200)
    const query = await get(port, `${path}?x=1`)
    assert.equal(query.statusCode, 200)
    assert.ok(logged(path, from).every((line) => line.prepared === undefined))
    // HTTP/1.1 without a Host: the framework's 400, before and after the target was kept.
    const noHost = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, setHost: false }, (res) => { res.resume(); resolve(res.statusCode!) })
      req.on('error', reject)
      req.end()
    })
    assert.equal(noHost, 400)
  })

  it('are never made for a rate-limited route: each answer carries its own count', async (t) => {
    const { port, logged } = await listening(t, { RATE_LIMIT_PER_MINUTE: '3' })
    const remaining = []
    for (let i = 0; i < 4; i++) {
      const answer = await get(port, '/api/v1/health')
      remaining.push(answer.statusCode === 429 ? 'refused' : answer.headers['ratelimit-remaining'])
    }
    assert.deepEqual(remaining, ['2', '1', '0', 'refused'])
    assert.ok(logged('/api/v1/health').every((line) => line.prepared === undefined))
    // Exempt from the limit, liveness is still prepared.
    for (let i = 0; i < 3; i++) await get(port, '/api/v1/liveness')
    assert.equal(logged('/api/v1/liveness').at(-1)!.prepared, true)
  })

  it('close the connection once shutdown begins, as every answer then does', async (t) => {
    const { port, context, logged } = await listening(t)
    const keepAlive = { connection: 'keep-alive' }
    await get(port, '/api/v1/liveness', keepAlive)
    await get(port, '/api/v1/liveness', keepAlive)
    assert.equal((await get(port, '/api/v1/liveness', keepAlive)).headers.connection, 'keep-alive')
    assert.equal(logged('/api/v1/liveness').at(-1)!.prepared, true)
    context.readiness.markShuttingDown()
    assert.equal((await get(port, '/api/v1/liveness', keepAlive)).headers.connection, 'close')
  })

  it('are the framework\'s when a route cannot find its body (it throws): nothing crashes', async (t) => {
    const body = serialize({ ok: true })
    let broken = false
    const { port, logged } = await listening(t, {}, (app) => {
      app.get('/test-only/body', {
        config: { cacheControl: 'public, max-age=1', prepared: () => { if (broken) throw new Error('lost'); return body } }
      }, (_request, reply) => sendSerialized(reply, body))
    })
    for (let i = 0; i < 3; i++) await get(port, '/test-only/body')
    assert.equal(logged('/test-only/body').at(-1)!.prepared, true)
    broken = true
    const answer = await get(port, '/test-only/body')
    assert.equal(answer.statusCode, 200)
    assert.equal(logged('/test-only/body').at(-1)!.prepared, undefined)
    assert.equal((await get(port, '/api/v1/liveness')).statusCode, 200)
  })

  it('are counted in the metrics under their route', async (t) => {
    const { port, context } = await listening(t, { METRICS_PORT: String(await freePort()) })
    for (let i = 0; i < 5; i++) await get(port, '/api/v1/health/components')
    const text = await context.metrics!.registry.metrics()
    assert.match(text, /status_api_http_requests_total\{route="\/api\/v1\/health\/components",status_code="200"\} 5/)
  })

  it('keep at most KEPT_BYTES of answers, dropping the oldest targets first, and still send each target its own answer', async (t) => {
    // A bare app with only the prepared answers: one route whose answers carry 8 KB of headers each, per query.
    const prepared = preparedAnswers()
    const app = Fastify({ serverFactory: prepared.serverFactory })
    t.after(() => app.close())
    const answered: Array<{ url: string, prepared: boolean }> = []
    await app.register(prepared.plugin, {
      rateLimited: () => false,
      draining: () => false,
      answered: (_pattern, _id, _method, url) => { answered.push({ url, prepared: true }) },
      nextRequestId: () => 'test'
    })
    const bodies = new Map<string, ReturnType<typeof serialize>>()
    const bodyOf = (n: string) => {
      let body = bodies.get(n)
      if (body === undefined) bodies.set(n, body = serialize({ n }))
      return body
    }
    const large = 'x'.repeat(8 * 1024)
    app.get<{ Querystring: { n: string } }>('/big', {
      config: { prepared: (_raw, parts) => bodyOf((parts.query as { n: string }).n) }
    }, (request, reply) => {
      answered.push({ url: request.raw.url!, prepared: false })
      reply.header('x-large', large)
      return sendSerialized(reply, bodyOf(request.query.n))
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as AddressInfo).port
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    t.after(() => agent.destroy())
    const ask = (path: string) => new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      req.on('error', reject)
      req.end()
    })
    /** Asks for target n once: the answer must be its own, whoever sent it. */
    const check = async (n: number): Promise<boolean> => {
      const answer = await ask(`/big?n=${n}`)
      assert.equal(answer.statusCode, 200)
      assert.deepEqual(JSON.parse(answer.body.toString()), { n: String(n) })
      assert.equal(answer.headers['x-large'], large)
      return answered.at(-1)!.prepared
    }
    // 1,000 targets of 8 KB each: near 8 MiB of headers, were they all kept.
    const TARGETS = 1000
    let most = 0
    for (let n = 0; n < TARGETS; n++) {
      await check(n)
      await check(n) // kept from its second answer on
      most = Math.max(most, prepared.keptBytes())
    }
    assert.ok(most <= KEPT_BYTES, `${most} bytes kept, at most ${KEPT_BYTES}`)
    assert.ok(most > KEPT_BYTES / 2, `${most} bytes kept: the table is used`)
    // The newest targets are still kept and prepared, each with its own body; the oldest were dropped: the framework's.
    assert.equal(await check(TARGETS - 1), true)
    assert.equal(await check(TARGETS - 2), true)
    assert.equal(await check(0), false)
    // A dropped target is kept again from its second answer since, and sent as prepared from then on.
    assert.equal(await check(0), false)
    assert.equal(await check(0), true)
    assert.ok(prepared.keptBytes() <= KEPT_BYTES)
  })
})
