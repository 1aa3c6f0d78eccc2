// The write surfaces against hostile callers and crashes, on real processes (issue 41): wrong tokens from the bot's own
// address never lock out its heartbeats (SQLite, and two replicas on PostgreSQL and Redis); 200 parallel wrong tokens
// over two replicas get about the limit answered 401; kill -9 during bursts of keyed writes, then the documented
// retries, complete every write exactly once; 300 updates of 5,000 characters grow the database linearly; push text
// follows the one text rule; the same body with its keys in another order is the same request.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { SQLITE_FILE } from '../../src/store/database.ts'
import { postgresSkip, startPostgres, type PostgresServer } from '../services/postgres.ts'
import { redisSkip, startRedis, type RedisServer } from '../services/redis.ts'
import { startTogether } from '../services/start-together.ts'
import { TOKENS, eventually, startOperatorProcess, type Answer, type OperatorProcess } from './operator-process.ts'

const LIMIT = 10
// Every started service listens for this process's exit (to kill it); a dozen restarts here are expected.
process.setMaxListeners(40)

/** Waits until at least `seconds` are left in the current minute: the failure count is per address and minute. */
async function awayFromMinuteEnd (seconds: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < seconds * 1000) await sleep(left + 200)
}

/** A call that answers status 0 when the connection fails (a killed process). */
async function tryCall (service: OperatorProcess, ...args: Parameters<OperatorProcess['call']>): Promise<Answer> {
  try {
    return await service.call(...args)
  } catch {
    return { status: 0, headers: new Headers(), text: '', json: undefined }
  }
}

/**
 * Wrong tokens from `from` (an X-Forwarded-For address, or the loopback itself) to every replica, every 100 ms for
 * `ms`, while the bot sends a heartbeat to each replica every 500 ms from the same address. Returns what each got.
 */
async function heartbeatsUnderAttack (replicas: OperatorProcess[], from: Record<string, string>, ms: number) {
  const wrong: number[] = []
  const heartbeats: number[] = []
  const end = Date.now() + ms
  const attack = (async () => {
    for (let n = 0; Date.now() < end; n++) {
      const answers = await Promise.all(replicas.map((replica) =>
        tryCall(replica, 'POST', '/v1/heartbeats', { token: `guess-${n}-${'g'.repeat(40)}`, headers: from, body: { reports: [{ shard: 0, status: 'disconnected' }] } })))
      wrong.push(...answers.map((answer) => answer.status))
      await sleep(100)
    }
  })()
  const bot = (async () => {
    while (Date.now() < end) {
      const answers = await Promise.all(replicas.map((replica) =>
        tryCall(replica, 'POST', '/v1/heartbeats', { token: TOKENS.bot, headers: from, body: { reports: [{ shard: 0, status: 'ready', pingMs: 40 }] } })))
      heartbeats.push(...answers.map((answer) => answer.status))
      await sleep(500)
    }
  })()
  await Promise.all([attack, bot])
  return { wrong, heartbeats }
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

interface KeyedWrite { key: string, body: { title: string, impact: string, message: string } }

/**
 * Rounds of: a burst of keyed writes spread over the replicas, kill -9 of every replica in the middle of it, a restart,
 * then the documented retry (same key, same body) of every write of the burst until it is answered. Returns how many
 * retries met a key stuck "in flight" (409) and the titles of the incidents written.
 */
async function killDuringBursts (start: () => Promise<OperatorProcess[]>, rounds: number, burst: number): Promise<{ stuck: number, titles: string[], writes: KeyedWrite[] }> {
  let replicas = await start()
  let stuck = 0
  const writes: KeyedWrite[] = []
  for (let round = 0; round < rounds; round++) {
    const batch = Array.from({ length: burst }, (_, index): KeyedWrite => ({
      key: `kill-${round}-${index}-${Math.random().toString(36).slice(2)}`,
      body: { title: `Burst ${round}.${index}`, impact: 'minor', message: `Write ${index} of round ${round}.` }
    }))
    writes.push(...batch)
    const sent = batch.map((write, index) =>
      tryCall(replicas[index % replicas.length]!, 'POST', '/v1/incidents', { token: TOKENS.ops, body: write.body, headers: { 'idempotency-key': write.key } }))
    await sleep(40 + Math.random() * 160)
    await Promise.all(replicas.map((replica) => replica.app.stop('SIGKILL')))
    await Promise.all(sent)
    replicas = await start()
    await Promise.all(batch.map(async (write, index) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const answer = await tryCall(replicas[(index + attempt) % replicas.length]!, 'POST', '/v1/incidents',
          { token: TOKENS.ops, body: write.body, headers: { 'idempotency-key': write.key } })
        if (answer.status === 201) return
        if (answer.status === 409) { stuck++; return }
        await sleep(200)
      }
      assert.fail(`${write.key} was never answered`)
    }))
  }
  const listed = await replicas[0]!.call('GET', '/v1/incidents?state=all', { token: TOKENS.ops })
  await Promise.all(replicas.map((replica) => replica.app.stop('SIGKILL')))
  return { stuck, titles: (listed.json.incidents as Array<{ title: string }>).map((incident) => incident.title), writes }
}

