// The status file's series written to the database, as every replica reads the file at start: a new one is created
// with the file's id, an edited one changes from now on (the occurrences already announced, or running, stay as they
// were), one taken out of the file ends (likewise). Whoever is first writes; the others find nothing to do.
import type { Kysely } from 'kysely'
import type { DeclaredSeries } from '../declaration/declaration.ts'
import { firstStartOf } from '../declaration/file-series.ts'
import {
  changeSeriesRow, deleteOccurrences, endSeriesRow, insertSeriesOnce, loadSeries, unannouncedOccurrencesAfter, type SeriesChange, type SeriesRow
} from '../store/repositories/maintenance-series.ts'
import type { Tables } from '../store/tables.ts'
import { materialiseOne } from './series.ts'

const iso = (ms: number) => new Date(ms).toISOString()

/** The row the file asks for; a time-only start keeps the date it was first written with while the time is the same. */
function wanted (series: DeclaredSeries, stored: SeriesRow | undefined, now: number): Omit<SeriesChange, 'changed_at'> {
  const keptDate = stored !== undefined && !series.start.includes('T') && stored.start_local.endsWith(`T${series.start}`) && stored.timezone === series.timeZone
  return {
    title: series.title, message: series.message, rrule: series.rrule,
    start_local: keptDate ? stored.start_local : firstStartOf(series.start, series.timeZone, now),
    timezone: series.timeZone, duration_ms: series.durationMs, remind_minutes: series.remindMinutes, components: JSON.stringify(series.components)
  }
}

const same = (row: SeriesRow, want: Omit<SeriesChange, 'changed_at'>) =>
  (Object.keys(want) as Array<keyof typeof want>).every((key) => row[key] === want[key])

export interface FileSeriesOutcome { created: string[], changed: string[], ended: string[], skipped: string[] }

/** Brings the database to the file's series at `now`. Ids an operator's series already has are skipped (and reported). */
export async function syncFileSeries (db: Kysely<Tables>, declared: readonly DeclaredSeries[], now: number): Promise<FileSeriesOutcome> {
  const outcome: FileSeriesOutcome = { created: [], changed: [], ended: [], skipped: [] }
  const stored = new Map((await loadSeries(db)).map((row) => [row.id, row]))
  const at = iso(now)
  for (const series of declared) {
    const row = stored.get(series.id)
    if (row !== undefined && row.source !== 'file') { outcome.skipped.push(series.id); continue }
    const want = wanted(series, row, now)
    if (row === undefined || row.ended_at !== null) {
      if (row !== undefined) continue // ended: its id is spent (a series taken out of the file and put back needs a new id)
      const created = await insertSeriesOnce(db, { id: series.id, ...want, source: 'file', created_at: at, changed_at: at, by: 'status file', ended_at: null, ended_by: null })
      if (created) outcome.created.push(series.id)
      continue
    }
    if (same(row, want)) continue
    // Future occurrences nobody has heard of go; the new rule writes its own from now on (materialiseOne starts at changed_at).
    await changeSeriesRow(db, series.id, { ...want, changed_at: at })
    await deleteOccurrences(db, await unannouncedOccurrencesAfter(db, series.id, at))
    await materialiseOne(db, { ...row, ...want, changed_at: at }, now)
    outcome.changed.push(series.id)
  }
  const inFile = new Set(declared.map((series) => series.id))
  for (const row of stored.values()) {
    if (row.source !== 'file' || row.ended_at !== null || inFile.has(row.id)) continue
    if (!await endSeriesRow(db, row.id, at, 'status file')) continue
    await deleteOccurrences(db, await unannouncedOccurrencesAfter(db, row.id, at))
    outcome.ended.push(row.id)
  }
  return outcome
}
