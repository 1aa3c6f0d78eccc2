// A maintenance series in the calendar: one VEVENT with its RRULE from DTSTART;TZID (the zone's VTIMEZONE beside it),
// each occurrence that will not run as the rule says (cancelled, ended early, gone with its series) an EXDATE, so a
// calendar expanding the feed finds the occurrences our own expansion (rrule-temporal) writes, at the same instants.
import { Temporal } from 'temporal-polyfill'
import { occurrenceStarts, type Recurrence } from '../lib/recurrence.ts'
import { recurrenceOf } from '../incidents/series.ts'
import { icsDateTime, icsText } from '../lib/icalendar.ts'
import type { SeriesRow } from '../store/repositories/maintenance-series.ts'
import type { MaintenanceWithComponents } from '../store/repositories/maintenances.ts'

const DAY_MS = 86_400_000
/** The zone's transitions are written this far past now (the calendar is read again every hour). */
const TRANSITIONS_AHEAD_MS = 10 * 366 * DAY_MS
/** A series over (ended, or its last occurrence done) longer ago than this leaves the calendar. */
const KEPT_MS = 90 * DAY_MS

/** `YYYYMMDDTHHMMSS` of a wall time. */
const wall = (time: Temporal.PlainDateTime) =>
  `${String(time.year).padStart(4, '0')}${pad(time.month)}${pad(time.day)}T${pad(time.hour)}${pad(time.minute)}${pad(time.second)}`
const pad = (n: number) => String(n).padStart(2, '0')
const wallOf = (ms: number, timeZone: string) => wall(Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDateTime())

/** An offset in nanoseconds as `+HHMM` (`+HHMMSS` for the odd historical one). */
function offsetText (nanoseconds: number): string {
  const seconds = Math.round(nanoseconds / 1e9)
  const abs = Math.abs(seconds)
  const text = `${pad(Math.floor(abs / 3600))}${pad(Math.floor(abs / 60) % 60)}${abs % 60 === 0 ? '' : pad(abs % 60)}`
  return `${seconds < 0 ? '-' : '+'}${text}`
}

/** An exact duration (hours, minutes, seconds: never nominal days), as RFC 5545 writes it: `PT1H30M`. */
function durationText (ms: number): string {
  const seconds = Math.round(ms / 1000)
  const h = Math.floor(seconds / 3600)
  const m = Math.floor(seconds / 60) % 60
  const s = seconds % 60
  return `PT${h > 0 ? `${h}H` : ''}${m > 0 ? `${m}M` : ''}${s > 0 || seconds === 0 ? `${s}S` : ''}`
}

/**
 * The VTIMEZONE of `timeZone` over [from, to]: the observance in force at `from` and every transition up to `to`,
 * each as its own STANDARD or DAYLIGHT with the offsets before and after, from the same zone data the occurrences
 * are computed with.
 */
