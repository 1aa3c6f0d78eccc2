// The edge (docs/en/architecture.md#edge): what shared caches were last purged for, so replicas purge each change once.
import type { Kysely } from 'kysely'

export function edgeStateMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // `shown`: what the public keys show (statuses, indicator, incidents, windows); `version`: the version and its docs.
      await db.schema.createTable('edge_state').ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute()
    }
  }
}
