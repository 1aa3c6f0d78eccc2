// Writes a generated history into a database that has none (or replaces it), as housekeeping would leave it: the
// complete days rolled up, raw minute rows only for the days raw rows are kept.
import type { Database } from '../store/database.ts'
import { OVERALL, countComponentChecks, deleteAllComponentChecks, upsertComponentChecks } from '../store/repositories/component-checks.ts'
import { deleteAllUptimeDaily, upsertUptimeDaily } from '../store/repositories/uptime-daily.ts'
import { rollUpRows } from '../monitor/day-rollups.ts'
import { RAW_RETENTION_DAYS } from '../monitor/history.ts'
import { reportedComponents } from '../monitor/reported-components.ts'
import { BUILTIN_PROBES, builtinDeclaration, type StatusDeclaration } from '../declaration/declaration.ts'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../lib/minutes.ts'
import { generateHistory, type SeedOptions } from './generated-history.ts'

export class HistoryExistsError extends Error {
  override name = 'HistoryExistsError'
}

export interface SeedResult {
  /** Minutes of history generated (each with a row per component and the overall status). */
  minutes: number
  /** Rows generated; those older than the raw retention live on as rollups only. */
  rows: number
}

export async function seedHistory (database: Database, options: {
  days: number
  now: number
  replace: boolean
  outages?: SeedOptions['outages']
  /** Its components besides the spec's three get a history too; default: the built-in model (the three alone). */
  declaration?: StatusDeclaration
  /** Whole days before today written as raw rows too (benchmarks write them all); default: the raw retention. */
  rawDays?: number
}): Promise<SeedResult> {
  if (options.replace) {
    await deleteAllComponentChecks(database)
    await deleteAllUptimeDaily(database)
  } else if (await countComponentChecks(database) > 0) {
    throw new HistoryExistsError('this database already holds health checks; seed an empty one (another DATA_DIR) or pass --replace')
  }
  const declaration = options.declaration ?? builtinDeclaration()
  const components = reportedComponents(declaration).filter((id) => !(BUILTIN_PROBES as readonly string[]).includes(id)).map((id) => {
    const check = declaration.components.find((c) => c.id === id)!.check
    return { id, measuresLatency: check.kind === 'http' || check.kind === 'tcp' || check.kind === 'builtin' }
  })
  const rows = generateHistory({ days: options.days, now: options.now, outages: options.outages, components })
  const today = dayOfMinute(minuteOf(options.now))
  const rawFrom = (today - (options.rawDays ?? RAW_RETENTION_DAYS)) * MINUTES_PER_DAY
  await upsertUptimeDaily(database, rollUpRows(rows.filter((row) => row.minute < today * MINUTES_PER_DAY)))
  await upsertComponentChecks(database, rows.filter((row) => row.minute >= rawFrom))
  return { minutes: rows.filter((row) => row.component === OVERALL).length, rows: rows.length }
}
