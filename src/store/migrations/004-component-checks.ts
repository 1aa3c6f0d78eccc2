// Minute checks per component (docs/en/architecture.md#status-model): component_checks(minute, component, status, latency_ms) takes every row
// of health_checks (a column per component) without losing a minute, then health_checks goes; the daily rollups
// gain the day's median and 95th-percentile latency.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

/** The old table's columns and the component each becomes; `status` was the overall status of the minute. */
const COLUMNS = [['status', 'overall'], ['database', 'database'], ['cache', 'cache'], ['bot', 'bot']] as const

export function componentChecksMigration (dialect: Dialect) {
  const run = async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.createTable('component_checks')
      .addColumn('minute', 'integer', (c) => c.notNull())
      .addColumn('component', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('latency_ms', 'double precision')
      .addPrimaryKeyConstraint('component_checks_pk', ['minute', 'component'])
      // SQLite keeps the rows themselves in key order, so a range of minutes is read in one sweep, without a
      // lookup from an index into the table for every row.
      .$call((table) => dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table)
      .execute()
    // The old rows carried no latency.
    for (const [column, component] of COLUMNS) {
      await sql`insert into component_checks (minute, component, status, latency_ms)
        select minute, ${sql.lit(component)}, ${sql.ref(column)}, null from health_checks`.execute(db)
    }
    await db.schema.dropTable('health_checks').execute()
    await db.schema.alterTable('uptime_daily').addColumn('latency_p50_ms', 'double precision').execute()
    await db.schema.alterTable('uptime_daily').addColumn('latency_p95_ms', 'double precision').execute()
  }
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      // PostgreSQL runs every migration in a transaction. Kysely runs SQLite's without one, so this one opens its own:
      // a process stopped half-way leaves health_checks as it was, and the migration to run again.
      if (dialect === 'sqlite') await db.transaction().execute(run)
      else await run(db)
    }
  }
}
