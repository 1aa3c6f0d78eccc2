// Purge on change (docs/en/architecture.md#edge): stand-ins for Varnish, Fastly, Cloudflare and a plain URL check each purge request's
// method, path, headers and body; a change is purged once per target (with two replicas on PostgreSQL and Redis too),
// only the check time moving purges nothing, and a hanging or failing target delays no request and is retried.
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import pino from 'pino'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import type { DeclaredComponent } from '../../src/declaration/declaration.ts'
import { openIncident } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { allLiveKeys, type Shown } from '../../src/edge/purge-planner.ts'
import { buildTestApp, type TestApp } from '../helper.ts'
import { PurgeReceiver } from '../notify/receivers.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { sharedPostgres, postgresSkip } from '../services/postgres.ts'
import { redisSkip, startRedis } from '../services/redis.ts'

/** Every live key of the test declaration (components bot, cache and database): what the first recorded state purges. */
const FIRST_STATE_KEYS = ['component-bot', 'component-cache', 'component-database', 'history', 'incidents', 'platform', 'shards', 'status']

const FASTLY_TOKEN = 'fastly-secret-token-123'
const CLOUDFLARE_TOKEN = 'cloudflare-secret-token-456'

interface StandIns { varnish: PurgeReceiver, fastly: PurgeReceiver, cloudflare: PurgeReceiver, plain: PurgeReceiver }

async function standIns (t: TestContext): Promise<StandIns> {
  const [varnish, fastly, cloudflare, plain] = await Promise.all([PurgeReceiver.start(), PurgeReceiver.start(), PurgeReceiver.start(), PurgeReceiver.start()])
  t.after(() => Promise.all([varnish.close(), fastly.close(), cloudflare.close(), plain.close()]))
  return { varnish: varnish!, fastly: fastly!, cloudflare: cloudflare!, plain: plain! }
}

function edgeEnv (s: StandIns): Record<string, string> {
  return {
    EDGE_PURGE: `varnish:${s.varnish.origin}, fastly:SU1Z0isxPaozGVKXdv0eY, cloudflare:023e105f4ecef8ad9ca31a8372d0c353, ${s.plain.origin}/purge?k=1`,
    FASTLY_API_TOKEN: FASTLY_TOKEN,
    CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN,
    FASTLY_API_BASE: s.fastly.origin,
    CLOUDFLARE_API_BASE: `${s.cloudflare.origin}/client/v4`,
    PROBE_INTERVAL_SECONDS: '1'
  }
}

/** Every log line the app writes, to check no token is in any. */
function capturedLogger (): { logger: pino.Logger, lines: string[] } {
  const lines: string[] = []
  const stream = new Writable({ write (chunk, _encoding, done) { lines.push(String(chunk)); done() } })
  return { logger: pino({ level: 'debug' }, stream), lines }
}

/** Checks each stand-in's request number `index` is the documented purge of `keys`. */
function assertPurged (s: StandIns, index: number, keys: string[]): void {
  const varnish = s.varnish.requests[index]!
  assert.equal(varnish.method, 'PURGE')
  assert.equal(varnish.path, '/')
  assert.equal(varnish.headers['xkey-purge'], keys.join(' '))
  assert.equal(varnish.body, '')

  const fastly = s.fastly.requests[index]!
  assert.equal(fastly.method, 'POST')
  assert.equal(fastly.path, '/service/SU1Z0isxPaozGVKXdv0eY/purge')
  assert.equal(fastly.headers['surrogate-key'], keys.join(' '))
  assert.equal(fastly.headers['fastly-key'], FASTLY_TOKEN)

  const cloudflare = s.cloudflare.requests[index]!
  assert.equal(cloudflare.method, 'POST')
  assert.equal(cloudflare.path, '/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache')
  assert.equal(cloudflare.headers.authorization, `Bearer ${CLOUDFLARE_TOKEN}`)
  assert.equal(cloudflare.headers['content-type'], 'application/json')
  assert.deepEqual(JSON.parse(cloudflare.body), { tags: keys })

  const plain = s.plain.requests[index]!
  assert.equal(plain.method, 'POST')
  assert.equal(plain.path, '/purge')
  assert.equal(plain.query.get('k'), '1')
  assert.deepEqual(JSON.parse(plain.body), { keys })
}

