// One transaction for a write of several statements, or the caller's when it runs inside one already (an operator
// API write with an Idempotency-Key commits the key, the write and its answer together: src/http/operator/idempotency.ts).
import type { Kysely, Transaction } from 'kysely'
import type { Database } from './database.ts'
import type { Tables } from './tables.ts'

/** Runs `fn` in a transaction of its own, or in `db`'s when `db` is a transaction already (Kysely cannot nest them). */
export function inTransaction<T> (db: Kysely<Tables>, fn: (trx: Kysely<Tables>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn)
}

/** `database` whose every statement runs in `trx` (what the operations take, for a write inside a keyed transaction). */
export function databaseIn (database: Database, trx: Transaction<Tables>): Database {
  return { ...database, db: trx, dialect: database.dialect }
}
