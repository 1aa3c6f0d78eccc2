// Incidents opened from a template (issue 51): their title and first message in the template's other languages, as JSON.
import type { Kysely } from 'kysely'

export function incidentTextsMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // Null for an incident typed in one language: every page shows that text.
      await db.schema.alterTable('incidents').addColumn('texts', 'text').execute()
    }
  }
}