/** A purge receiver standing in for Varnish, and the app purging it (with `env` and `options` beside): its outbox worker. */
async function purgingApp (t: TestContext, env: Record<string, string> = {}, options: Parameters<typeof buildTestApp>[2] = {}) {
  const cache = await PurgeReceiver.start()
  t.after(() => cache.close())
  const { context } = await buildTestApp(t, { EDGE_PURGE: `varnish:${cache.origin}`, ...env }, options)
  return { cache, context, worker: context.notifications!.worker }
}

async function until (what: string, condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

describe('purge requests', () => {
  it('go to Varnish, Fastly, Cloudflare and a plain URL in the documented shapes: the version at start, then each change once', async (t) => {
    const s = await standIns(t)
    const { logger, lines } = capturedLogger()
    const { context } = await buildTestApp(t, edgeEnv(s), { logger })
    const worker = context.notifications!.worker
    await context.monitor.runOnce()
    await context.edgePurge!.runOnce()
    await worker.runOnce()
    for (const stand of Object.values(s)) assert.equal(stand.requests.length, 2, 'the version purge and the first state at start')
    assertPurged(s, 0, ['docs', 'version'])
    assertPurged(s, 1, FIRST_STATE_KEYS)

    // Only the check time moves: nothing to purge.
    await context.monitor.runOnce()
    await context.edgePurge!.runOnce()
    await worker.runOnce()
    for (const stand of Object.values(s)) assert.equal(stand.requests.length, 2, 'no purge for a new check time')

    const id = await openIncident(context.database.db, { title: 'Voice down', impact: 'major', status: 'investigating', message: 'Looking.' }, Date.now())
    await context.incidents.refresh()
    await context.edgePurge!.runOnce()
    await context.edgePurge!.runOnce()
    await worker.runOnce()
    await worker.runOnce()
    for (const stand of Object.values(s)) assert.equal(stand.requests.length, 3, 'one purge for the change')
    assertPurged(s, 2, ['history', `incident-${id}`, 'incidents', 'status'])

    const logged = lines.join('')
    assert.ok(logged.includes('edge: purge queued'))
    assert.ok(!logged.includes(FASTLY_TOKEN) && !logged.includes(CLOUDFLARE_TOKEN), 'no token in any log line')
    assert.ok(!logged.includes('127.0.0.1'), 'no host in any log line')
  })

  it('a hanging and a failing target delay no request and no other target; the failed purge is retried', async (t) => {
    const [hanging, failing, healthy] = await Promise.all([PurgeReceiver.start(), PurgeReceiver.start(), PurgeReceiver.start()])
    t.after(() => Promise.all([hanging!.close(), failing!.close(), healthy!.close()]))
    hanging!.fallback = { kind: 'hang' }
    failing!.script.push({ kind: 'status', status: 500 }, { kind: 'status', status: 502 })
    const { app, context } = await buildTestApp(t, {
      EDGE_PURGE: `${hanging!.origin}/h,${failing!.origin}/f,varnish:${healthy!.origin}`, NOTIFY_TIMEOUT_SECONDS: '5'
    }, { notify: { backoffBaseMs: 200, backoffMaxMs: 400 }, edgeIntervalMs: 50 })
    await context.monitor.runOnce()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    context.start()

    await until('the healthy target purged', () => healthy!.requests.length >= 1, 3000)
    await until('the hanging target asked', () => hanging!.requests.length >= 1, 3000)
    // The hanging purge is in flight: requests are answered at once all the same. One that waited on it would wait for
    // the purge's 5 s time limit; a loaded machine delays an answer by tens or a few hundred milliseconds, not a second.
    for (let i = 0; i < 20; i++) {
      const started = performance.now()
      const response = await fetch(`${base}/api/v1/health`)
      await response.arrayBuffer()
      assert.ok(performance.now() - started < 1000, `answered in ${Math.round(performance.now() - started)} ms`)
    }
    // Two purges at start (the version, the first state), each refused once, then retried until taken.
    const taken = () => failing!.requests.filter((request) => request.status === 200).map((request) => (JSON.parse(request.body) as { keys: string[] }).keys.join(' '))
    await until('the failing target retried until it took both purges', () => taken().length >= 2, 5000)
    assert.ok(failing!.requests.length >= 4, 'tried each twice')
    assert.deepEqual(taken().sort(), [FIRST_STATE_KEYS.join(' '), 'docs version'])
  })
})

describe('the first state a deployment records', () => {
  it('purges every live key, the incidents it shows included: a change made before the first look reaches the caches at once', async (t) => {
    const { cache, context, worker } = await purgingApp(t)
    await context.monitor.runOnce()
    // Opened while the watch is still starting: a cache may hold the page from before it.
    const id = await openIncident(context.database.db, { title: 'Voice down', impact: 'major', status: 'investigating', message: 'Looking.' }, Date.now())
    await context.incidents.refresh()
    await context.edgePurge!.runOnce()
    await context.edgePurge!.runOnce()
    await worker.runOnce()
    const purged = cache!.requests.map((request) => request.headers['xkey-purge'])
    assert.deepEqual(purged, ['docs version', [...FIRST_STATE_KEYS, `incident-${id}`].sort().join(' ')])
  })
})

describe('the keys of the first state', () => {
  it('are the live keys alone when a purge would carry more than a cache API takes (every live document carries one)', () => {
    const components = ['api', 'music'].map((id) => ({ id, check: { manual: true } })) as unknown as DeclaredComponent[]
    const shown = (count: number): Shown => ({
      indicator: 'none', components: {}, windows: {}, shards: null, platform: null, incidents: Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i + 1), '']))
    })
    assert.deepEqual(allLiveKeys(shown(2), components),
      ['component-api', 'component-music', 'history', 'incident-1', 'incident-2', 'incidents', 'platform', 'shards', 'status'])
    assert.equal(allLiveKeys(shown(93), components).length, 100)
    assert.deepEqual(allLiveKeys(shown(94), components), ['history', 'incidents', 'platform', 'shards', 'status'])
  })
})

