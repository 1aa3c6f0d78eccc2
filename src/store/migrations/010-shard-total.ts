// The bot's shard count (issue 41, item 5): bot_heartbeats gains shard_total, the `total` a report carried (null: none).
import type { Kysely } from 'kysely'

export function shardTotalMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bot_heartbeats').addColumn('shard_total', 'integer').execute()
    }
  }
}
