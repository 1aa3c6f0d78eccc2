// The exported reporter: discord.js shards (its own Status enum), a discord-hybrid-sharding cluster, plain reports,
// written with their cluster on SQLite and PostgreSQL.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { Status } from 'discord.js'
import { buildShardsBody } from '../../src/bot/shards.ts'
import {
  heartbeatProblem, MAX_SHARD_ID, openHeartbeatReporter, reportsFromDiscordJs, reportsFromHybridCluster, shardStatusFromDiscordJs,
  type DiscordJsClientLike
} from '../../src/bot/heartbeat-reporter.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { listBotHeartbeats } from '../../src/store/repositories/bot-heartbeats.ts'
import { databaseBackends, testConfig } from '../helper.ts'

/** A client shaped like discord.js's: `ws.shards` a Map of shards, `guilds.cache` a Map of guilds. */
function client (shards: Array<{ id: number, status: Status, ping: number }>, guildShards: number[] = []): DiscordJsClientLike {
  return {
    ws: { shards: new Map(shards.map((shard) => [shard.id, shard])) },
    guilds: { cache: new Map(guildShards.map((shardId, i) => [String(i), { shardId }])) }
  }
}

describe('discord.js shard statuses', () => {
  it('map every value of discord.js\'s Status enum onto ours', () => {
    const expected: Record<string, string> = {
      Ready: 'ready', Connecting: 'connecting', Reconnecting: 'reconnecting', Idle: 'disconnected', Nearly: 'connecting',
      Disconnected: 'disconnected', WaitingForGuilds: 'connecting', Identifying: 'connecting', Resuming: 'resuming'
    }
    const names = Object.keys(Status).filter((key) => Number.isNaN(Number(key)))
    assert.ok(names.length >= 9, names.join())
    for (const name of names) {
      const value = Status[name as keyof typeof Status]
      assert.equal(shardStatusFromDiscordJs(value, Status), expected[name] ?? 'disconnected', name)
    }
  })

  it('read a value discord.js does not have as disconnected', () => {
    assert.equal(shardStatusFromDiscordJs(9999, Status), 'disconnected')
  })
})

describe('reports from a client', () => {
  it('one per shard of client.ws.shards, with ping (none before the first ack) and guild counts', () => {
    const reports = reportsFromDiscordJs(client([
      { id: 0, status: Status.Ready, ping: 41 },
      { id: 1, status: Status.Resuming, ping: -1 }
    ], [0, 0, 1]), Status)
    assert.deepEqual(reports, [
      { shard: 0, status: 'ready', pingMs: 41, guilds: 2 },
      { shard: 1, status: 'resuming', pingMs: null, guilds: 1 }
    ])
  })

  it('a hybrid-sharding cluster: its shards under its id, a shard of its list not running yet as connecting', () => {
    const cluster = { id: 2, shardList: [8, 9, 10], client: client([{ id: 8, status: Status.Ready, ping: 30 }, { id: 9, status: Status.Reconnecting, ping: 55 }]) }
    assert.deepEqual(reportsFromHybridCluster(cluster, Status), [
      { shard: 8, status: 'ready', pingMs: 30, guilds: 0, cluster: 2 },
      { shard: 9, status: 'reconnecting', pingMs: 55, guilds: 0, cluster: 2 },
      { shard: 10, status: 'connecting', pingMs: null, cluster: 2 }
    ])
  })
})

