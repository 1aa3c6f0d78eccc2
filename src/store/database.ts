// Opens the database (embedded SQLite by default, PostgreSQL with DATABASE_URL) behind one Kysely type.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { Tables } from './tables.ts'
import { withTimeout } from '../lib/timeout.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  db: Kysely<Tables>
  dialect: Dialect
  /** Runs `select 1`; rejects when the database does not answer within `timeoutMs`. */
  ping (timeoutMs: number): Promise<void>
  close (): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl: string | undefined
  dataDir: string
  /** Called with a short, secret-free message when the PostgreSQL pool reports a broken connection. */
  onError?: (message: string) => void
  /**
   * SQLite: how long a write waits for another process's lock. better-sqlite3 waits synchronously, blocking the
   * event loop, so the server uses 0 (fail at once; the monitor keeps the checks and retries next round) and the
   * CLI, which serves nobody while it waits, the default 5 s.
   */
  busyTimeoutMs?: number
}

/** What the server waits for a SQLite write lock: nothing (see DatabaseOptions.busyTimeoutMs). */
export const SERVING_BUSY_TIMEOUT_MS = 0

export const SQLITE_FILE = 'status.db'

export function openDatabase (options: DatabaseOptions): Database {
  return options.databaseUrl === undefined
    ? openSqlite(options.dataDir, options.busyTimeoutMs ?? 5000)
    : openPostgres(options.databaseUrl, options.onError)
}

function openSqlite (dataDir: string, busyTimeoutMs: number): Database {
  mkdirSync(dataDir, { recursive: true })
  const file = new SQLite(path.join(dataDir, SQLITE_FILE))
  // WAL lets the CLI write while the server reads; the busy timeout makes a concurrent writer wait (CLI) or fail (server).
  file.pragma('journal_mode = WAL')
  file.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`)
  file.pragma('synchronous = NORMAL')
  file.pragma('foreign_keys = ON')
  return wrap(new Kysely<Tables>({ dialect: new SqliteDialect({ database: file }) }), 'sqlite')
}

function openPostgres (connectionString: string, onError: DatabaseOptions['onError']): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    // A query that hangs on a half-dead server must not hold a request for ever.
    query_timeout: 5000,
    allowExitOnIdle: false
  })
  // A client losing its server emits 'error' (on the pool when idle, on the client when busy); an event
  // without a listener would crash the process. The query in flight is rejected as well, which is what we act on.
  const lost = (error: Error & { code?: string }) => onError?.(`database connection lost (${error.code ?? 'error'})`)
  pool.on('error', lost)
  pool.on('connect', (client) => client.on('error', lost))
  return wrap(new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), 'postgres')
}

function wrap (db: Kysely<Tables>, dialect: Dialect): Database {
  return {
    db,
    dialect,
    ping: async (timeoutMs) => { await withTimeout(sql`select 1`.execute(db), timeoutMs, 'database ping') },
    close: () => db.destroy()
  }
}
