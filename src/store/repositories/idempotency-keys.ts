// SQL of idempotency_keys: the first answer to a POST carrying an Idempotency-Key, per token, kept 24 h.
import type { Kysely, Selectable } from 'kysely'
import type { IdempotencyKeysTable, Tables } from '../tables.ts'

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>

/**
 * Reserves the key for a request (dropping keys created before `expiredBefore` first, this one included); returns
 * undefined when reserved, or the row that holds the key already.
 */
export async function reserveIdempotencyKey (
  db: Kysely<Tables>, row: { token: string, key: string, requestHash: string, at: string }, expiredBefore: string
): Promise<IdempotencyKeyRow | undefined> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).execute()
  const inserted = await db.insertInto('idempotency_keys')
    .values({ token: row.token, key: row.key, request_hash: row.requestHash, status_code: null, body: null, created_at: row.at })
    .onConflict((conflict) => conflict.columns(['token', 'key']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return undefined
  return db.selectFrom('idempotency_keys').selectAll().where('token', '=', row.token).where('key', '=', row.key).executeTakeFirst()
}

/** Keeps the answer given to the request that reserved the key. */
export async function completeIdempotencyKey (db: Kysely<Tables>, token: string, key: string, statusCode: number, body: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status_code: statusCode, body }).where('token', '=', token).where('key', '=', key).execute()
}

/** Gives the key up (the request failed on our side): a retry is answered afresh. */
export async function releaseIdempotencyKey (db: Kysely<Tables>, token: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('token', '=', token).where('key', '=', key).where('status_code', 'is', null).execute()
}