function assertExactlyOnce (result: { stuck: number, titles: string[], writes: KeyedWrite[] }, label: string): void {
  console.log(`# ${label}: ${result.writes.length} keyed writes over 5 kills; keys stuck: ${result.stuck}; incidents written: ${result.titles.length}`)
  assert.equal(result.stuck, 0, 'no key is left stuck in flight')
  const times = new Map<string, number>()
  for (const title of result.titles) times.set(title, (times.get(title) ?? 0) + 1)
  const wrong = result.writes.filter((write) => times.get(write.body.title) !== 1).map((write) => `${write.body.title}: ${times.get(write.body.title) ?? 0}`)
  assert.deepEqual(wrong, [], 'every write happened exactly once')
}

/**
 * Opens an incident and adds 300 updates of 5,000 characters each (hardly compressible), each with its own key;
 * `bytes` measures the database after every hundred. Growth must be linear, a few bytes per byte of text.
 */
async function writeLongIncident (service: OperatorProcess, label: string, bytes: () => Promise<number>, kept: () => Promise<{ keys: number, body: number }>): Promise<void> {
  const text = (index: number) => `${index} ${randomBytes(3750).toString('base64')}`.slice(0, 5000)
  const opened = await service.call('POST', '/v1/incidents', { token: TOKENS.ops, body: { title: 'Long one', impact: 'minor', message: 'Start.' } })
  assert.equal(opened.status, 201)
  const sizes = [await bytes()]
  let last = ''
  for (let index = 1; index <= 300; index++) {
    last = text(index)
    const answer = await service.call('POST', `/v1/incidents/${opened.json.id}/updates`, { token: TOKENS.ops, body: { message: last }, headers: { 'idempotency-key': `long-${index}` } })
    assert.equal(answer.status, 201, answer.text.slice(0, 300))
    if (index % 100 === 0) sizes.push(await bytes())
  }
  const growth = sizes.slice(1).map((size, index) => size - sizes[index]!)
  const stored = await kept()
  console.log(`# ${label}: 300 updates of 5,000 characters (1.5 MB of text): database ${(sizes[0]! / 1e6).toFixed(1)} → ${(sizes[3]! / 1e6).toFixed(1)} MB; ` +
    `growth per 100 updates ${growth.map((g) => (g / 1e6).toFixed(2)).join(', ')} MB; stored answers ${stored.keys} keys, ${stored.body} bytes of body`)
  assert.ok(sizes[3]! - sizes[0]! < 12e6, 'a few bytes per byte of text, not a copy of the incident per update')
  assert.ok(growth[2]! < growth[0]! * 1.5 + 500_000, `linear: ${growth.join(', ')}`)
  assert.ok(stored.body < 300 * 1000, 'the stored answers do not hold the incident')
  // A retry of the last update is answered with the incident as it is now, and writes nothing.
  const retry = await service.call('POST', `/v1/incidents/${opened.json.id}/updates`, { token: TOKENS.ops, body: { message: last }, headers: { 'idempotency-key': 'long-300' } })
  assert.equal(retry.status, 201)
  assert.equal(retry.headers.get('idempotent-replayed'), 'true')
  assert.equal(retry.json.updates.length, 301)
}

