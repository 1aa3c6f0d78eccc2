// SQL of bot_heartbeats: each bot shard's last report (status, gateway ping, guilds, cluster, when).
import type { Database } from '../database.ts'
import type { BotHeartbeatsTable } from '../tables.ts'

export type BotHeartbeatRow = BotHeartbeatsTable

/** One row per shard: a new report replaces the shard's previous one. */
export async function upsertBotHeartbeat (database: Database, row: BotHeartbeatRow): Promise<void> {
  await upsertBotHeartbeats(database, [row])
}

/** Several shards' reports in one statement per 500 (each shard at most once: one statement cannot update a row twice). */
export async function upsertBotHeartbeats (database: Database, rows: readonly BotHeartbeatRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await upsertChunk(database, rows.slice(start, start + 500))
}

async function upsertChunk (database: Database, rows: readonly BotHeartbeatRow[]): Promise<void> {
  await database.db.insertInto('bot_heartbeats').values([...rows])
    .onConflict((conflict) => conflict.column('shard_id').doUpdateSet((eb) => ({
      status: eb.ref('excluded.status'),
      ping_ms: eb.ref('excluded.ping_ms'),
      guilds: eb.ref('excluded.guilds'),
      reported_at: eb.ref('excluded.reported_at'),
      cluster_id: eb.ref('excluded.cluster_id')
    })))
    .execute()
}

export async function listBotHeartbeats (database: Database): Promise<BotHeartbeatRow[]> {
  const rows = await database.db.selectFrom('bot_heartbeats').selectAll().orderBy('shard_id').execute()
  return rows.map((row) => ({
    ...row,
    shard_id: Number(row.shard_id),
    ping_ms: row.ping_ms === null ? null : Number(row.ping_ms),
    guilds: row.guilds === null ? null : Number(row.guilds),
    cluster_id: row.cluster_id === null ? null : Number(row.cluster_id)
  }))
}
