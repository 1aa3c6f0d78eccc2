// Three replicas on one PostgreSQL and one Redis behind a tiny round-robin client: one history row per minute,
// one chat-platform request per minute between them, an incident written by the CLI visible on all three within
// the refresh time, and one rate limit shared by all.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import type { IncidentsBody } from '../../src/api/incidents.ts'
import { INCIDENTS_REFRESH_MS } from '../../src/incidents/service.ts'
import { startApp, type AppProcess } from '../services/app-process.ts'
import { postgresSkip, startPostgres, type PostgresServer } from '../services/postgres.ts'
import { startTogether } from '../services/start-together.ts'
import { redisSkip, startRedis, type RedisServer } from '../services/redis.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { eventually } from './steady-load.ts'

const RATE_LIMIT = 30

/** A request from its own client address (behind the trusted proxy), so tests do not spend each other's rate limit. */
function request (base: string, path: string, clientIp = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`): Promise<Response> {
  return fetch(base + path, { headers: { 'x-forwarded-for': clientIp }, signal: AbortSignal.timeout(6000) })
}

/** The tiny load balancer: round robin over the replicas. */
class RoundRobin {
  #next = 0
  readonly #bases: string[]
  constructor (bases: string[]) { this.#bases = bases }

  get (path: string, clientIp?: string): Promise<Response> {
    return request(this.#bases[this.#next++ % this.#bases.length]!, path, clientIp)
  }
}

describe('three replicas on one PostgreSQL and one Redis', { skip: postgresSkip() ?? redisSkip() }, () => {
  let postgres: PostgresServer
  let redis: RedisServer
  let platform: StatuspageServer
  let databaseUrl: string
  let replicas: AppProcess[]
  let client: RoundRobin

  before(async () => {
    ;[postgres, redis, platform] = await startTogether(startPostgres(), startRedis(), StatuspageServer.start())
    platform.serve({ kind: 'fixture', name: 'operational' })
    databaseUrl = await postgres.createDatabase()
    const env = {
      DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DISCORD_STATUS_URL: platform.url,
      PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), TRUST_PROXY: '1'
    }
    replicas = await startTogether(startApp(env), startApp(env), startApp(env))
    client = new RoundRobin(replicas.map((r) => r.url))
  })

  after(async () => {
    await Promise.all((replicas ?? []).map((r) => r.stop('SIGKILL')))
    await Promise.all([platform?.close(), redis?.destroy()])
    postgres?.destroy()
  })

  it('write one component_checks row per minute and component between them, every minute they run', async () => {
    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    try {
      await eventually('rows for the minutes the replicas ran', 10_000, async () => {
        const { rows } = await db.query("select count(*)::int as n from component_checks where component = 'overall'")
        return rows[0].n >= 1
      })
      const { rows: duplicates } = await db.query('select minute, component from component_checks group by minute, component having count(*) > 1')
      assert.deepEqual(duplicates, [])
      const { rows: perComponent } = await db.query('select component, min(minute)::int as first, max(minute)::int as last, count(*)::int as n from component_checks group by component order by component')
      assert.deepEqual(perComponent.map((r: { component: string }) => r.component), ['bot', 'cache', 'database', 'overall'])
      for (const span of perComponent) assert.equal(span.n, span.last - span.first + 1, `${span.component}: no minute without its row, none twice`)
    } finally {
      await db.end()
    }
  })

  it('make one chat-platform request per minute between them, however many clients ask', async () => {
    const before = platform.requests
    const answers = await Promise.all(Array.from({ length: 90 }, () => client.get('/api/v1/health/discord')))
    assert.ok(answers.every((a) => a.status === 200), answers.map((a) => a.status).join(','))
    assert.equal(platform.requests - before, 1, 'one upstream request for 90 requests over three replicas; their logs:\n' +
      replicas.map((replica) => replica.output).join('\n'))
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ fetchedAt: string }>))
    assert.equal(new Set(bodies.map((b) => b.fetchedAt)).size, 1, 'all three serve the one shared value')
  })

  it('show an incident written by the CLI on all three within the refresh time', async () => {
    const title = `Replicas test ${Date.now()}`
    const cli = spawnSync(process.execPath, [path.resolve('bin/status-api.js'), 'incident', 'open', '--title', title, '--impact', 'minor', '--message', 'Seen everywhere?'], {
      env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8'
    })
    assert.equal(cli.status, 0, cli.stderr)
    const started = performance.now()
    await Promise.all(replicas.map((replica) => eventually(`the incident on ${replica.url}`, INCIDENTS_REFRESH_MS + 5000, async () => {
      const body = await (await request(replica.url, '/api/v1/health/incidents')).json() as IncidentsBody
      return body.incidents.some((incident) => incident.title === title)
    })))
    console.log(`# the incident showed on all three replicas after ${(performance.now() - started).toFixed(0)} ms`)
  })

  it('share one rate limit: a client gets its budget once, not once per replica', async () => {
    // Start early in a clock minute, so the whole burst falls into one window.
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200))
    const statuses: number[] = []
    for (let i = 0; i < RATE_LIMIT + 15; i++) statuses.push((await client.get('/api/v1/health/incidents', '203.0.113.7')).status)
    assert.equal(statuses.filter((s) => s === 200).length, RATE_LIMIT, 'the budget, once, across three replicas')
    assert.equal(statuses.filter((s) => s === 429).length, 15)
    assert.equal((await client.get('/api/v1/health/incidents', '203.0.113.8')).status, 200, 'another client is not affected')
  })
})
