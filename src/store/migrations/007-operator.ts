// The operator API (docs/en/architecture.md#operator-api): who made each change (`by` on incident updates and windows), the statuses operators
// set on manual components, and the answers kept for Idempotency-Key retries.
import type { Kysely } from 'kysely'

export function operatorMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // A token's name (`ops`), a Discord user, or null: written by the CLI on the server itself, or before this migration.
      await db.schema.alterTable('incident_updates').addColumn('by', 'text').execute()
      await db.schema.alterTable('maintenances').addColumn('by', 'text').execute()
      await db.schema.alterTable('maintenances').addColumn('ended_by', 'text').execute()
      // Who caused a notification (`notify list` shows it); never part of what is sent.
      await db.schema.alterTable('notify_events').addColumn('by', 'text').execute()

      // One row per manual component an operator set; none: operational. Every replica's monitor reads them.
      await db.schema.createTable('manual_components').ifNotExists()
        .addColumn('component', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('by', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()

      // The first answer to a POST with an Idempotency-Key, per token, for 24 h: a retry gets it again and writes nothing.
      await db.schema.createTable('idempotency_keys').ifNotExists()
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        // null while the first request is still being answered.
        .addColumn('status_code', 'integer')
        .addColumn('body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['token', 'key'])
        .execute()
      await db.schema.createIndex('idempotency_keys_created').ifNotExists().on('idempotency_keys').column('created_at').execute()
    }
  }
}
