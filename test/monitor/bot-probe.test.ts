// The bot probe: heartbeats going stale (SQLite and PostgreSQL), and a real status endpoint that hangs, fails or talks nonsense.
import assert from 'node:assert/strict'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it, type TestContext } from 'node:test'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import { probeBot } from '../../src/monitor/probes/bot-probe.ts'
import { probeBotUrl } from '../../src/monitor/probes/bot-url.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { databaseBackends, testConfig } from '../helper.ts'

const NOW = Date.parse('2026-11-21T12:00:00.000Z')

async function serve (t: TestContext, handler: RequestListener): Promise<URL> {
  const server: Server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(() => { server.closeAllConnections(); server.close() })
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/status`)
}

const probe = (database: Database, now: number, statusUrl?: URL) =>
  probeBot({ database, statusUrl, heartbeatTimeoutSeconds: 90, now, timeoutMs: 1000 })

for (const backend of databaseBackends()) {
  describe(`bot heartbeats on ${backend.name}`, { skip: backend.skip }, () => {
    it('unknown until a shard reports; ok → degraded → down as heartbeats go stale', async (t) => {
      const database = openDatabase(testConfig(t, await backend.env()))
      t.after(() => database.close())
      await migrate(database)
      assert.deepEqual(await probe(database, NOW), { status: 'unknown', latencyMs: null, shards: null, message: 'No bot shard has reported yet.' })

      const at = new Date(NOW)
      await reportHeartbeat(database, { shard: 0, status: 'ready', pingMs: 40, guilds: 1200, at })
      await reportHeartbeat(database, { shard: 1, status: 'ready', pingMs: 50, at: new Date(NOW + 30_000) })
      assert.deepEqual(await probe(database, NOW + 30_000), { status: 'ok', latencyMs: 45, shards: { total: 2, connected: 2 } })

      // 100 s later shard 0 is silent for longer than 90 s; shard 1 for 70 s.
      const degraded = await probe(database, NOW + 100_000)
      assert.equal(degraded.status, 'degraded')
      assert.deepEqual(degraded.shards, { total: 2, connected: 1 })
      assert.equal(degraded.latencyMs, 50)
      assert.equal(degraded.message, '1 of 2 bot shards is disconnected.')

      const down = await probe(database, NOW + 200_000)
      assert.equal(down.status, 'down')
      assert.deepEqual(down.shards, { total: 2, connected: 0 })

      // A fresh report that is not `ready` does not count as connected; a new `ready` one replaces it.
      await reportHeartbeat(database, { shard: 0, status: 'reconnecting', at: new Date(NOW + 200_000) })
      assert.equal((await probe(database, NOW + 200_000)).status, 'down')
      await reportHeartbeat(database, { shard: 0, status: 'ready', pingMs: 41, at: new Date(NOW + 200_000) })
      assert.deepEqual((await probe(database, NOW + 200_000)).shards, { total: 2, connected: 1 })
    })

    it('rejects a malformed report before writing', async (t) => {
      const database = openDatabase(testConfig(t, await backend.env()))
      t.after(() => database.close())
      await migrate(database)
      await assert.rejects(reportHeartbeat(database, { shard: -1, status: 'ready' }), RangeError)
      await assert.rejects(reportHeartbeat(database, { shard: 1, status: 'sleeping' as 'ready' }), RangeError)
      assert.equal((await probe(database, NOW)).status, 'unknown')
    })
  })
}

describe('bot status URL', () => {
  it('a JSON body with status, shards and latency is used', async (t) => {
    const url = await serve(t, (_req, res) => res.end(JSON.stringify({ status: 'degraded', shards: { total: 16, connected: 15 }, latency: 42.26 })))
    assert.deepEqual(await probeBotUrl(url), {
      status: 'degraded', latencyMs: 42.3, shards: { total: 16, connected: 15 }, message: 'The bot reports reduced service.'
    })
  })

  it('shards alone decide the status when the body has none', async (t) => {
    const url = await serve(t, (_req, res) => res.end(JSON.stringify({ shards: { total: 4, connected: 0 } })))
    assert.equal((await probeBotUrl(url)).status, 'down')
  })

  it('a hanging endpoint is down after the timeout, with a public-safe message', async (t) => {
    const url = await serve(t, () => { /* never answers */ })
    const started = performance.now()
    const result = await probeBotUrl(url, 300)
    assert.ok(performance.now() - started < 2000)
    assert.deepEqual(result, { status: 'down', latencyMs: null, shards: null, message: 'The bot did not answer its status check in time.' })
  })

  it('headers then a body that never ends is down too', async (t) => {
    const url = await serve(t, (_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.write('{"status":') })
    assert.equal((await probeBotUrl(url, 300)).status, 'down')
  })

  it('a 500 is down, without echoing the body', async (t) => {
    const url = await serve(t, (_req, res) => { res.statusCode = 500; res.end('Error: connect ECONNREFUSED 10.0.0.7:5432') })
    const result = await probeBotUrl(url)
    assert.equal(result.status, 'down')
    assert.equal(result.message, 'The bot\'s status endpoint reports an error.')
  })

  it('garbage with 200 counts as answering (ok, round-trip latency) and nothing of it is trusted', async (t) => {
    for (const body of ['<html>hello</html>', '[1,2]', '{"status":42,"shards":{"total":1,"connected":5},"latency":-3}', 'x'.repeat(200_000)]) {
      const url = await serve(t, (_req, res) => res.end(body))
      const result = await probeBotUrl(url)
      assert.equal(result.status, 'ok')
      assert.equal(result.shards, null)
      assert.ok(typeof result.latencyMs === 'number' && result.latencyMs >= 0)
    }
  })

  it('a closed port is down', async () => {
    assert.deepEqual(await probeBotUrl(new URL('http://127.0.0.1:1/status')), {
      status: 'down', latencyMs: null, shards: null, message: 'The bot\'s status endpoint cannot be reached.'
    })
  })

  it('with heartbeats too, the worse status wins', async (t) => {
    const database = openDatabase(testConfig(t))
    t.after(() => database.close())
    await migrate(database)
    await reportHeartbeat(database, { shard: 0, status: 'ready', pingMs: 40, at: new Date(NOW) })
    const url = await serve(t, (_req, res) => { res.statusCode = 500; res.end() })
    assert.equal((await probe(database, NOW, url)).status, 'down')
    const ok = await serve(t, (_req, res) => res.end('{"status":"ok","latencyMs":12}'))
    assert.deepEqual(await probe(database, NOW + 120_000, ok), {
      status: 'down', latencyMs: 12, shards: { total: 1, connected: 0 }, message: 'No bot shard is connected.'
    })
  })
})