describe('the shards', () => {
  it('are purged when a shard\'s state changes while the bot\'s status stays; a new latency or heartbeat time alone purges nothing', async (t) => {
    const { cache, context, worker } = await purgingApp(t)
    const heartbeats = async (pingMs: number, shard1: 'reconnecting' | 'resuming') => {
      await reportHeartbeat(context.database, { shard: 0, total: 2, status: 'ready', pingMs, at: new Date() })
      await reportHeartbeat(context.database, { shard: 1, total: 2, status: shard1, at: new Date() })
      await context.monitor.runOnce()
      await context.edgePurge!.runOnce()
      await worker.runOnce()
    }
    const botStatus = () => context.status.current().value.components.find((component) => component.id === 'bot')?.status
    await heartbeats(40, 'reconnecting')
    const before = cache!.requests.length
    const bot = botStatus()

    await heartbeats(45, 'reconnecting')
    assert.equal(cache!.requests.length, before, 'a new latency and heartbeat time purge nothing')

    await heartbeats(50, 'resuming')
    assert.equal(botStatus(), bot, 'the bot\'s status is the same')
    assert.deepEqual(cache!.requests.slice(before).map((request) => request.headers['xkey-purge']), ['shards'])
  })
})

describe('the chat platform\'s status', () => {
  it('is kept fresh and purged when what /api/v1/health/discord shows changes, with nobody asking; a new fetch of the same status, or its growing old, purges nothing', async (t) => {
    const platform = await StatuspageServer.start()
    t.after(() => platform.close())
    const clock = new ManualClock()
    const { cache, context, worker } = await purgingApp(t, { DISCORD_STATUS_URL: platform.url }, { clock })
    // Behind a cache nobody may ask the origin for it: the monitor's rounds fetch it when due (no platform component declared).
    const look = async () => {
      await context.monitor.runOnce()
      await context.edgePurge!.runOnce()
      await worker.runOnce()
    }
    await look()
    assert.equal(platform.requests, 1)
    const before = cache!.requests.length
    const purged = () => cache!.requests.slice(before).map((request) => request.headers['xkey-purge'])

    clock.advance(60_000) // fetched again: the same status, only the fetch time moved
    await look()
    assert.deepEqual(purged(), [], 'a new fetch of the same status purges nothing')
    clock.advance(61_000) // past its minute, nobody asks: stale by age
    await context.edgePurge!.runOnce()
    await worker.runOnce()
    assert.deepEqual(purged(), [], 'growing old purges nothing')

    platform.serve({ kind: 'fixture', name: 'major-outage' })
    await look()
    assert.equal(platform.requests, 3)
    assert.deepEqual(purged(), ['platform'])
  })
})

