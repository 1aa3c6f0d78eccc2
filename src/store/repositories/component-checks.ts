// SQL of the component_checks table: one row per minute slot and component (and `overall`), keeping the worst status
// any replica saw in that minute, with the latency of that worst observation.
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { MEASURED_ORDER, severity } from '../../api/status-severity.ts'
import type { Database } from '../database.ts'
import type { StoredStatus, Tables } from '../tables.ts'
import { inTransaction } from '../transaction.ts'
import { SHOWN_ORDER, codeOfMeasured, isShownCode, type ShownCode, type ShownMinutes } from '../../api/shown-minutes.ts'

/** The row of a minute that holds the overall status, next to the components' rows. */
export const OVERALL = 'overall'

export interface ComponentCheckRow {
  /** Minutes since the Unix epoch (UTC). */
  minute: number
  /** A component's id, or OVERALL. */
  component: string
  status: StoredStatus
  /** Milliseconds; null when the check reported none. */
  latencyMs: number | null
  /** What the page showed (src/api/shown-minutes.ts); absent or null: not known (overall, older rows). */
  shown?: ShownCode | null
}

/** Counts of one UTC day (days since the epoch) and one component (or OVERALL), as rolled up from minute rows. */
export interface DayCounts {
  day: number
  component: string
  /** Checks with a known status (ok, degraded or down); `unknown` minutes are not counted. */
  checks: number
  degraded: number
  down: number
}

/** One UTC day's latency of one component: median and 95th percentile (nearest rank) of its minutes with a latency. */
export interface DayLatency {
  day: number
  component: string
  p50Ms: number
  p95Ms: number
}

/** Rows per statement: 8,000 parameters, within both databases' limits; fewer statements to build and send. */
const BATCH = 2000

/** The rank of a stored status (src/api/status-severity.ts: unknown < ok < degraded < down), as SQL; anything else ranks as unknown. */
function rankOf (column: RawBuilder<unknown>): RawBuilder<number> {
  const ranked = MEASURED_ORDER.filter((status) => severity(status) > 0)
  return sql<number>`case ${column} ${sql.join(ranked.map((status) => sql`when ${sql.lit(status)} then ${sql.lit(severity(status))}`), sql` `)} else 0 end`
}

const stored = (column: string) => sql.ref(`component_checks.${column}`)
const incoming = (column: string) => sql.ref(`excluded.${column}`)

/** The worse status of the stored row and the incoming one. */
const worstStatus = sql<string>`case when ${rankOf(incoming('status'))} > ${rankOf(stored('status'))} then ${incoming('status')} else ${stored('status')} end`

/**
 * The latency of the observation whose status won; between two of the same status, the higher one (a missing
 * latency never replaces one). Like the status, the result does not depend on the order of the writers.
 */
const latencyOfWorst = sql<number | null>`case
  when ${rankOf(incoming('status'))} > ${rankOf(stored('status'))} then ${incoming('latency_ms')}
  when ${rankOf(incoming('status'))} < ${rankOf(stored('status'))} then ${stored('latency_ms')}
  when ${stored('latency_ms')} is null then ${incoming('latency_ms')}
  when ${incoming('latency_ms')} > ${stored('latency_ms')} then ${incoming('latency_ms')}
  else ${stored('latency_ms')} end`

/** The rank of a shown code in SHOWN_ORDER (null ranks below every code), as SQL. */
function shownRankOf (column: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`case ${column} ${sql.join(SHOWN_ORDER.map((code, index) => sql`when ${sql.lit(code)} then ${sql.lit(index + 1)}`), sql` `)} else 0 end`
}

/** Of two replicas' shown codes for a minute, the worse one: what their readers saw at worst, whatever the order of writes. */
const worstShown = sql<string | null>`case when ${shownRankOf(incoming('shown'))} > ${shownRankOf(stored('shown'))} then ${incoming('shown')} else ${stored('shown')} end`

/**
 * Records checks; a (minute, component) already recorded keeps the worst status and its latency. Safe from any number
 * of replicas at once: one statement per batch, and the result does not depend on the order of writers. Rows that
 * repeat a (minute, component) are merged first (one statement may not update a row twice).
 */
