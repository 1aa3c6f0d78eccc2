// SQL of bot_heartbeats: each bot shard's last report (status, gateway ping, guilds, cluster, shard count, when).
import type { Database } from '../database.ts'
import type { BotHeartbeatsTable } from '../tables.ts'
import { inTransaction } from '../transaction.ts'

/** A row as read, or as written (shard_total may be left out: the report did not say). */
export type BotHeartbeatRow = Omit<BotHeartbeatsTable, 'shard_total'> & { shard_total?: number | null }

/** One row per shard: a new report replaces the shard's previous one. */
export async function upsertBotHeartbeat (database: Database, row: BotHeartbeatRow): Promise<void> {
  await upsertBotHeartbeats(database, [row])
}

/** Several shards' reports in one statement per 500 (each shard at most once: one statement cannot update a row twice). */
export async function upsertBotHeartbeats (database: Database, rows: readonly BotHeartbeatRow[]): Promise<void> {
  await recordBotHeartbeats(database, rows, undefined)
}

/**
 * The reports and, when the newest of them carried the bot's shard count, the deletion of every shard at or beyond it:
 * one transaction, so the view never sees the new count without the rows it removes gone.
 */
export async function recordBotHeartbeats (database: Database, rows: readonly BotHeartbeatRow[], total: number | undefined): Promise<void> {
  await inTransaction(database.db, async (trx) => {
    for (let start = 0; start < rows.length; start += 500) await upsertChunk(trx, rows.slice(start, start + 500))
    if (total !== undefined) await trx.deleteFrom('bot_heartbeats').where('shard_id', '>=', total).execute()
  })
}

/** Deletes the shards of the given inclusive ranges (`status-api shards forget`); returns how many rows went. */
export async function deleteBotHeartbeats (database: Database, ranges: ReadonlyArray<readonly [number, number]>): Promise<number> {
  if (ranges.length === 0) return 0
  const result = await database.db.deleteFrom('bot_heartbeats')
    .where((eb) => eb.or(ranges.map(([from, to]) => eb.and([eb('shard_id', '>=', from), eb('shard_id', '<=', to)]))))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

async function upsertChunk (db: Database['db'], rows: readonly BotHeartbeatRow[]): Promise<void> {
  await db.insertInto('bot_heartbeats').values(rows.map((row) => ({ ...row, shard_total: row.shard_total ?? null })))
    .onConflict((conflict) => conflict.column('shard_id').doUpdateSet((eb) => ({
      status: eb.ref('excluded.status'),
      ping_ms: eb.ref('excluded.ping_ms'),
      guilds: eb.ref('excluded.guilds'),
      reported_at: eb.ref('excluded.reported_at'),
      cluster_id: eb.ref('excluded.cluster_id'),
      shard_total: eb.ref('excluded.shard_total')
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
    cluster_id: row.cluster_id === null ? null : Number(row.cluster_id),
    shard_total: row.shard_total === null ? null : Number(row.shard_total)
  }))
}
