// Post-mortems (issue 51): one Markdown text per resolved incident, with when it was first published and last replaced.
import type { Kysely } from 'kysely'

export function postmortemsMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      await db.schema.createTable('incident_postmortems').ifNotExists()
        .addColumn('incident_id', 'integer', (c) => c.primaryKey().references('incidents.id').onDelete('cascade'))
        .addColumn('markdown', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        // Moves on every write, so a replacement within the same millisecond still changes the change stamp.
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('by', 'text')
        .execute()
    }
  }
}
