// Writes a generated history into a database that has none (or replaces it), then rolls it up.
import type { Database } from '../store/database.ts'
import { countAllHealthChecks, countHealthChecksByDay, deleteAllHealthChecks, upsertHealthChecks } from '../store/repositories/health-checks.ts'
import { deleteAllUptimeDaily, upsertUptimeDaily } from '../store/repositories/uptime-daily.ts'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../lib/minutes.ts'
import { generateHistory, type SeedOptions } from './generated-history.ts'

export class HistoryExistsError extends Error {
  override name = 'HistoryExistsError'
}

export async function seedHistory (database: Database, options: { days: number, now: number, replace: boolean, outages?: SeedOptions['outages'] }): Promise<{ rows: number }> {
  if (options.replace) {
    await deleteAllHealthChecks(database)
    await deleteAllUptimeDaily(database)
  } else if (await countAllHealthChecks(database) > 0) {
    throw new HistoryExistsError('this database already holds health checks; seed an empty one (another DATA_DIR) or pass --replace')
  }
  const rows = generateHistory({ days: options.days, now: options.now, outages: options.outages })
  await upsertHealthChecks(database, rows)
  const today = dayOfMinute(minuteOf(options.now))
  await upsertUptimeDaily(database, await countHealthChecksByDay(database, 0, today * MINUTES_PER_DAY))
  return { rows: rows.length }
}
