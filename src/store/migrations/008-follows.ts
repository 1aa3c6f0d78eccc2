// Following from Discord (docs/en/architecture.md#follow): the channels other servers follow, each with the webhook made for it, and a mark
// on every event once it has been handed to the followers, so one replica hands it over and the others skip it.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { sql } from 'kysely'
import type { Dialect } from '../database.ts'

export function followsMigration (dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer'
  const id = (c: ColumnDefinitionBuilder) => dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // One row per followed channel. The webhook token is a secret: read only to send, never shown.
      await db.schema.createTable('discord_follows').ifNotExists()
        .addColumn('id', idType, id)
        .addColumn('guild_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull().unique())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('webhook_token', 'text', (c) => c.notNull())
        // Comma-separated component ids; null: every component.
        .addColumn('components', 'text')
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('discord_follows_guild').ifNotExists().on('discord_follows').column('guild_id').execute()

      // Null until the event's deliveries to the followers are written; events from before this migration are done.
      await db.schema.alterTable('notify_events').addColumn('followers_at', 'text').execute()
      await sql`update notify_events set followers_at = created_at`.execute(db)
      await db.schema.createIndex('notify_events_followers').ifNotExists().on('notify_events').column('followers_at').execute()
    }
  }
}
