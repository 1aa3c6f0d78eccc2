// SQL of idempotency_keys: the first answer to a POST carrying an Idempotency-Key, per token, kept 24 h.
import type { Kysely, Selectable } from 'kysely'
import type { IdempotencyKeysTable, Tables } from '../tables.ts'

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>

export interface IdempotencyKey {
  token: string
  key: string
  requestHash: string
  /** When the request arrived (ISO 8601): the key is kept 24 h from then. */
  at: string
}

/** The answer kept for a key: a body, or (an incident route's) the incident it is rebuilt from. */
export type KeptAnswer = { statusCode: number, body: string, incidentId?: undefined } | { statusCode: number, incidentId: number, body?: undefined }

/** The row holding `key`, if any, after dropping every key created before `expiredBefore`. */
export async function findIdempotencyKey (db: Kysely<Tables>, token: string, key: string, expiredBefore: string): Promise<IdempotencyKeyRow | undefined> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).execute()
  return db.selectFrom('idempotency_keys').selectAll().where('token', '=', token).where('key', '=', key).executeTakeFirst()
}

/**
 * Inserts the key with its answer, unless a row holds it already: undefined when inserted, else that row. Without an
 * answer only inside a transaction that sets it (setIdempotentAnswer) before it commits. PostgreSQL makes a second
 * inserter of the same key wait until the first transaction commits (then it finds its row) or rolls back (then it
 * inserts); SQLite has one writer at a time.
 */
export async function insertIdempotencyKey (db: Kysely<Tables>, row: IdempotencyKey, answer?: KeptAnswer): Promise<IdempotencyKeyRow | undefined> {
  const inserted = await db.insertInto('idempotency_keys')
    .values({
      token: row.token,
      key: row.key,
      request_hash: row.requestHash,
      status_code: answer?.statusCode ?? null,
      body: answer?.body ?? null,
      incident_id: answer?.incidentId ?? null,
      created_at: row.at
    })
    .onConflict((conflict) => conflict.columns(['token', 'key']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return undefined
  return db.selectFrom('idempotency_keys').selectAll().where('token', '=', row.token).where('key', '=', row.key).executeTakeFirst()
}

/** Sets the answer of a key inserted earlier in the same transaction. */
export async function setIdempotentAnswer (db: Kysely<Tables>, token: string, key: string, answer: KeptAnswer): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status_code: answer?.statusCode ?? null, body: answer.body ?? null, incident_id: answer.incidentId ?? null })
    .where('token', '=', token).where('key', '=', key).execute()
}
