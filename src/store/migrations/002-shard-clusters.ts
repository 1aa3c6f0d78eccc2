// Shards grouped in clusters (docs/en/architecture.md#beyond-the-spec): bot_heartbeats gains an optional cluster_id; null reads as cluster 0.
import type { Kysely } from 'kysely'

export function shardClustersMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bot_heartbeats').addColumn('cluster_id', 'integer').execute()
    }
  }
}
