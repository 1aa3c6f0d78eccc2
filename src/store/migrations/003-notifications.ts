// The notification outbox (docs/en/architecture.md#beyond-the-spec): events, their delivery to each target, Discord message ids, the last announced status.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

// Timestamps are ISO 8601 UTC text like every other table; they compare correctly as strings.
export function notificationsMigration (dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer'
  const id = (c: ColumnDefinitionBuilder) => dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()

  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // One row per thing that happened; `subject` groups the events delivered in order (incident:7, maintenance:3, status).
      await db.schema.createTable('notify_events').ifNotExists()
        .addColumn('id', idType, id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        // Set for events several processes may produce (maintenance.started by every replica's clock): written once.
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('notify_events_created').ifNotExists().on('notify_events').column('created_at').execute()

      // A target (a webhook URL, known only by a hash of it) and when it was first configured: it gets events from then on.
      await db.schema.createTable('notify_targets').ifNotExists()
        .addColumn('target', 'text', (c) => c.primaryKey())
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .execute()

      // One row per event and target: the delivery state, leased by one worker at a time.
      await db.schema.createTable('notify_deliveries').ifNotExists()
        .addColumn('id', idType, id)
        .addColumn('event_id', 'integer', (c) => c.notNull().references('notify_events.id').onDelete('cascade'))
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull()) // pending | delivered | failed
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('retry_until', 'text', (c) => c.notNull())
        .addColumn('lease_token', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'text')
        .addUniqueConstraint('notify_deliveries_event_target', ['event_id', 'target'])
        .execute()
      await db.schema.createIndex('notify_deliveries_due').ifNotExists()
        .on('notify_deliveries').columns(['state', 'next_attempt_at']).execute()
      await db.schema.createIndex('notify_deliveries_order').ifNotExists()
        .on('notify_deliveries').columns(['target', 'subject', 'state', 'event_id']).execute()

      // The Discord message that shows an incident or a window in one channel, edited on each update.
      await db.schema.createTable('notify_discord_messages').ifNotExists()
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notify_discord_messages_pk', ['target', 'subject'])
        .execute()

      // The overall status last announced by any replica (one row), so a change is announced once.
      await db.schema.createTable('notify_status').ifNotExists()
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute()
    }
  }
}
