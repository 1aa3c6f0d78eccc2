// The shards snapshot: the bot probe's shards view serialised once, guild lookups answered from it, gone once no shard reports.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ShardsBody } from '../../src/api/shards.ts'
import { shardOfGuild } from '../../src/bot/guild-shard.ts'
import { createShardsHolder } from '../../src/monitor/shards-snapshot.ts'

const reported: ShardsBody = {
  total: 3,
  connected: 2,
  clusters: [
    { id: 0, shards: [{ id: 0, status: 'ready', connected: true, latencyMs: 40, lastHeartbeatAt: '2026-11-21T12:00:00.000Z' }, { id: 1, status: 'ready', connected: true, latencyMs: 50, lastHeartbeatAt: '2026-11-21T12:00:00.000Z' }] },
    { id: 1, shards: [{ id: 2, status: 'silent', connected: false, latencyMs: 60, lastHeartbeatAt: '2026-11-21T11:50:00.000Z' }] }
  ]
}

describe('the shards snapshot', () => {
  it('is undefined until the bot probe hands over a shards view, then holds it serialised', () => {
    const holder = createShardsHolder()
    assert.equal(holder.current(), undefined)
    holder.onShards(reported)
    const snapshot = holder.current()!
    assert.equal(snapshot.body.value, reported)
    assert.equal(snapshot.body.payload, JSON.stringify(reported))
    assert.equal(holder.current(), snapshot, 'held, not made per request')
  })

  it('answers a guild lookup with its shard\'s part of the snapshot', () => {
    const holder = createShardsHolder()
    holder.onShards(reported)
    const guild = '1234567890123456789'
    const shard = shardOfGuild(BigInt(guild), reported.total)
    const lookup = holder.current()!.lookup(BigInt(guild), guild)
    const cluster = reported.clusters.find((c) => c.shards.some((s) => s.id === shard))!
    const expected = { guildId: guild, shard, cluster: cluster.id, status: cluster.shards.find((s) => s.id === shard)!.status, connected: shard !== 2 }
    assert.deepEqual(lookup.value, expected)
    assert.deepEqual(JSON.parse(lookup.payload as string), expected)
  })

  it('forgets the snapshot once no shard has reported, and replaces it with the next view', () => {
    const holder = createShardsHolder()
    holder.onShards(reported)
    holder.onShards(undefined)
    assert.equal(holder.current(), undefined)
    const fewer: ShardsBody = { total: 1, connected: 1, clusters: [{ id: 0, shards: [reported.clusters[0]!.shards[0]!] }] }
    holder.onShards(fewer)
    assert.equal(holder.current()!.body.value.total, 1)
  })
})