describe('one process on SQLite', { timeout: 400_000 }, () => {
  let dir: string
  let service: OperatorProcess
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-hostile-'))
    service = await startOperatorProcess(dir)
  })
  after(async () => {
    await service?.app.stop('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  it('accepts every valid heartbeat while wrong tokens come from the bot\'s own address; the wrong ones get 429 past the limit', async () => {
    await awayFromMinuteEnd(10)
    const { wrong, heartbeats } = await heartbeatsUnderAttack([service], {}, 6000)
    console.log(`# SQLite: heartbeats accepted under attack: ${count(heartbeats, 200)} of ${heartbeats.length}; wrong tokens: ${count(wrong, 401)} answered 401, ${count(wrong, 429)} 429`)
    assert.ok(heartbeats.length >= 8)
    assert.equal(count(heartbeats, 200), heartbeats.length, `heartbeats: ${heartbeats.join(' ')}`)
    assert.equal(count(wrong, 401), LIMIT)
    assert.equal(count(wrong, 429), wrong.length - LIMIT)
    await eventually(async () => (await fetch(`${service.app.url}/api/v1/health/shards`)).json() as Promise<{ connected: number }>, (shards) => shards.connected === 1, 20_000)
  })

  it('refuses push text with a Unicode noncharacter as a problem, as incident text is', async () => {
    for (const message of ['Queue \uFFFE stalled', 'Queue \uFDD0', 'Queue \u{1FFFF}']) {
      const answer = await service.call('POST', '/v1/push/reminders', { token: TOKENS.worker, body: { status: 'degraded', message } })
      assert.equal(answer.status, 400, message)
      assert.match(answer.headers.get('content-type')!, /^application\/problem\+json/)
      assert.match(answer.json.detail, /^message contains U\+[0-9A-F]{4,5}, a Unicode noncharacter/)
    }
    const health = await (await fetch(`${service.app.url}/api/v1/health`)).text()
    assert.ok(!/[\uFFFE\uFDD0]/.test(health), 'nothing reached the public API')
    assert.equal((await service.call('POST', '/v1/push/reminders', { token: TOKENS.worker, body: { status: 'ok', message: 'Queue fine ✓' } })).status, 200)
  })

  it('takes the same body with its keys in another order as the same request (canonical JSON), another body as 422', async () => {
    const headers = { 'idempotency-key': 'order-1' }
    const first = await service.call('POST', '/v1/maintenance', { token: TOKENS.ops, headers, body: '{"title":"Database upgrade","message":"Short pause.","from":"+1h","to":"+2h"}' })
    const reordered = await service.call('POST', '/v1/maintenance', { token: TOKENS.ops, headers, body: '{ "to": "+2h", "from": "+1h",\n "message": "Short pause.", "title": "Database upgrade" }' })
    assert.equal(first.status, 201, first.text)
    assert.equal(reordered.status, 201, reordered.text)
    assert.equal(reordered.headers.get('idempotent-replayed'), 'true')
    assert.equal(reordered.text, first.text)
    const other = await service.call('POST', '/v1/maintenance', { token: TOKENS.ops, headers, body: '{"title":"Database upgrade","message":"Long pause.","from":"+1h","to":"+2h"}' })
    assert.equal(other.status, 422)
  })

  it('grows the database linearly with 300 updates of 5,000 characters, each with its key', async () => {
    const file = new SQLite(path.join(dir, SQLITE_FILE), { readonly: true })
    try {
      await writeLongIncident(service, 'SQLite', async () => Number(file.pragma('page_count', { simple: true })) * Number(file.pragma('page_size', { simple: true })),
        async () => file.prepare('select count(*) as keys, coalesce(sum(length(body)), 0) as body from idempotency_keys').get() as { keys: number, body: number })
    } finally {
      file.close()
    }
  })

  it('completes every keyed write exactly once after 5 rounds of kill -9 during a burst, with no key stuck', async () => {
    await service.app.stop('SIGKILL')
    assertExactlyOnce(await killDuringBursts(async () => [await startOperatorProcess(dir)], 5, 40), 'SQLite')
  })
})

