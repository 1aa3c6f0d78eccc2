// The probe round on real SQLite and the memory cache: three probes at once, shards handed on, the platform refresh awaited.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import { systemClock } from '../../src/lib/clock.ts'
import { probeRound } from '../../src/monitor/probe-round.ts'
import { createShardsHolder } from '../../src/monitor/shards-snapshot.ts'
import { MemoryCache } from '../../src/store/cache/memory-cache.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { tempDir } from '../helper.ts'

const config = { botStatusUrl: undefined, botHeartbeatTimeoutSeconds: 60 }

describe('the probe round', () => {
  it('probes the database, the cache and the bot at once; hands on the shards; awaits the platform refresh', async (t) => {
    const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
    t.after(() => database.close())
    await migrate(database)
    await reportHeartbeat(database, { shard: 0, status: 'ready', pingMs: 40 })
    await reportHeartbeat(database, { shard: 1, status: 'disconnected', pingMs: null })
    const shards = createShardsHolder()
    let refreshed = false
    const results = await probeRound({
      config, database, cache: new MemoryCache(), cacheKind: 'memory', clock: systemClock, timeoutMs: 2000,
      refreshPlatform: async () => { await new Promise((resolve) => setTimeout(resolve, 20)); refreshed = true },
      onShards: shards.onShards
    })
    assert.equal(refreshed, true, 'the round waited for the platform refresh')
    assert.equal(results.database.status, 'ok')
    assert.equal(results.cache.status, 'ok')
    assert.deepEqual(results.bot.shards, { total: 2, connected: 1 })
    assert.equal(shards.current()!.body.value.total, 2, 'the heartbeats\' shards view was handed on')
  })

  it('a database that cannot be read is down, the bot unknown, and the shards view kept as it was', async (t) => {
    const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
    await migrate(database)
    await database.close()
    let handed = 0
    const results = await probeRound({
      config, database, cache: new MemoryCache(), cacheKind: 'memory', clock: systemClock, timeoutMs: 500,
      refreshPlatform: async () => {},
      onShards: () => { handed++ }
    })
    assert.equal(results.database.status, 'down')
    assert.equal(results.cache.status, 'ok')
    assert.equal(results.bot.status, 'unknown')
    assert.equal(handed, 0)
  })
})
