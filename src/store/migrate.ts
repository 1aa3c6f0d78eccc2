// Brings the schema up to date on either database; safe to run again and from several replicas.
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration'
import type { Database } from './database.ts'
import { initialMigration } from './migrations/001-initial.ts'
import { shardClustersMigration } from './migrations/002-shard-clusters.ts'

function migrations (database: Database): Record<string, Migration> {
  return {
    '001-initial': initialMigration(database.dialect),
    '002-shard-clusters': shardClustersMigration()
  }
}

export interface MigrateResult {
  applied: string[]
}

export async function migrate (database: Database): Promise<MigrateResult> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(database) }
  const migrator = new Migrator({ db: database.db, provider })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error))
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) }
}
