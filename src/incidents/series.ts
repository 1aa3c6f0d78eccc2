// Recurring maintenance: a series is created, ended and shown; its occurrences are
// materialised ahead as ordinary windows (each with its id, page, banner, events), idempotently on every replica.
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { formatDuration } from '../declaration/duration.ts'
import type { Clock } from '../lib/clock.ts'
import { repeating } from '../lib/repeating.ts'
import {
  deleteOccurrences, endSeriesRow, findSeries, insertOccurrence, insertSeries, loadSeries, occurrenceStartsStored, openOccurrences,
  unannouncedOccurrencesAfter, type SeriesRow
} from '../store/repositories/maintenance-series.ts'
import type { Tables } from '../store/tables.ts'
import { nextStarts, occurrenceStarts, type Recurrence } from '../lib/recurrence.ts'
import { InvalidInput } from './rules.ts'
import { endMaintenance } from './writes.ts'

/** Occurrences are materialised at least this far ahead (the page shows the next 14 days). */
export const MATERIALISE_DAYS = 15
const DAY_MS = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

/** A series as checked (src/incidents/input.ts), ready to be written. */
export interface CheckedSeries extends Recurrence {
  title: string
  message: string
  /** null: the default (MAINTENANCE_REMIND_MINUTES); 0: none. */
  remindMinutes: number | null
  components: readonly string[]
}

/** What the operations answer for a series. */
export interface SeriesView {
  id: string
  title: string
  message: string
  rrule: string
  timezone: string
  /** The first start as a wall time in the zone. */
  start: string
  /** As the status file writes durations: 1h, 90m is 1h30m. */
  duration: string
  remindMinutes: number | null
  components: string[]
  /** operator or file. */
  source: string
  endedAt: string | null
  /** The next 10 occurrences (not ended), in UTC. */
  next: Array<{ startsAt: string, endsAt: string }>
}

export const recurrenceOf = (row: SeriesRow): Recurrence =>
  ({ rrule: row.rrule, start: row.start_local, timeZone: row.timezone, durationMs: row.duration_ms })

export function seriesView (row: SeriesRow, now: number): SeriesView {
  const next = row.ended_at !== null ? [] : nextStarts(recurrenceOf(row), now - row.duration_ms + 1, 10)
  return {
    id: row.id, title: row.title, message: row.message, rrule: row.rrule, timezone: row.timezone, start: row.start_local,
    duration: formatDuration(row.duration_ms), remindMinutes: row.remind_minutes, components: JSON.parse(row.components) as string[],
    source: row.source, endedAt: row.ended_at,
    next: next.map((start) => ({ startsAt: iso(start), endsAt: iso(start + row.duration_ms) }))
  }
}

/** A new series' id: `ms-` and 8 hex digits (a status file's series keep the ids it gives them). */
const newSeriesId = () => `ms-${randomBytes(4).toString('hex')}`

/** Writes a series and materialises its first occurrences; returns its id and the first occurrence's window id. */
export async function createSeries (db: Kysely<Tables>, series: CheckedSeries, now: number, by?: string, id = newSeriesId(), source = 'operator'): Promise<{ id: string, first: number | undefined }> {
  const at = iso(now)
  const row: SeriesRow = {
    id, title: series.title, message: series.message, rrule: series.rrule, start_local: series.start, timezone: series.timeZone,
    duration_ms: series.durationMs, remind_minutes: series.remindMinutes, components: JSON.stringify([...series.components].sort()),
    source, created_at: at, changed_at: at, by: by ?? null, ended_at: null, ended_by: null
  }
  await insertSeries(db, row)
  await materialiseOne(db, row, now)
  let [first] = await openOccurrences(db, id, at)
  if (first === undefined) {
    // Further ahead than the others are written: its first is written now all the same, so it is seen (and answered).
    const [start] = nextStarts(recurrenceOf(row), now - row.duration_ms + 1, 1)
    if (start !== undefined) first = await insertOccurrence(db, id, occurrenceOf(row, start, now))
  }
  return { id, first }
}