export async function upsertComponentChecks (database: Database, given: ComponentCheckRow[], options: { statementTimeoutMs?: number } = {}): Promise<void> {
  const rows = mergedPerMinuteAndComponent(given)
  const write = async (db: Kysely<Tables>) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      const values = rows.slice(start, start + BATCH).map((row) => ({
        minute: row.minute, component: row.component, status: row.status, latency_ms: row.latencyMs, shown: row.shown ?? null
      }))
      await db.insertInto('component_checks').values(values)
        .onConflict((conflict) => conflict.columns(['minute', 'component']).doUpdateSet({ status: worstStatus, latency_ms: latencyOfWorst, shown: worstShown }))
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
  else await inTransaction(database.db, write)
}

/** The table's rule in memory: the worse status wins with its latency; between two of the same status, the higher latency. */
export function worseCheck (a: ComponentCheckRow, b: ComponentCheckRow): ComponentCheckRow {
  const [severityA, severityB] = [severity(a.status), severity(b.status)]
  if (severityB > severityA) return withShown({ ...b }, a)
  if (severityB < severityA) return withShown(a, b)
  const latencyMs = a.latencyMs === null ? b.latencyMs : b.latencyMs === null ? a.latencyMs : Math.max(a.latencyMs, b.latencyMs)
  return { ...withShown(a, b), latencyMs }
}

/** `a` with the worse of both shown codes (SHOWN_ORDER), as the table merges them. */
function withShown (a: ComponentCheckRow, b: ComponentCheckRow): ComponentCheckRow {
  const rank = (code: ShownCode | null | undefined) => code == null ? -1 : SHOWN_ORDER.indexOf(code)
  if (b.shown === undefined && a.shown === undefined) return a
  return { ...a, shown: rank(b.shown) > rank(a.shown) ? b.shown : a.shown }
}

function mergedPerMinuteAndComponent (rows: ComponentCheckRow[]): ComponentCheckRow[] {
  const minutes = new Map<number, Map<string, ComponentCheckRow>>()
  let repeated = false
  for (const row of rows) {
    let components = minutes.get(row.minute)
    if (components === undefined) minutes.set(row.minute, components = new Map())
    const held = components.get(row.component)
    if (held !== undefined) repeated = true
    components.set(row.component, held === undefined ? row : worseCheck(held, row))
  }
  return repeated ? [...minutes.values()].flatMap((components) => [...components.values()]) : rows
}

/** Rows with `from <= minute < to`, by minute, then component. */
export async function listComponentChecks (database: Database, from: number, to: number): Promise<ComponentCheckRow[]> {
  const rows = await database.db.selectFrom('component_checks').selectAll()
    .where('minute', '>=', from).where('minute', '<', to).orderBy('minute').orderBy('component').execute()
  return rows.map((row) => ({
    minute: Number(row.minute), component: row.component, status: row.status, latencyMs: row.latency_ms === null ? null : Number(row.latency_ms),
    ...(row.shown === null ? {} : { shown: isShownCode(row.shown) ? row.shown : null })
  }))
}

// Integer division is the same on both databases: minute / 1440 is the UTC day.
const DAY = sql<number>`minute / 1440`

/** Per day and component (not OVERALL), its minutes by what the page showed; a row without a shown code counts by its measured status. */
export async function countShownMinutesByDay (database: Database, fromMinute: number, toMinute: number): Promise<Array<{ day: number, component: string, minutes: ShownMinutes }>> {
  const rows = await database.db.selectFrom('component_checks')
    .select([DAY.as('day'), 'component', 'shown', 'status', sql<number>`count(*)`.as('count')])
    .where('minute', '>=', fromMinute).where('minute', '<', toMinute).where('component', '<>', OVERALL)
    .groupBy([DAY, 'component', 'shown', 'status']).execute()
  const byKey = new Map<string, { day: number, component: string, minutes: ShownMinutes }>()
  for (const row of rows) {
    const day = Number(row.day)
    const key = `${day}\u0000${row.component}`
    let entry = byKey.get(key)
    if (entry === undefined) byKey.set(key, entry = { day, component: row.component, minutes: {} })
    const code: ShownCode = row.shown !== null && isShownCode(row.shown) ? row.shown : codeOfMeasured(row.status)
    entry.minutes[code] = (entry.minutes[code] ?? 0) + Number(row.count)
  }
  return [...byKey.values()].sort((a, b) => a.day - b.day || (a.component < b.component ? -1 : a.component > b.component ? 1 : 0))
}

