// `status-api heartbeat` and `status-api seed`: they write, and bad input writes nothing (exit 2). The first call of
// each is the real bin (the smoke test); the others run the same dispatch in this process.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { openDatabase } from '../../src/store/database.ts'
import { listBotHeartbeats } from '../../src/store/repositories/bot-heartbeats.ts'
import { OVERALL, countComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { tempDir } from '../helper.ts'
import { runBinWith, runCommandWith } from './run-bin.ts'

/** The real bin, in its own process. */
const runProcess = async (dir: string, args: string[]) => {
  const { code, stdout, stderr } = await runBinWith({ DATA_DIR: dir }, args)
  return { status: code, stdout, stderr }
}
/** The same dispatch in this process. */
const run = async (dir: string, args: string[]) => {
  const { code, stdout, stderr } = await runCommandWith({ DATA_DIR: dir }, args)
  return { status: code, stdout, stderr }
}

describe('status-api heartbeat', () => {
  it('records a shard (a child process) and replaces its previous report', async (t) => {
    const dir = tempDir(t)
    assert.equal((await runProcess(dir, ['heartbeat', '--shard', '3', '--status', 'ready', '--ping', '41.6', '--guilds', '1200'])).status, 0)
    const second = await run(dir, ['heartbeat', '--shard', '3', '--status', 'reconnecting'])
    assert.equal(second.status, 0, second.stderr)
    assert.equal(second.stdout.trim(), 'shard 3: reconnecting')
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
    t.after(() => database.close())
    const [row] = await listBotHeartbeats(database)
    assert.equal(row?.shard_id, 3)
    assert.equal(row?.status, 'reconnecting')
    assert.equal(row?.ping_ms, null)
    assert.equal(row?.cluster_id, null)
  })

  it('records the cluster given with --cluster', async (t) => {
    const dir = tempDir(t)
    const result = await run(dir, ['heartbeat', '--shard', '5', '--status', 'ready', '--cluster', '1'])
    assert.equal(result.status, 0, result.stderr)
    assert.equal(result.stdout.trim(), 'shard 5 (cluster 1): ready')
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
    t.after(() => database.close())
    const [row] = await listBotHeartbeats(database)
    assert.equal(row?.cluster_id, 1)
  })

  for (const args of [[], ['--shard', '1'], ['--shard', 'x', '--status', 'ready'], ['--shard', '1', '--status', 'sleeping'],
    ['--shard', '1', '--status', 'ready', '--ping', '-4'], ['--shard', '1', '--status', 'ready', '--bogus'], ['--shard', '1', '--status', 'ready', '--cluster', 'one']]) {
    it(`rejects ${JSON.stringify(args)} with one line, exit 2, nothing written`, async (t) => {
      const dir = tempDir(t)
      const result = await run(dir, ['heartbeat', ...args])
      assert.equal(result.status, 2)
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr)
      assert.match(result.stderr, /^status-api: heartbeat: /)
      assert.ok(!existsSync(path.join(dir, 'status.db')), 'no database was even opened')
    })
  }

  it('refuses shard 1,000,000 (the real bin): one line naming the bound, exit 2, nothing written; 65,535 is the highest accepted', async (t) => {
    const dir = tempDir(t)
    const refused = await runProcess(dir, ['heartbeat', '--shard', '1000000', '--status', 'ready'])
    assert.equal(refused.status, 2)
    assert.equal(refused.stderr.trim(), 'status-api: heartbeat: shard must be a whole number from 0 to 65535')
    assert.ok(!existsSync(path.join(dir, 'status.db')), 'nothing written')
    const cluster = await run(dir, ['heartbeat', '--shard', '1', '--status', 'ready', '--cluster', '65536'])
    assert.equal(cluster.status, 2)
    assert.match(cluster.stderr, /cluster must be a whole number from 0 to 65535/)
    const highest = await run(dir, ['heartbeat', '--shard', '65535', '--status', 'ready'])
    assert.equal(highest.status, 0, highest.stderr)
  })

  it('--total N forgets shards N and above; a total not above the shard is refused', async (t) => {
    const dir = tempDir(t)
    for (const shard of ['0', '1', '65535']) assert.equal((await run(dir, ['heartbeat', '--shard', shard, '--status', 'ready'])).status, 0)
    const notAbove = await run(dir, ['heartbeat', '--shard', '2', '--status', 'ready', '--total', '2'])
    assert.equal(notAbove.status, 2)
    assert.match(notAbove.stderr, /heartbeat: shard 2 is not below total 2/)
    const shrunk = await run(dir, ['heartbeat', '--shard', '0', '--status', 'ready', '--total', '2'])
    assert.equal(shrunk.status, 0, shrunk.stderr)
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
    t.after(() => database.close())
    assert.deepEqual((await listBotHeartbeats(database)).map((row) => row.shard_id), [0, 1])
  })
})

describe('status-api seed', () => {
  it('writes 90 days into an empty database (a child process), refuses a second time, rejects bad days', async (t) => {
    const dir = tempDir(t)
    const first = await runProcess(dir, ['seed', '--days', '3'])
    assert.equal(first.status, 0, first.stderr)
    assert.match(first.stdout, /^seeded \d+ minute checks over 3 days \(\d+ rows/)
    const again = await run(dir, ['seed', '--days', '3'])
    assert.equal(again.status, 1)
    assert.match(again.stderr, /already holds health checks/)
    assert.equal((await run(dir, ['seed', '--days', '0'])).status, 2)
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
    t.after(() => database.close())
    // Two whole days and today up to now, less the generated deploy gaps (at most one of 1–10 minutes a day): just
    // after midnight UTC today holds a minute or two, so the two days' gaps can take the total to 2 × 1440 or below.
    const minutes = await countComponentChecks(database, OVERALL)
    assert.ok(minutes > 2 * 1440 - 3 * 10 && minutes <= 3 * 1440, String(minutes))
    assert.equal(await countComponentChecks(database), 4 * minutes, 'a row per minute for each of the three components and the overall status')
  })
})