/**
 * Writes the occurrences of `row` starting from (a running one included) to MATERIALISE_DAYS ahead that are not
 * written yet. Occurrences before its last change are the old rule's, and are not written anew.
 */
export async function materialiseOne (db: Kysely<Tables>, row: SeriesRow, now: number): Promise<number> {
  if (row.ended_at !== null) return 0
  const from = Math.max(now - row.duration_ms + 1, Date.parse(row.changed_at) === Date.parse(row.created_at) ? -Infinity : Date.parse(row.changed_at))
  const to = now + MATERIALISE_DAYS * DAY_MS
  const starts = occurrenceStarts(recurrenceOf(row), from, to)
  if (starts.length === 0) return 0
  const stored = await occurrenceStartsStored(db, row.id, iso(starts[0]!), iso(to))
  const components = JSON.parse(row.components) as string[]
  let written = 0
  for (const start of starts) {
    if (stored.has(iso(start))) continue
    const id = await insertOccurrence(db, row.id, occurrenceOf(row, start, now, components))
    if (id !== undefined) written++
  }
  return written
}

const occurrenceOf = (row: SeriesRow, start: number, now: number, components = JSON.parse(row.components) as string[]) => ({
  title: row.title, message: row.message, startsAt: iso(start), endsAt: iso(start + row.duration_ms), at: iso(now),
  components, remindMinutes: row.remind_minutes, by: row.by
})

/** Materialises every open series; returns how many windows this call wrote. */
export async function materialiseAll (db: Kysely<Tables>, now: number): Promise<number> {
  let written = 0
  for (const row of await loadSeries(db, true)) written += await materialiseOne(db, row, now)
  return written
}

/**
 * Ends a series: no occurrences after now; a running one ends now; later ones nobody has heard of yet go, and those
 * announced already (a reminder went out) are cancelled, so their message says so.
 */
export async function endSeries (db: Kysely<Tables>, id: string, now: number, by?: string): Promise<void> {
  const row = await findSeries(db, id)
  if (row === undefined) throw new InvalidInput(`there is no maintenance series ${id}`)
  if (row.ended_at !== null) throw new InvalidInput(`maintenance series ${id} was ended at ${row.ended_at}`)
  if (!await endSeriesRow(db, id, iso(now), by ?? null)) throw new InvalidInput(`maintenance series ${id} was ended meanwhile`)
  await deleteOccurrences(db, await unannouncedOccurrencesAfter(db, id, iso(now)))
  for (const window of await openOccurrences(db, id, iso(now))) {
    await endMaintenance(db, window, now, by).catch((error: unknown) => {
      if (!(error instanceof InvalidInput)) throw error // ended meanwhile (its planned end, another replica): nothing to do
    })
  }
}

export interface SeriesMaterialiser {
  runOnce (): Promise<number>
  start (): void
  stop (): Promise<void>
}

/** Every replica runs this: occurrences are written ahead (once each, whoever is first) every `everyMs` (a minute). */
export function createSeriesMaterialiser (options: { db: Kysely<Tables>, clock: Clock, logger: Logger, everyMs?: number, firstRound?: () => Promise<void> }): SeriesMaterialiser {
  let first = options.firstRound
  const runOnce = async () => {
    // The status file's series are written before the first occurrences (again next round if it failed).
    if (first !== undefined) { await first(); first = undefined }
    return materialiseAll(options.db, options.clock.now())
  }
  const rounds = repeating({
    round: async () => { await runOnce() },
    delayAfter: () => options.everyMs ?? 60_000,
    onFailing: (error) => options.logger.warn({ code: (error as { code?: unknown }).code }, 'maintenance: cannot write the series\' occurrences; trying again'),
    onRecovered: () => options.logger.info('maintenance: writing the series\' occurrences again')
  })
  return { runOnce, start: rounds.start, stop: () => rounds.stop() }
}
