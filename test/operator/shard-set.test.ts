// Issue 41, item 5, on a real `status-api serve` (SQLite, and PostgreSQL): one heartbeat for shard 65,535 made the bot
// 65,536 shards for good. Reports carrying `total` now shrink the shards (the row is deleted, the view follows);
// 65,536 real shards keep /status under 1 MB with the shards body complete; `status-api shards forget` and
// POST /v1/shards/forget delete shards by hand, with the heartbeat scope.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { listBotHeartbeats } from '../../src/store/repositories/bot-heartbeats.ts'
import { runBinWith } from '../cli/run-bin.ts'
import { databaseBackends } from '../helper.ts'
import { TOKENS, eventually, startOperatorProcess, type OperatorProcess } from './operator-process.ts'

const MB = 1024 * 1024

interface Shards { total: number, connected: number, clusters: Array<{ id: number, shards: Array<{ id: number, status: string }> }> }

for (const backend of databaseBackends()) {
  describe(`the bot's shards on ${backend.name}`, { skip: backend.skip, timeout: 300_000 }, () => {
    let dir: string
    let env: Record<string, string>
    let server: OperatorProcess
    let database: Database

    before(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'status-api-shard-set-'))
      env = await backend.env()
      server = await startOperatorProcess(dir, { ...env, PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0' })
      database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir })
    })

    after(async () => {
      await database?.close()
      await server?.app.stop()
      rmSync(dir, { recursive: true, force: true })
    })

    const shards = async (): Promise<Shards | undefined> => {
      const response = await fetch(`${server.app.url}/api/v1/health/shards`)
      return response.status === 503 ? undefined : await response.json() as Shards
    }
    const page = async (pathname: string) => {
      const response = await fetch(`${server.app.url}${pathname}`, { headers: { 'accept-encoding': 'identity' } })
      assert.equal(response.status, 200, pathname)
      return await response.text()
    }
    const report = async (reports: unknown[]) => {
      const answer = await server.call('POST', '/v1/heartbeats', { token: TOKENS.bot, body: { reports } })
      assert.equal(answer.status, 200, answer.text)
    }
    const ids = async () => (await listBotHeartbeats(database)).map((row) => row.shard_id)

    it('a stray shard 65,535 leaves the table and the view with the next report carrying total', async () => {
      await report([0, 1, 2, 3].map((shard) => ({ shard, status: 'ready', pingMs: 40 })))
      await report([{ shard: 65_535, status: 'ready' }])
      await eventually(shards, (body) => body?.total === 65_536, 15_000)
      const inflated = Buffer.byteLength(await page('/status'))
      console.log(`/status with the stray shard: ${(inflated / MB).toFixed(2)} MB`)

      await report([0, 1, 2, 3].map((shard) => ({ shard, status: 'ready', pingMs: 40, total: 4 })))
      assert.deepEqual(await ids(), [0, 1, 2, 3], 'the row of shard 65,535 is deleted')
      const body = await eventually(shards, (value) => value?.total === 4, 15_000)
      assert.equal(body!.connected, 4)
      const html = await page('/status')
      assert.equal((html.match(/<li class="s-ready"/g) ?? []).length, 4, 'four cells')

      // Fewer shards than reported before: the newest total wins, the rows beyond it go.
      await report([{ shard: 0, status: 'ready', total: 2 }])
      assert.deepEqual(await ids(), [0, 1])
      await eventually(shards, (value) => value?.total === 2, 15_000)
    })

    it('65,536 real shards: the shards body lists every one, /status stays under 1 MB', async () => {
      const TOTAL = 65_536
      const trouble = new Set([5, 4_097, 65_535])
      for (let start = 0; start < TOTAL; start += 1000) {
        const reports = []
        for (let shard = start; shard < Math.min(TOTAL, start + 1000); shard++) {
          reports.push({ shard, status: trouble.has(shard) ? 'reconnecting' : 'ready', pingMs: 40 + (shard % 50), cluster: Math.floor(shard / 256), total: TOTAL })
        }
        await report(reports)
      }
      const body = (await eventually(shards, (value) => value?.total === TOTAL && value.connected === TOTAL - 3, 60_000))!
      assert.equal(body.clusters.length, 256)
      assert.ok(body.clusters.every((cluster, i) => cluster.id === i && cluster.shards.length === 256 && cluster.shards[0]!.id === i * 256))
      assert.equal(body.clusters[16]!.shards[1]!.status, 'reconnecting', 'shard 4,097')

      for (const pathname of ['/status', '/de/status']) {
        const html = await page(pathname)
        const size = Buffer.byteLength(html)
        console.log(`${pathname} with ${TOTAL} shards: ${(size / 1024).toFixed(0)} KB`)
        assert.ok(size < MB, `${pathname} is ${size} bytes`)
        const groups = /<ol class="shard-groups"[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? ''
        assert.equal((groups.match(/<li /g) ?? []).length, 256, 'a cell per cluster')
        assert.match(groups, /<li class="s-reconnecting" aria-label="Cluster 16: 255\/256 [^"]*"/)
        for (const shard of trouble) assert.match(html, new RegExp(`<li class="s-reconnecting" aria-label="Shard ${shard}: `), `shard ${shard} listed`)
        assert.match(html, /href="\/api\/v1\/health\/shards"/)
      }
      const markdown = await page('/status.md')
      assert.ok(Buffer.byteLength(markdown) < 100_000)
      assert.match(markdown, /65536 of 65536|65533 of 65536|65,533 of 65,536/)
      assert.ok(Buffer.byteLength(await page('/status/components/bot')) < MB)
    })

    it('status-api shards forget and POST /v1/shards/forget delete shards; the wrong scope, no token and bad ids are problems', async () => {
      await report([0, 1, 2, 3, 4, 5, 6, 7].map((shard) => ({ shard, status: 'ready', total: 8 })))
      assert.deepEqual(await ids(), [0, 1, 2, 3, 4, 5, 6, 7])

      const wrongScope = await server.call('POST', '/v1/shards/forget', { token: TOKENS.ci, body: { shards: '7' } })
      assert.equal(wrongScope.status, 403)
      assert.match(wrongScope.headers.get('content-type') ?? '', /^application\/problem\+json/)
      const noToken = await server.call('POST', '/v1/shards/forget', { body: { shards: '7' } })
      assert.equal(noToken.status, 401)
      assert.match(noToken.headers.get('content-type') ?? '', /^application\/problem\+json/)
      for (const shards of ['seven', '9-3', '70000', '1,,2']) {
        const bad = await server.call('POST', '/v1/shards/forget', { token: TOKENS.bot, body: { shards } })
        assert.equal(bad.status, 400, shards)
        assert.match(bad.headers.get('content-type') ?? '', /^application\/problem\+json/)
        assert.match(bad.json.detail, /^shards: ".*" is not a shard id \(0 to 65535\) or a range such as 16-31 or 16-$/)
      }
      assert.deepEqual(await ids(), [0, 1, 2, 3, 4, 5, 6, 7], 'nothing refused was deleted')

      const forgotten = await server.call('POST', '/v1/shards/forget', { token: TOKENS.bot, body: { shards: '6-' }, headers: { 'idempotency-key': 'forget-6' } })
      assert.equal(forgotten.status, 200, forgotten.text)
      assert.deepEqual(forgotten.json, { forgotten: 2 })
      const again = await server.call('POST', '/v1/shards/forget', { token: TOKENS.bot, body: { shards: '6-' }, headers: { 'idempotency-key': 'forget-6' } })
      assert.deepEqual(again.json, { forgotten: 2 }, 'the same key answers the same')
      assert.deepEqual(await ids(), [0, 1, 2, 3, 4, 5])
      await eventually(shards, (value) => value?.total === 8 && value.connected === 6, 15_000)

      // The CLI: on the database, and on the operator API (refused with the wrong scope).
      const local = await runBinWith({ DATA_DIR: dir, DATABASE_URL: env.DATABASE_URL ?? '' }, ['shards', 'forget', '4,5'])
      assert.equal(local.code, 0, local.stderr)
      assert.equal(local.stdout.trim(), '2 shards forgotten')
      const remote = { DATA_DIR: path.join(dir, 'nowhere'), DATABASE_URL: '', STATUS_FILE: '', STATUS_API_URL: server.operatorUrl }
      const refused = await runBinWith({ ...remote, STATUS_API_TOKEN: TOKENS.ci }, ['shards', 'forget', '3'])
      assert.equal(refused.code, 1)
      assert.match(refused.stderr, /shards forget: the token may not do this \(403\)/)
      const typo = await runBinWith({ ...remote, STATUS_API_TOKEN: TOKENS.bot }, ['shards', 'forget', 'x'])
      assert.equal(typo.code, 2)
      assert.match(typo.stderr, /shards forget: shards: "x" is not a shard id/)
      const done = await runBinWith({ ...remote, STATUS_API_TOKEN: TOKENS.bot }, ['shards', 'forget', '3'])
      assert.equal(done.code, 0, done.stderr)
      assert.equal(done.stdout.trim(), '1 shard forgotten')
      assert.deepEqual(await ids(), [0, 1, 2])
    })
  })
}
