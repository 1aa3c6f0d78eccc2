// What incidents and maintenance windows affect (docs/en/architecture.md#status-model): the declared component ids each one names.
import type { Kysely } from 'kysely'

// No position column: a set, listed in code-unit order of the ids. Ids are not foreign keys: they name components of
// the status file, which may later stop declaring one; the rows stay as written.
export function affectedComponentsMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // `status` is what the operator gave (degraded_performance | partial_outage | major_outage); null follows the impact.
      await db.schema.createTable('incident_components').ifNotExists()
        .addColumn('incident_id', 'integer', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
        .addColumn('component', 'text', (c) => c.notNull())
        .addColumn('status', 'text')
        .addPrimaryKeyConstraint('incident_components_pk', ['incident_id', 'component'])
        .execute()

      // A window's components are under_maintenance while it is active; no status of their own.
      await db.schema.createTable('maintenance_components').ifNotExists()
        .addColumn('maintenance_id', 'integer', (c) => c.notNull().references('maintenances.id').onDelete('cascade'))
        .addColumn('component', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('maintenance_components_pk', ['maintenance_id', 'component'])
        .execute()
    }
  }
}