/** Per day and component: how many checks had a known status, and how many of them were degraded or down. */
export async function countComponentChecksByDay (database: Database, fromMinute: number, toMinute: number): Promise<DayCounts[]> {
  const rows = await database.db.selectFrom('component_checks')
    .select([
      DAY.as('day'),
      'component',
      sql<number>`sum(case when status in ('ok', 'degraded', 'down') then 1 else 0 end)`.as('checks'),
      sql<number>`sum(case when status = 'degraded' then 1 else 0 end)`.as('degraded'),
      sql<number>`sum(case when status = 'down' then 1 else 0 end)`.as('down')
    ])
    .where('minute', '>=', fromMinute).where('minute', '<', toMinute)
    .groupBy([DAY, 'component']).orderBy(DAY).orderBy('component').execute()
  return rows.map((row) => ({ day: Number(row.day), component: row.component, checks: Number(row.checks), degraded: Number(row.degraded), down: Number(row.down) }))
}

/**
 * Per day and component with any latency recorded: the median and the 95th percentile by nearest rank (the value at
 * rank ⌈p·n⌉ of the n latencies in order), computed by the database with window functions (SQLite 3.25+, PostgreSQL).
 */
export async function latencyPercentilesByDay (database: Database, fromMinute: number, toMinute: number): Promise<DayLatency[]> {
  const { rows } = await sql<{ day: number | string, component: string, latency_ms: number | string, position: number | string, n: number | string }>`
    select day, component, latency_ms, position, n from (
      select ${DAY} as day, component, latency_ms,
        row_number() over (partition by ${DAY}, component order by latency_ms) as position,
        count(*) over (partition by ${DAY}, component) as n
      from component_checks
      where minute >= ${fromMinute} and minute < ${toMinute} and latency_ms is not null
    ) ranked
    where position = (n * 50 + 99) / 100 or position = (n * 95 + 99) / 100
    order by day, component, position`.execute(database.db)
  const result = new Map<string, DayLatency>()
  for (const row of rows) {
    const day = Number(row.day)
    const n = Number(row.n)
    const position = Number(row.position)
    const latency = Number(row.latency_ms)
    const key = `${day}\u0000${row.component}`
    const entry = result.get(key) ?? { day, component: row.component, p50Ms: latency, p95Ms: latency }
    if (position === Math.floor((n * 50 + 99) / 100)) entry.p50Ms = latency
    if (position === Math.floor((n * 95 + 99) / 100)) entry.p95Ms = latency
    result.set(key, entry)
  }
  return [...result.values()]
}

/** The earliest minute with a row; undefined when there is none. One step down the key. */
export async function firstCheckedMinute (database: Database): Promise<number | undefined> {
  const row = await database.db.selectFrom('component_checks').select('minute').orderBy('minute').limit(1).executeTakeFirst()
  return row === undefined ? undefined : Number(row.minute)
}

/** Rows recorded, of one component (or OVERALL: the minutes recorded) or of all. */
export async function countComponentChecks (database: Database, component?: string): Promise<number> {
  let query = database.db.selectFrom('component_checks').select((eb) => eb.fn.countAll<number>().as('n'))
  if (component !== undefined) query = query.where('component', '=', component)
  return Number((await query.executeTakeFirstOrThrow()).n)
}

/** Removes rows older than `minute`; returns how many. */
export async function deleteComponentChecksBefore (database: Database, minute: number): Promise<number> {
  const result = await database.db.deleteFrom('component_checks').where('minute', '<', minute).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Empties the table (the seed command's --replace). */
export async function deleteAllComponentChecks (database: Database): Promise<void> {
  await database.db.deleteFrom('component_checks').execute()
}
