// Opens the database (embedded SQLite by default, PostgreSQL with DATABASE_URL) behind one Kysely type.
import { mkdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver } from 'kysely'
import type pg from 'pg'
import type { Tables } from './tables.ts'
import { withTimeout } from '../lib/timeout.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  /** The current connection; SQLite replaces it when the file at the path was replaced (see `checkFile`). */
  readonly db: Kysely<Tables>
  dialect: Dialect
  /** Runs `select 1`; rejects when the database does not answer within `timeoutMs` (or its SQLite file is gone). */
  ping (timeoutMs: number): Promise<void>
  /**
   * SQLite: compares the open file's identity (device and inode, taken at open) with the file at the path now.
   * Deleted: `missing` (nothing written would survive a restart). Replaced (`status-api migrate` after a
   * deletion, a restored backup): reopened on the new file. PostgreSQL: always `same`.
   */
  checkFile (): Promise<'same' | 'missing' | 'reopened'>
  close (): Promise<void>
}

/** The SQLite file the server opened is no longer at its path. */
export class DatabaseFileMissing extends Error {
  override name = 'DatabaseFileMissing'
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
  /** Hears when the SQLite file was found replaced and reopened (a log line). */
  onReopen?: () => void
  /** PostgreSQL: connections in the pool (DATABASE_POOL_SIZE); the probe has one more of its own. */
  poolSize?: number
}

/** PostgreSQL connections per process by default: replicas × (pool + 1 probe) must stay under max_connections. */
const DEFAULT_POOL_SIZE = 5

/** What the server waits for a SQLite write lock: nothing (see DatabaseOptions.busyTimeoutMs). */
export const SERVING_BUSY_TIMEOUT_MS = 0

export const SQLITE_FILE = 'status.db'

export function openDatabase (options: DatabaseOptions): Database {
  return options.databaseUrl === undefined
    ? openSqlite(options.dataDir, options.busyTimeoutMs ?? 5000, options.onReopen)
    : openPostgres(options.databaseUrl, options.onError, options.poolSize ?? DEFAULT_POOL_SIZE)
}

function openSqlite (dataDir: string, busyTimeoutMs: number, onReopen: (() => void) | undefined): Database {
  mkdirSync(dataDir, { recursive: true })
  const filePath = path.join(dataDir, SQLITE_FILE)
  const connect = (mustExist: boolean) => {
    const file = new SQLite(filePath, { fileMustExist: mustExist })
    // WAL lets the CLI write while the server reads; the busy timeout makes a concurrent writer wait (CLI) or fail (server).
    file.pragma('journal_mode = WAL')
    file.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`)
    file.pragma('synchronous = NORMAL')
    file.pragma('foreign_keys = ON')
    return { identity: identityOf(filePath), db: new Kysely<Tables>({ dialect: new SqliteKeepingErrors(file) }) }
  }
  let current = connect(false)
  const checkFile = async (): Promise<'same' | 'missing' | 'reopened'> => {
    const identity = identityOf(filePath)
    if (identity === undefined) return 'missing'
    if (identity === current.identity) return 'same'
    const previous = current
    current = connect(true)
    await previous.db.destroy()
    onReopen?.()
    return 'reopened'
  }
  return {
    get db () { return current.db },
    dialect: 'sqlite',
    ping: async (timeoutMs) => {
      if (await checkFile() === 'missing') throw new DatabaseFileMissing('the database file is missing')
      await withTimeout(sql`select 1`.execute(current.db), timeoutMs, 'database ping')
    },
    checkFile,
    close: () => current.db.destroy()
  }
}

/** Device and inode of the file at `filePath`, or undefined when there is none. */
function identityOf (filePath: string): string | undefined {
  try {
    const stats = statSync(filePath, { bigint: true })
    return `${stats.dev}:${stats.ino}`
  } catch {
    return undefined
  }
}

/**
 * SQLite rolls a transaction back by itself on some errors (disk full, I/O error); Kysely's rollback then fails
 * with "cannot rollback - no transaction is active" and that error replaced the real one. Roll back only when a
 * transaction is open, so the caller sees the cause.
 */
class SqliteKeepingErrors extends SqliteDialect {
  readonly #file: SQLite.Database
  constructor (file: SQLite.Database) {
    super({ database: file })
    this.#file = file
  }

  override createDriver (): Driver {
    const file = this.#file
    return new class extends SqliteDriver {
      override async rollbackTransaction (connection: DatabaseConnection): Promise<void> {
        if (file.inTransaction) await super.rollbackTransaction(connection)
      }
    }({ database: file })
  }
}

/**
 * The PostgreSQL client, loaded when DATABASE_URL asks for it: the embedded shape starts without its ~45 modules.
 * `pg` is CommonJS, so it loads synchronously here and opening a database stays synchronous.
 */
function loadPg (): typeof pg {
  return createRequire(import.meta.url)('pg') as typeof pg
}

function openPostgres (connectionString: string, onError: DatabaseOptions['onError'], poolSize: number): Database {
  const pg = loadPg()
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    // A query that hangs on a half-dead server must not hold a request for ever; and the server gives up on one
    // waiting behind a lock at the same time, or the connection would stay busy with it after the client gave up.
    query_timeout: 5000,
    statement_timeout: 5000,
    application_name: 'status-api',
    allowExitOnIdle: false
  })
  // The probe's own connection, kept open: a `select 1` never queues behind a busy pool or a blocked table, and a
  // server that has no connection left for the pool (max_connections) still answers the probe it already has.
  const probe = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 0,
    query_timeout: 5000,
    statement_timeout: 5000,
    application_name: 'status-api probe',
    allowExitOnIdle: false
  })
  // A client losing its server emits 'error' (on the pool when idle, on the client when busy); an event
  // without a listener would crash the process. The query in flight is rejected as well, which is what we act on.
  const lost = (error: Error & { code?: string }) => onError?.(`database connection lost (${error.code ?? 'error'})`)
  for (const each of [pool, probe]) {
    each.on('error', lost)
    each.on('connect', (client) => client.on('error', lost))
  }
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  const probeDb = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: probe }) })
  return {
    db,
    dialect: 'postgres',
    ping: async (timeoutMs) => { await withTimeout(sql`select 1`.execute(probeDb), timeoutMs, 'database ping') },
    checkFile: async () => 'same',
    close: async () => { await Promise.all([db.destroy(), probeDb.destroy()]) }
  }
}
