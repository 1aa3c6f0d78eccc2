// Uptime by what the page showed (docs/en/status-definitions.md#uptime): each minute row keeps the status the page
// showed, and each day's rollup its minutes per shown status. Rows and days from before keep null: read by their counts.
import type { Kysely } from 'kysely'

export function shownMinutesMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('component_checks').addColumn('shown', 'text').execute()
      await db.schema.alterTable('uptime_daily').addColumn('minutes', 'text').execute()
    }
  }
}
