// Idempotency-Key answers that stay small (issue 41): an incident route's answer is kept as the incident's id and
// rebuilt from the record on a retry, instead of a copy of the incident with all its updates for every key.
import type { Kysely } from 'kysely'

export function idempotentAnswersMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // Set instead of `body` for the incident routes; not a foreign key: the key outlives nothing it names (24 h).
      await db.schema.alterTable('idempotency_keys').addColumn('incident_id', 'integer').execute()
    }
  }
}
