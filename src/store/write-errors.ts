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
