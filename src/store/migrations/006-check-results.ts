// Checks of declared components (docs/en/architecture.md#status-model): the latest result of each http, tcp and push check, shared by every
// replica, and the short leases that make one replica per deployment run each check.
import type { Kysely } from 'kysely'

export function checkResultsMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // One row per component: what its check (or its last push) found, and how many attempts in a row failed.
      await db.schema.createTable('check_results').ifNotExists()
        .addColumn('component', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('latency_ms', 'double precision')
        .addColumn('message', 'text')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .addColumn('reported_by', 'text')
        .execute()
      // One row per check: the replica that runs it until `expires_at` (ms since the epoch) unless it renews.
      await db.schema.createTable('check_leases').ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
    }
  }
}