describe('two replicas on PostgreSQL and Redis', { skip: postgresSkip() ?? redisSkip(), timeout: 400_000 }, () => {
  let postgres: PostgresServer
  let redis: RedisServer
  let dir: string
  let env: Record<string, string>
  let replicas: OperatorProcess[] = []
  const start = async (): Promise<OperatorProcess[]> => {
    const started = await Promise.allSettled([startOperatorProcess(dir, env), startOperatorProcess(dir, env)])
    const failed = started.find((result) => result.status === 'rejected')
    if (failed === undefined) return started.map((result) => (result as PromiseFulfilledResult<OperatorProcess>).value)
    await Promise.all(started.map((result) => result.status === 'fulfilled' ? result.value.app.stop('SIGKILL') : undefined))
    throw failed.reason
  }
  /** Until both replicas have found Redis: before that, each counts failures in its own memory (the cache's fallback). */
  const redisFound = () => Promise.all(replicas.map((replica) => eventually(async () => (await fetch(`${replica.app.url}/api/v1/health`)).json() as Promise<{ components: { cache: { status: string } } }>,
    (health) => health.components.cache.status === 'ok', 20_000)))

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-hostile-'))
    ;[postgres, redis] = await startTogether(startPostgres(), startRedis())
    env = { DATABASE_URL: await postgres.createDatabase(), REDIS_URL: redis.url, TRUST_PROXY: '1' }
    replicas = await start()
  })
  after(async () => {
    await Promise.all(replicas.map((replica) => replica.app.stop('SIGKILL')))
    await redis?.destroy()
    postgres?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('accept every valid heartbeat while wrong tokens come from the bot\'s address to both', async () => {
    await redisFound()
    await awayFromMinuteEnd(10)
    const { wrong, heartbeats } = await heartbeatsUnderAttack(replicas, { 'x-forwarded-for': '192.0.2.7' }, 6000)
    console.log(`# two replicas: heartbeats accepted under attack: ${count(heartbeats, 200)} of ${heartbeats.length}; wrong tokens: ${count(wrong, 401)} answered 401, ${count(wrong, 429)} 429`)
    assert.ok(heartbeats.length >= 16)
    assert.equal(count(heartbeats, 200), heartbeats.length, `heartbeats: ${heartbeats.join(' ')}`)
    assert.equal(count(wrong, 401), LIMIT, `the replicas count the failures together; ${replicas.map((replica) => replica.app.output).join('\n')}`)
    assert.equal(count(wrong, 429), wrong.length - LIMIT)
  })

  it('answer at most the limit of 200 parallel wrong tokens with 401, and the rest with 429', async () => {
    await redisFound()
    await awayFromMinuteEnd(10)
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) =>
      replicas[index % 2]!.call('GET', '/v1/incidents', { token: `parallel-${index}-${'p'.repeat(40)}`, headers: { 'x-forwarded-for': '192.0.2.8' } })))
    const statuses = answers.map((answer) => answer.status)
    console.log(`# two replicas: 200 parallel wrong tokens: ${count(statuses, 401)} answered 401, ${count(statuses, 429)} 429`)
    assert.equal(count(statuses, 401), LIMIT)
    assert.equal(count(statuses, 429), 200 - LIMIT)
  })

  it('complete every keyed write exactly once after 5 rounds of kill -9 during a burst, with no key stuck', async () => {
    await Promise.all(replicas.map((replica) => replica.app.stop('SIGKILL')))
    const result = await killDuringBursts(start, 5, 40)
    replicas = []
    assertExactlyOnce(result, 'two replicas on PostgreSQL')
    const client = new pg.Client({ connectionString: env.DATABASE_URL })
    await client.connect()
    try {
      const { rows } = await client.query('select count(*)::int as n from idempotency_keys where status_code is null')
      assert.equal(rows[0].n, 0, 'no key without its answer')
    } finally {
      await client.end()
    }
  })

  it('grow the database linearly with 300 updates of 5,000 characters, each with its key', async () => {
    if (replicas.length === 0) replicas = await start()
    const client = new pg.Client({ connectionString: env.DATABASE_URL })
    await client.connect()
    try {
      await writeLongIncident(replicas[0]!, 'PostgreSQL', async () => Number((await client.query('select pg_database_size(current_database()) as n')).rows[0].n),
        async () => (await client.query('select count(*)::int as keys, coalesce(sum(length(body)), 0)::int as body from idempotency_keys')).rows[0])
    } finally {
      await client.end()
    }
  })

  it('write once for concurrent requests with one key on both replicas', async () => {
    if (replicas.length === 0) replicas = await start()
    const body = { title: 'Same key twice', impact: 'minor', message: 'Both at once.' }
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) =>
      replicas[index % 2]!.call('POST', '/v1/incidents', { token: TOKENS.ops, body, headers: { 'idempotency-key': 'together' } })))
    assert.deepEqual(answers.map((answer) => answer.status), Array(10).fill(201))
    assert.equal(new Set(answers.map((answer) => answer.json.id)).size, 1, 'one incident for all of them')
    const listed = await replicas[0]!.call('GET', '/v1/incidents', { token: TOKENS.ops })
    assert.equal(listed.json.incidents.filter((incident: { title: string }) => incident.title === body.title).length, 1)
  })
})
