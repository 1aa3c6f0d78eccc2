// SQL of the uptime_daily rollup: per UTC day and component, checks and how many were degraded or down.
import type { Database } from '../database.ts'
import { dateOfDay, dayOfDate } from '../../lib/minutes.ts'
import type { DayCounts } from './health-checks.ts'

/** Writes rollups, replacing what a day had: rolling up the same raw rows again gives the same result. */
export async function upsertUptimeDaily (database: Database, counts: DayCounts[]): Promise<void> {
  const rows = counts.map((c) => ({ day: dateOfDay(c.day), component: c.component, checks: c.checks, degraded: c.degraded, down: c.down }))
  for (let start = 0; start < rows.length; start += 500) {
    await database.db.insertInto('uptime_daily').values(rows.slice(start, start + 500))
      .onConflict((conflict) => conflict.columns(['day', 'component']).doUpdateSet((eb) => ({
        checks: eb.ref('excluded.checks'),
        degraded: eb.ref('excluded.degraded'),
        down: eb.ref('excluded.down')
      })))
      .execute()
  }
}

/** Rollups of days `fromDay <= day < toDay` (days since the epoch). */
export async function listUptimeDaily (database: Database, fromDay: number, toDay: number): Promise<DayCounts[]> {
  const rows = await database.db.selectFrom('uptime_daily').selectAll()
    .where('day', '>=', dateOfDay(fromDay)).where('day', '<', dateOfDay(toDay)).orderBy('day').execute()
  return rows.flatMap((row) => {
    if (row.component !== 'overall' && row.component !== 'database' && row.component !== 'cache' && row.component !== 'bot') return []
    return [{ day: dayOfDate(row.day), component: row.component, checks: Number(row.checks), degraded: Number(row.degraded), down: Number(row.down) }]
  })
}

export async function deleteUptimeDailyBefore (database: Database, day: number): Promise<number> {
  const result = await database.db.deleteFrom('uptime_daily').where('day', '<', dateOfDay(day)).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteAllUptimeDaily (database: Database): Promise<void> {
  await database.db.deleteFrom('uptime_daily').execute()
}