describe('a purge a cache refused', () => {
  it('holds back no later purge: the change goes out at once while the refused one waits for its retry', async (t) => {
    const cache = await PurgeReceiver.start()
    t.after(() => cache!.close())
    cache!.script.push({ kind: 'status', status: 503 }) // the version purge at start: the cache is not up yet
    const { context } = await buildTestApp(t, { EDGE_PURGE: `varnish:${cache!.origin}` }, { notify: { backoffBaseMs: 60_000, backoffMaxMs: 60_000 } })
    const worker = context.notifications!.worker
    await context.monitor.runOnce()
    await context.edgePurge!.runOnce()
    await worker.runOnce()
    assert.deepEqual(cache!.requests.map((request) => [request.headers['xkey-purge'], request.status]), [['docs version', 503], [FIRST_STATE_KEYS.join(' '), 200]])

    const id = await openIncident(context.database.db, { title: 'Voice down', impact: 'major', status: 'investigating', message: 'Looking.' }, Date.now())
    await context.incidents.refresh()
    await context.edgePurge!.runOnce()
    await worker.runOnce()
    assert.deepEqual(cache!.requests.map((request) => [request.headers['xkey-purge'], request.status]),
      [['docs version', 503], [FIRST_STATE_KEYS.join(' '), 200], [`history incident-${id} incidents status`, 200]], 'the change purged while the refused purge waits a minute')
  })
})

describe('two replicas on PostgreSQL and Redis', { skip: postgresSkip() ?? redisSkip() }, () => {
  it('purge one change once per target', async (t) => {
    const s = await standIns(t)
    const redis = await startRedis()
    t.after(() => redis.destroy())
    const env = { ...edgeEnv(s), DATABASE_URL: await (await sharedPostgres()).createDatabase(), REDIS_URL: redis.url }
    const replicas: TestApp[] = []
    for (let i = 0; i < 2; i++) replicas.push(await buildTestApp(t, env, { edgeIntervalMs: 50, notify: { pollMs: 100 } }))
    for (const replica of replicas) {
      await replica.context.monitor.runOnce()
      replica.context.start()
    }
    await until('the version purge and the first state', () => Object.values(s).every((stand) => stand.requests.length >= 2))
    await sleep(1500)
    for (const stand of Object.values(s)) {
      assert.equal(stand.requests.length, 2, 'the version and the first state purged once across replicas')
    }

    const [a, b] = replicas
    const id = await openIncident(a!.context.database.db, { title: 'Chat down', impact: 'minor', status: 'investigating', message: 'Looking.' }, Date.now())
    await a!.context.incidents.refresh()
    await sleep(300)
    await b!.context.incidents.refresh() // the other replica reads it too (as its refresher would within seconds)
    await until('the change purged', () => Object.values(s).every((stand) => stand.requests.length >= 3))
    await sleep(1500)
    for (const stand of Object.values(s)) assert.equal(stand.requests.length, 3, 'the change purged once across replicas')
    assertPurged(s, 2, ['history', `incident-${id}`, 'incidents', 'status'])
  })
})
