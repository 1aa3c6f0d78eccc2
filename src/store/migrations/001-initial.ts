// The first schema: every table (docs/en/architecture.md#data), portable across SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

// Timestamps are ISO 8601 UTC text (sortable, identical on both databases); minute slots are integers.
export function initialMigration (dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer'
  const id = (c: ColumnDefinitionBuilder) => dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()

  return {
    async up (db: Kysely<unknown>): Promise<void> {
      await db.schema.createTable('health_checks').ifNotExists()
        .addColumn('minute', 'integer', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('database', 'text', (c) => c.notNull())
        .addColumn('cache', 'text', (c) => c.notNull())
        .addColumn('bot', 'text', (c) => c.notNull())
        .execute()

      await db.schema.createTable('uptime_daily').ifNotExists()
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('component', 'text', (c) => c.notNull())
        .addColumn('checks', 'integer', (c) => c.notNull())
        .addColumn('degraded', 'integer', (c) => c.notNull())
        .addColumn('down', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('uptime_daily_pk', ['day', 'component'])
        .execute()

      await db.schema.createTable('incidents').ifNotExists()
        .addColumn('id', idType, id)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('impact', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()

      await db.schema.createTable('incident_updates').ifNotExists()
        .addColumn('id', idType, id)
        .addColumn('incident_id', 'integer', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('incident_updates_incident').ifNotExists()
        .on('incident_updates').columns(['incident_id', 'created_at']).execute()

      await db.schema.createTable('maintenances').ifNotExists()
        .addColumn('id', idType, id)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      await db.schema.createTable('bot_heartbeats').ifNotExists()
        .addColumn('shard_id', 'integer', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('ping_ms', 'integer')
        .addColumn('guilds', 'integer')
        .addColumn('reported_at', 'text', (c) => c.notNull())
        .execute()
    }
  }
}
