// SQL of check_results: the latest result of each declared http, tcp and push check, one row per component.
import type { Kysely } from 'kysely'
import type { Tables } from '../tables.ts'

export interface CheckResultRow {
  component: string
  /** ok | degraded | down, or unknown while a first failure waits for its confirmation. */
  status: 'ok' | 'degraded' | 'down' | 'unknown'
  latencyMs: number | null
  message: string | null
  /** Failed attempts in a row. */
  failures: number
  /** Milliseconds since the epoch. */
  checkedAt: number
  /** The operator token's name for pushes through the operator API; null otherwise. */
  reportedBy: string | null
}

/** Writes a component's latest result, replacing the one before. */
export async function upsertCheckResult (db: Kysely<Tables>, row: CheckResultRow): Promise<void> {
  await upsertCheckResults(db, [row])
}

/** Writes several components' latest results in one statement (each component at most once), replacing those before. */
export async function upsertCheckResults (db: Kysely<Tables>, rows: readonly CheckResultRow[]): Promise<void> {
  if (rows.length === 0) return
  const values = rows.map((row) => ({
    component: row.component,
    status: row.status,
    latency_ms: row.latencyMs,
    message: row.message,
    failures: row.failures,
    checked_at: row.checkedAt,
    reported_by: row.reportedBy
  }))
  await db.insertInto('check_results').values(values).onConflict((conflict) => conflict.column('component').doUpdateSet((eb) => ({
    status: eb.ref('excluded.status'),
    latency_ms: eb.ref('excluded.latency_ms'),
    message: eb.ref('excluded.message'),
    failures: eb.ref('excluded.failures'),
    checked_at: eb.ref('excluded.checked_at'),
    reported_by: eb.ref('excluded.reported_by')
  }))).execute()
}

/** Every component's latest result (declared or not: the caller picks). */
export async function listCheckResults (db: Kysely<Tables>): Promise<CheckResultRow[]> {
  const rows = await db.selectFrom('check_results').selectAll().execute()
  return rows.map((row) => ({
    component: row.component,
    status: row.status as CheckResultRow['status'],
    latencyMs: row.latency_ms === null ? null : Number(row.latency_ms),
    message: row.message,
    failures: Number(row.failures),
    checkedAt: Number(row.checked_at),
    reportedBy: row.reported_by
  }))
}

/** One component's latest result; undefined when it has none. */
export async function findCheckResult (db: Kysely<Tables>, component: string): Promise<CheckResultRow | undefined> {
  return (await listCheckResults(db)).find((row) => row.component === component)
}
