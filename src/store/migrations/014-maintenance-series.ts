// Recurring maintenance (issue 50): the series, and what each window carries of it (its series, when to remind).
import type { Kysely } from 'kysely'

export function maintenanceSeriesMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      await db.schema.createTable('maintenance_series').ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('rrule', 'text', (c) => c.notNull())
        .addColumn('start_local', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('remind_minutes', 'integer')
        .addColumn('components', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addColumn('by', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('ended_by', 'text')
        .execute()
      await db.schema.alterTable('maintenances').addColumn('series_id', 'text').execute()
      await db.schema.alterTable('maintenances').addColumn('remind_minutes', 'integer').execute()
      // One window per series and start, whichever replica materialises it first.
      await db.schema.createIndex('maintenances_series_start').ifNotExists().unique()
        .on('maintenances').columns(['series_id', 'starts_at']).execute()

    }
  }
}