/** A migrated database on `backend` and a reporter writing to it, both closed after the test. */
async function reporterOn (t: TestContext, backend: ReturnType<typeof databaseBackends>[number]) {
  const config = testConfig(t, await backend.env())
  const database = openDatabase(config)
  t.after(() => database.close())
  await migrate(database)
  const reporter = openHeartbeatReporter({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  t.after(() => reporter.close())
  return { database, reporter }
}

for (const backend of databaseBackends()) {
  describe(`the reporter on ${backend.name}`, { skip: backend.skip }, () => {
    it('writes reports with and without a cluster, and a later report replaces the cluster', async (t) => {
      const { database, reporter } = await reporterOn(t, backend)
      await reporter.reportAll(reportsFromHybridCluster({ id: 1, shardList: [2, 3], client: client([{ id: 2, status: Status.Ready, ping: 40 }]) }, Status))
      await reporter.report({ shard: 0, status: 'ready', pingMs: 12.6 })
      let rows = await listBotHeartbeats(database)
      assert.deepEqual(rows.map((row) => [row.shard_id, row.status, row.cluster_id, row.ping_ms]), [[0, 'ready', null, 13], [2, 'ready', 1, 40], [3, 'connecting', 1, null]])
      await reporter.report({ shard: 3, status: 'ready', cluster: 4 })
      rows = await listBotHeartbeats(database)
      assert.equal(rows.find((row) => row.shard_id === 3)?.cluster_id, 4)
      await assert.rejects(reporter.report({ shard: 1, status: 'ready', cluster: -1 }), /cluster must be/)
    })
  })
}

describe('the shard count a report carries', () => {
  it('comes from client.options.shardCount, for discord.js and hybrid-sharding alike; an unknown count is left out', () => {
    const withCount = { ...client([{ id: 2, status: Status.Ready, ping: 30 }]), options: { shardCount: 8 } }
    assert.deepEqual(reportsFromDiscordJs(withCount, Status), [{ shard: 2, status: 'ready', pingMs: 30, guilds: 0, total: 8 }])
    assert.deepEqual(reportsFromHybridCluster({ id: 1, shardList: [2, 3], client: withCount }, Status).map((report) => report.total), [8, 8])
    assert.equal(reportsFromDiscordJs({ ...withCount, options: { shardCount: null } }, Status)[0]!.total, undefined)
  })

  it('is refused outside 1 to 65,536, or not above the shard', () => {
    assert.equal(heartbeatProblem({ shard: 0, status: 'ready', total: 0 }), 'total must be a whole number from 1 to 65536')
    assert.equal(heartbeatProblem({ shard: 0, status: 'ready', total: 65_537 }), 'total must be a whole number from 1 to 65536')
    assert.equal(heartbeatProblem({ shard: 4, status: 'ready', total: 4 }), 'shard 4 is not below total 4 (shards are numbered from 0)')
    assert.equal(heartbeatProblem({ shard: MAX_SHARD_ID, status: 'ready', total: MAX_SHARD_ID + 1 }), undefined)
  })
})

for (const backend of databaseBackends()) {
  describe(`the shard count on ${backend.name}`, { skip: backend.skip }, () => {
    it('the newest total defines the shards: rows at or beyond it are deleted, shards below it never reported are missing', async (t) => {
      const { database, reporter } = await reporterOn(t, backend)
      const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000)
      await reporter.reportAll([0, 1, 2, 9].map((shard) => ({ shard, status: 'ready', at: at(20) })))
      assert.equal(buildShardsBody(await listBotHeartbeats(database), Date.now(), 90)?.total, 10, 'without a total: the highest id plus one')
      await reporter.reportAll([{ shard: 0, status: 'ready', total: 4, at: at(10) }, { shard: 1, status: 'ready', total: 4, at: at(10) }])
      const rows = await listBotHeartbeats(database)
      assert.deepEqual(rows.map((row) => [row.shard_id, row.shard_total]), [[0, 4], [1, 4], [2, null]])
      const body = buildShardsBody(rows, Date.now(), 90)!
      assert.equal(body.total, 4)
      assert.deepEqual(body.clusters[0]!.shards.map((shard) => shard.status), ['ready', 'ready', 'ready', 'missing'])
      // A row written around the reporter (an old version, straight into the table) beyond the newest total is left out of the view.
      await database.db.insertInto('bot_heartbeats').values({ shard_id: 65_535, status: 'ready', ping_ms: null, guilds: null, reported_at: at(1).toISOString(), cluster_id: null }).execute()
      assert.equal(buildShardsBody(await listBotHeartbeats(database), Date.now(), 90)?.total, 4)
    })
  })
}

describe('the shard bound', () => {
  it('the reporter refuses shard 1,000,000 and cluster 65,536 before writing; rows above the bound written before it are left out of the shards', async (t) => {
    const dataDir = testConfig(t).dataDir
    const database = openDatabase({ databaseUrl: undefined, dataDir })
    t.after(() => database.close())
    await migrate(database)
    const reporter = openHeartbeatReporter({ dataDir })
    t.after(() => reporter.close())
    await assert.rejects(reporter.report({ shard: 1_000_000, status: 'ready' }), { name: 'RangeError', message: 'shard must be a whole number from 0 to 65535' })
    await assert.rejects(reporter.report({ shard: 0, status: 'ready', cluster: 65_536 }), /cluster must be a whole number from 0 to 65535/)
    assert.equal(heartbeatProblem({ shard: MAX_SHARD_ID, status: 'ready' }), undefined)
    assert.deepEqual(await listBotHeartbeats(database), [], 'nothing written')
    // A row from before the bound (written straight into the table, as an old version accepted it).
    await reporter.report({ shard: 1, status: 'ready' })
    await database.db.insertInto('bot_heartbeats').values({ shard_id: 1_000_000, status: 'ready', ping_ms: null, guilds: null, reported_at: new Date().toISOString(), cluster_id: null }).execute()
    const body = buildShardsBody(await listBotHeartbeats(database), Date.now(), 90)
    assert.equal(body?.total, 2, 'shards 0 and 1; the row of shard 1,000,000 is left out')
  })
})
