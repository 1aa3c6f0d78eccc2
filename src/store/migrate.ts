// Brings the schema up to date on either database; safe to run again and from several replicas.
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration'
import { byCodeUnits } from '../lib/code-unit-order.ts'
import type { Database } from './database.ts'
import { initialMigration } from './migrations/001-initial.ts'
import { shardClustersMigration } from './migrations/002-shard-clusters.ts'
import { notificationsMigration } from './migrations/003-notifications.ts'
import { componentChecksMigration } from './migrations/004-component-checks.ts'
import { affectedComponentsMigration } from './migrations/005-affected-components.ts'
import { checkResultsMigration } from './migrations/006-check-results.ts'
import { operatorMigration } from './migrations/007-operator.ts'
import { followsMigration } from './migrations/008-follows.ts'
import { idempotentAnswersMigration } from './migrations/009-idempotent-answers.ts'
import { shardTotalMigration } from './migrations/010-shard-total.ts'
import { edgeStateMigration } from './migrations/012-edge-state.ts'
import { maintenanceSeriesMigration } from './migrations/014-maintenance-series.ts'
import { followLanguageMigration } from './migrations/016-follow-language.ts'
import { incidentTextsMigration } from './migrations/017-incident-texts.ts'

function migrations (database: Database): Record<string, Migration> {
  return {
    '001-initial': initialMigration(database.dialect),
    '002-shard-clusters': shardClustersMigration(),
    '003-notifications': notificationsMigration(database.dialect),
    '004-component-checks': componentChecksMigration(database.dialect),
    '005-affected-components': affectedComponentsMigration(),
    '006-check-results': checkResultsMigration(),
    '007-operator': operatorMigration(),
    '008-follows': followsMigration(database.dialect),
    '009-idempotent-answers': idempotentAnswersMigration(),
    '010-shard-total': shardTotalMigration(),
    '012-edge-state': edgeStateMigration(),
    '014-maintenance-series': maintenanceSeriesMigration(),
    '016-follow-language': followLanguageMigration(),
    '017-incident-texts': incidentTextsMigration()
  }
}

export interface MigrateResult {
  applied: string[]
}

export async function migrate (database: Database): Promise<MigrateResult> {
  // Applied in the order of their names; branches may add a lower number later, so that order is not enforced on existing databases.
  const provider: MigrationProvider = { getMigrations: async () => sortedByName(migrations(database)) }
  // Kysely's default order (localeCompare) would load ICU's collation tables when two migrations share a timestamp.
  const migrator = new Migrator({ db: database.db, provider, allowUnorderedMigrations: true, nameComparator: byCodeUnits })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error))
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) }
}

function sortedByName (all: Record<string, Migration>): Record<string, Migration> {
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => byCodeUnits(a, b)))
}