export function vtimezone (timeZone: string, from: number, to: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`]
  let at = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(timeZone)
  const before = at.getTimeZoneTransition('previous')
  const observance = (transition: Temporal.ZonedDateTime) => {
    const offsetFrom = transition.subtract({ nanoseconds: 1 }).offsetNanoseconds
    const offsetTo = transition.offsetNanoseconds
    const kind = offsetTo > offsetFrom ? 'DAYLIGHT' : 'STANDARD'
    // DTSTART is the wall time the transition happens at, on the clocks before it.
    const local = transition.toInstant().add({ nanoseconds: offsetFrom }).toZonedDateTimeISO('UTC').toPlainDateTime()
    lines.push(`BEGIN:${kind}`, `DTSTART:${wall(local)}`, `TZOFFSETFROM:${offsetText(offsetFrom)}`, `TZOFFSETTO:${offsetText(offsetTo)}`, `END:${kind}`)
  }
  if (before === null) {
    const offset = offsetText(at.offsetNanoseconds)
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD')
  } else {
    observance(before)
  }
  for (let next = at.getTimeZoneTransition('next'); next !== null && next.epochMilliseconds <= to; next = at.getTimeZoneTransition('next')) {
    observance(next)
    at = next
  }
  lines.push('END:VTIMEZONE')
  return lines
}

/**
 * Where a series' occurrences begin and, when they stop, its last start: an UNTIL date (which RFC 5545 would have as
 * a UTC time beside a DTSTART with a zone) or the series' end becomes the instant of the last start; COUNT stays.
 */
function span (row: SeriesRow, recurrence: Recurrence): { first: number, last: number | undefined, count: string | undefined } | undefined {
  const first = Temporal.PlainDateTime.from(row.start_local).toZonedDateTime(row.timezone, { disambiguation: 'compatible' }).epochMilliseconds
  const count = /(?:^|;)COUNT=(\d+)/.exec(row.rrule)?.[1]
  const until = /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})/.exec(row.rrule)
  const endedAt = row.ended_at === null ? undefined : Date.parse(row.ended_at)
  // The rule itself (rrule-temporal) says which starts fall before its UNTIL; a day past it is looked at, no more.
  const untilBound = until === null ? undefined : Date.UTC(Number(until[1]), Number(until[2]) - 1, Number(until[3])) + 2 * DAY_MS
  const to = Math.min(endedAt ?? Infinity, untilBound ?? Infinity)
  if (to === Infinity) return { first, last: undefined, count }
  const last = occurrenceStarts(recurrence, first, to).at(-1)
  if (last === undefined) return undefined
  return { first, last, count: endedAt === undefined ? count : undefined }
}

/**
 * The calendar lines of one series (its VEVENT, EXDATEs included), and the zone it needs; undefined when it has
 * nothing to show (over long ago, or no occurrence). `rows` are the windows read (those ending in the last 90 days
 * or later); the windows of the series that begin where no rule start is are returned to be shown on their own.
 */
export function seriesEvent (row: SeriesRow, rows: readonly MaintenanceWithComponents[], now: number, host: string, describe: (row: SeriesRow) => string, url: string):
  { lines: string[], zone: { timeZone: string, from: number, to: number } | undefined, apart: MaintenanceWithComponents[] } | undefined {
  const recurrence = recurrenceOf(row)
  const bounds = span(row, recurrence)
  if (bounds === undefined) return undefined
  if (bounds.last !== undefined && bounds.last + row.duration_ms < now - KEPT_MS) return undefined
  const utc = row.timezone === 'UTC'
  const at = (ms: number) => utc ? icsDateTime(ms) : wallOf(ms, row.timezone)
  const tzid = utc ? '' : `;TZID=${row.timezone}`
  const parts = row.rrule.split(';').filter((part) => !/^(COUNT|UNTIL)=/.test(part))
  if (bounds.count !== undefined) parts.push(`COUNT=${bounds.count}`)
  else if (bounds.last !== undefined) parts.push(`UNTIL=${icsDateTime(bounds.last)}`)

  const own = rows.filter((window) => window.series_id === row.id)
  const byStart = new Map(own.map((window) => [Date.parse(window.starts_at), window]))
  // Rule starts from the oldest window read to the newest: those without a window that runs are not happening.
  const known = own.map((window) => Date.parse(window.starts_at))
  const exdates: number[] = []
  const ruled = new Set<number>()
  if (known.length > 0) {
    const from = Math.max(bounds.first, Math.min(...known))
    const to = Math.max(...known)
    for (const start of occurrenceStarts(recurrence, from, to + 1)) {
      ruled.add(start)
      const window = byStart.get(start)
      if (window === undefined || window.ended_at !== null) exdates.push(start)
    }
  }
  const apart = own.filter((window) => !ruled.has(Date.parse(window.starts_at)) && window.ended_at === null)
  const lines = [
    'BEGIN:VEVENT',
    `UID:maintenance-series-${row.id}@${host}`,
    `DTSTAMP:${icsDateTime(row.changed_at)}`,
    `DTSTART${tzid}:${at(bounds.first)}`,
    `DURATION:${durationText(row.duration_ms)}`,
    `RRULE:${parts.join(';')}`,
    ...(exdates.length === 0 ? [] : [`EXDATE${tzid}:${exdates.map(at).join(',')}`]),
    `SUMMARY:${icsText(row.title)}`,
    `DESCRIPTION:${icsText(describe(row))}`,
    `URL:${url}`,
    'STATUS:CONFIRMED',
    'TRANSP:TRANSPARENT',
    'END:VEVENT'
  ]
  const zone = utc ? undefined : { timeZone: row.timezone, from: bounds.first, to: Math.min(bounds.last ?? Infinity, Math.max(now, bounds.first) + TRANSITIONS_AHEAD_MS) + row.duration_ms }
  return { lines, zone, apart }
}
