// Why a database write failed, from the driver's error code (SQLite or PostgreSQL): one word for the monitor and a
// short cause for the CLI. Never the error text itself, which can name files, hosts or SQL.
export type WriteFailure = 'waiting' | 'full' | 'read_only' | 'damaged' | 'failed'

const CAUSE: Record<WriteFailure, string> = {
  waiting: 'the database is busy: another process holds its write lock',
  full: 'disk full',
  read_only: 'the database is read-only',
  damaged: 'the database file is damaged',
  failed: 'the database refused the write'
}

export function classifyWriteError (error: unknown): WriteFailure {
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  const name = (error as { name?: unknown } | null)?.name
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'waiting'
  if (code === 'SQLITE_FULL' || code === '53100') return 'full'
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === '25006') return 'read_only'
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'damaged'
  // PostgreSQL: statement_timeout (57014), lock_timeout (55P03); our own timeout; the pool waiting for a connection.
  // No connection left (53300 too many clients) is a wait for a free one too.
  if (code === '57014' || code === '55P03' || code === '53300' || name === 'TimeoutError') return 'waiting'
  if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) return 'waiting'
  return 'failed'
}

/** A one-line cause for an operator ("disk full"), or undefined when the error is not a recognised write failure. */
export function describeWriteError (error: unknown): string | undefined {
  const failure = classifyWriteError(error)
  return failure === 'failed' ? undefined : CAUSE[failure]
}

/** Node's own errors of a connection (PostgreSQL away, a reset, a name that does not resolve). */
const CONNECTION_CODES = /^(ECONN[A-Z]+|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ENETDOWN|EADDRNOTAVAIL)$/

/**
 * Whether `error` came from the database (its driver, its pool, its file, our time limit on it), so that waiting and
 * writing again can help. A mistake of ours (an invalid time, a bad argument) is not: a loop that writes until the
 * database takes it must let it through instead of trying it forever.
 */
export function isDatabaseError (error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = String((error as { code?: unknown }).code ?? '')
  const name = String((error as { name?: unknown }).name ?? '')
  // SQLite's codes; PostgreSQL's SQLSTATE (five characters, digits first); a broken connection.
  if (code.startsWith('SQLITE_') || /^[0-9][0-9A-Z]{4}$/.test(code) || CONNECTION_CODES.test(code)) return true
  if (name === 'SqliteError' || name === 'TimeoutError' || name === 'DatabaseFileMissing') return true
  // pg and better-sqlite3 say some things only in words: "Connection terminated unexpectedly", "timeout exceeded when
  // trying to connect", "The database connection is not open", "Cannot use a pool after calling end on the pool".
  const message = error instanceof Error ? error.message : ''
  return /connection|connect|database|pool|terminat/i.test(message)
}
