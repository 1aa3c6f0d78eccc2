// SQL of the health_checks table: one row per minute slot, keeping the worst status any replica saw.
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../database.ts'
import type { HealthChecksTable, Tables } from '../tables.ts'

export type HealthCheckRow = HealthChecksTable

/** Counts of one UTC day (days since the epoch) and one component, as rolled up from minute rows. */
export interface DayCounts {
  day: number
  component: 'overall' | 'database' | 'cache' | 'bot'
  checks: number
  degraded: number
  down: number
}

const BATCH = 500
const COLUMNS = ['status', 'database', 'cache', 'bot'] as const
const COMPONENT_OF = { status: 'overall', database: 'database', cache: 'cache', bot: 'bot' } as const

/** unknown < ok < degraded < down, as SQL, for the stored value and the incoming one. */
function severity (column: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`case ${column} when 'down' then 3 when 'degraded' then 2 when 'ok' then 1 else 0 end`
}

function worstOf (column: typeof COLUMNS[number]): RawBuilder<string> {
  const stored = sql.ref(`health_checks.${column}`)
  const incoming = sql.ref(`excluded.${column}`)
  return sql<string>`case when ${severity(incoming)} > ${severity(stored)} then ${incoming} else ${stored} end`
}

/**
 * Records checks; a minute already recorded keeps the worst status per column. Safe from any number of
 * replicas at once: one statement per batch, and the result does not depend on the order of writers.
 */
export async function upsertHealthChecks (database: Database, rows: HealthCheckRow[], options: { statementTimeoutMs?: number } = {}): Promise<void> {
  const write = async (db: Kysely<Tables>) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await db.insertInto('health_checks').values(rows.slice(start, start + BATCH))
        .onConflict((conflict) => conflict.column('minute').doUpdateSet({
          status: worstOf('status'),
          database: worstOf('database'),
          cache: worstOf('cache'),
          bot: worstOf('bot')
        }))
        .execute()
    }
  }
  const timeoutMs = options.statementTimeoutMs
  if (database.dialect === 'postgres' && timeoutMs !== undefined) {
    // Cancelled by the server (57014) when it waits longer, e.g. behind a lock on the table: a client-side
    // timeout would leave the statement queued there, holding its connection.
    await database.db.transaction().execute(async (tx) => {
      await sql`set local statement_timeout = ${sql.raw(String(Math.max(1, Math.floor(timeoutMs))))}`.execute(tx)
      await write(tx)
    })
  } else if (rows.length <= BATCH) await write(database.db)
  else await database.db.transaction().execute(write)
}

/** Rows with `from <= minute < to`, oldest first. */
export async function listHealthChecks (database: Database, from: number, to: number): Promise<HealthCheckRow[]> {
  const rows = await database.db.selectFrom('health_checks').selectAll()
    .where('minute', '>=', from).where('minute', '<', to).orderBy('minute').execute()
  return rows.map((row) => ({ ...row, minute: Number(row.minute) }))
}

/** Per day and component: how many checks were recorded, and how many of them were degraded or down. */
export async function countHealthChecksByDay (database: Database, fromMinute: number, toMinute: number): Promise<DayCounts[]> {
  const count = (column: typeof COLUMNS[number], value: string) =>
    sql<number>`sum(case when ${sql.ref(column)} = ${value} then 1 else 0 end)`.as(`${column}_${value}`)
  const known = (column: typeof COLUMNS[number]) =>
    sql<number>`sum(case when ${sql.ref(column)} in ('ok', 'degraded', 'down') then 1 else 0 end)`.as(`${column}_known`)
  // Integer division is the same on both databases: minute / 1440 is the UTC day.
  const day = sql<number>`minute / 1440`
  const rows = await database.db.selectFrom('health_checks')
    .select([day.as('day'), ...COLUMNS.flatMap((c) => [known(c), count(c, 'degraded'), count(c, 'down')])])
    .where('minute', '>=', fromMinute).where('minute', '<', toMinute)
    .groupBy(day).orderBy(day).execute()
  return rows.flatMap((row) => {
    const values = row as unknown as Record<string, number | string>
    return COLUMNS.map((column) => ({
      day: Number(values.day),
      component: COMPONENT_OF[column],
      checks: Number(values[`${column}_known`]),
      degraded: Number(values[`${column}_degraded`]),
      down: Number(values[`${column}_down`])
    }))
  })
}

export async function countAllHealthChecks (database: Database): Promise<number> {
  const row = await database.db.selectFrom('health_checks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Removes rows older than `minute`; returns how many. */
export async function deleteHealthChecksBefore (database: Database, minute: number): Promise<number> {
  const result = await database.db.deleteFrom('health_checks').where('minute', '<', minute).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Empties the table (the seed command's --replace). */
export async function deleteAllHealthChecks (database: Database): Promise<void> {
  await database.db.deleteFrom('health_checks').execute()
}
