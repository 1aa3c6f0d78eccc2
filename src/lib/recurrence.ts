// Recurring maintenance: the rule (RFC 5545 RRULE, the parts we support) checked into one line of refusal or accepted,
// and its occurrences computed in the series' time zone by rrule-temporal (never by hand), so 03:00 Berlin stays 03:00.
import { RRuleTemporal } from 'rrule-temporal'
import { Temporal } from 'temporal-polyfill'
import { InvalidInput, printable } from './invalid-input.ts'

export const RRULE_HELP = 'an RFC 5545 rule such as FREQ=WEEKLY;BYDAY=SU, FREQ=MONTHLY;BYDAY=1SU, FREQ=MONTHLY;BYDAY=-1FR, FREQ=WEEKLY;INTERVAL=2;BYDAY=TU or FREQ=MONTHLY;BYMONTHDAY=31'

const SUPPORTED = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST'] as const
const KNOWN_UNSUPPORTED = ['BYSETPOS', 'BYHOUR', 'BYMINUTE', 'BYSECOND', 'BYMONTH', 'BYYEARDAY', 'BYWEEKNO', 'RSCALE', 'SKIP', 'DTSTART', 'EXDATE', 'RDATE']
const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY']
const DAY = '(?:MO|TU|WE|TH|FR|SA|SU)'

/** The longest a window of a series may last. */
export const MAX_DURATION_MS = 7 * 86_400_000
/** More occurrences than this in a year is refused: nobody means it, and every replica would write them. */
export const MAX_PER_YEAR = 1000

/** A rule in its one written form (upper case, parts in the order given, no `RRULE:`), or InvalidInput naming `label`. */
export function checkRule (label: string, text: string | undefined): string {
  if (text === undefined || text.trim() === '') throw new InvalidInput(`${label} is required: ${RRULE_HELP}`)
  const rule = text.trim().replace(/^RRULE:/i, '').toUpperCase()
  const parts = new Map<string, string>()
  for (const part of rule.split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part)
    if (match === null) throw new InvalidInput(`${label} "${printable(text)}" is not a recurrence rule; use ${RRULE_HELP}`)
    const [, name, value] = match as unknown as [string, string, string]
    if (KNOWN_UNSUPPORTED.includes(name)) throw new InvalidInput(`${label}: ${name} is not supported; use only ${SUPPORTED.join(', ')}`)
    if (!(SUPPORTED as readonly string[]).includes(name)) throw new InvalidInput(`${label}: "${printable(name)}" is not a part of a recurrence rule; use only ${SUPPORTED.join(', ')}`)
    if (parts.has(name)) throw new InvalidInput(`${label}: ${name} is given twice`)
    parts.set(name, value)
  }
  const freq = parts.get('FREQ')
  if (freq === undefined) throw new InvalidInput(`${label} needs FREQ (DAILY, WEEKLY or MONTHLY): ${RRULE_HELP}`)
  if (!FREQS.includes(freq)) throw new InvalidInput(`${label}: FREQ=${printable(freq)} is not supported; use DAILY, WEEKLY or MONTHLY`)
  const interval = parts.get('INTERVAL')
  if (interval !== undefined && !/^[1-9]\d{0,2}$/.test(interval)) throw new InvalidInput(`${label}: INTERVAL=${printable(interval)} must be a whole number from 1 to 999`)
  const count = parts.get('COUNT')
  if (count !== undefined && !/^[1-9]\d{0,4}$/.test(count)) throw new InvalidInput(`${label}: COUNT=${printable(count)} must be a whole number from 1 to 99999`)
  const until = parts.get('UNTIL')
  if (until !== undefined) {
    if (count !== undefined) throw new InvalidInput(`${label}: COUNT and UNTIL cannot both be given`)
    if (!/^\d{8}(T\d{6}Z)?$/.test(until) || untilInstant(until) === undefined) throw new InvalidInput(`${label}: UNTIL=${printable(until)} must be a UTC time such as 20271231T235959Z or a date such as 20271231`)
  }
  const wkst = parts.get('WKST')
  if (wkst !== undefined && !new RegExp(`^${DAY}$`).test(wkst)) throw new InvalidInput(`${label}: WKST=${printable(wkst)} must be a day such as MO`)
  const byDay = parts.get('BYDAY')
  if (byDay !== undefined) {
    for (const day of byDay.split(',')) {
      const match = new RegExp(`^([+-]?\\d{1,2})?(${DAY})$`).exec(day)
      if (match === null) throw new InvalidInput(`${label}: BYDAY=${printable(byDay)} must list days such as SU, MO,TH, 1SU or -1FR`)
      if (match[1] !== undefined) {
        if (freq !== 'MONTHLY') throw new InvalidInput(`${label}: BYDAY=${day} counts days in a month; it needs FREQ=MONTHLY`)
        const nth = Math.abs(Number(match[1]))
        if (nth < 1 || nth > 5) throw new InvalidInput(`${label}: BYDAY=${day}: the number before the day must be 1 to 5 or -1 to -5`)
      }
    }
  }
  const byMonthDay = parts.get('BYMONTHDAY')
  if (byMonthDay !== undefined) {
    if (freq === 'WEEKLY') throw new InvalidInput(`${label}: BYMONTHDAY cannot be used with FREQ=WEEKLY`)
    for (const day of byMonthDay.split(',')) {
      const n = /^[+-]?\d{1,2}$/.test(day) ? Math.abs(Number(day)) : 0
      if (n < 1 || n > 31) throw new InvalidInput(`${label}: BYMONTHDAY=${printable(byMonthDay)} must list days of the month from 1 to 31 (or -1 to -31 from the end)`)
    }
  }
  return [...parts].map(([name, value]) => `${name}=${value}`).join(';')
}

function untilInstant (until: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(until)
  if (match === null) return undefined
  const [year, month, day, hour = 23, minute = 59, second = 59] = match.slice(1).map((part) => part === undefined ? undefined : Number(part)) as number[]
  const ms = Date.UTC(year!, month! - 1, day!, hour, minute, second)
  const date = new Date(ms)
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined
  return ms
}

/** An IANA time zone's canonical name, or InvalidInput naming `label`. */
export function checkTimeZone (label: string, text: string | undefined): string {
  if (text === undefined || text.trim() === '') return 'UTC'
  try {
    return Temporal.Now.zonedDateTimeISO(text.trim()).timeZoneId
  } catch {
    throw new InvalidInput(`${label} "${printable(text)}" is not a time zone; use an IANA name such as Europe/Berlin, America/New_York or UTC`)
  }
}

/** Every IANA zone this runtime knows (for autocompletion), UTC first. */
export function timeZoneNames (): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
}

/** A wall time `YYYY-MM-DDTHH:MM` in its written form. */
const wallText = (time: Temporal.PlainDateTime) => time.toString({ smallestUnit: 'minute' })

/**
 * The instant of wall time `local` in `timeZone`; InvalidInput naming `label` when the time does not exist there (the
 * hour skipped when clocks go forward) or exists twice (the hour repeated when they go back).
 */
export function localInstant (label: string, local: Temporal.PlainDateTime, timeZone: string): number {
  const possible = possibleInstants(local, timeZone)
  if (possible === 0) throw new InvalidInput(`${label}: ${wallText(local)} does not exist in ${timeZone} (the clocks skip that hour); choose another time`)
  if (possible > 1) throw new InvalidInput(`${label}: ${wallText(local)} happens twice in ${timeZone} (the clocks go back over it); choose another time`)
  return Temporal.ZonedDateTime.from({ ...fieldsOf(local), timeZone }).epochMilliseconds
}

function fieldsOf (local: Temporal.PlainDateTime) {
  return { year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: local.second }
}

/** How many instants show `local` on the clocks of `timeZone`: 1, or 0 in a gap, 2 in a repeated hour. */
function possibleInstants (local: Temporal.PlainDateTime, timeZone: string): number {
  const earlier = Temporal.ZonedDateTime.from({ ...fieldsOf(local), timeZone }, { disambiguation: 'earlier' })
  const later = Temporal.ZonedDateTime.from({ ...fieldsOf(local), timeZone }, { disambiguation: 'later' })
  if (!earlier.toPlainDateTime().equals(local)) return 0
  return earlier.epochMilliseconds === later.epochMilliseconds ? 1 : 2
}

/** A local wall time `YYYY-MM-DDTHH:MM[:SS]`, or undefined when the text is not one. */
export function parseWallTime (text: string): Temporal.PlainDateTime | undefined {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/i.test(text.trim())) return undefined
  try {
    return Temporal.PlainDateTime.from(text.trim().replace(' ', 'T'), { overflow: 'reject' })
  } catch {
    return undefined
  }
}

/** The wall time of `ms` on the clocks of `timeZone`. */
export function wallTimeOf (ms: number, timeZone: string): Temporal.PlainDateTime {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDateTime()
}

/** What a series' occurrences are computed from. */
export interface Recurrence {
  /** As checkRule writes it. */
  rrule: string
  /** The first start as a wall time in `timeZone`, `YYYY-MM-DDTHH:MM`. */
  start: string
  timeZone: string
  durationMs: number
}

function rule (recurrence: Recurrence, timeZone = recurrence.timeZone): RRuleTemporal {
  const dtstart = Temporal.PlainDateTime.from(recurrence.start).toZonedDateTime(timeZone, { disambiguation: 'compatible' })
  return new RRuleTemporal({ rruleString: recurrence.rrule, dtstart })
}

/** The starts (ms since the epoch) of the occurrences that begin in [from, to), soonest first. */
export function occurrenceStarts (recurrence: Recurrence, from: number, to: number): number[] {
  return rule(recurrence).between(new Date(from), new Date(to), true)
    .map((time) => time.epochMilliseconds).filter((ms) => ms >= from && ms < to)
}

/** The first `count` occurrences starting at or after `from`. */
export function nextStarts (recurrence: Recurrence, from: number, count: number): number[] {
  const starts: number[] = []
  const r = rule(recurrence)
  let next = r.next(new Date(from), true)
  while (next !== null && starts.length < count) {
    starts.push(next.epochMilliseconds)
    next = r.next(new Date(next.epochMilliseconds), false)
  }
  return starts
}

/**
 * The checks of a series that need its occurrences, over its first year: the wall time of each exists once in the
 * zone, no more than MAX_PER_YEAR of them, none overlapping the next, at least one at all. Labels name the inputs.
 */
export function checkRecurrence (recurrence: Recurrence, labels: { rrule: string, from: string, duration: string }): void {
  let start: Temporal.PlainDateTime
  try {
    start = Temporal.PlainDateTime.from(recurrence.start)
    rule(recurrence)
  } catch (error) {
    throw new InvalidInput(`${labels.rrule}: ${printable((error as Error).message)}`)
  }
  localInstant(labels.from, start, recurrence.timeZone)
  // The wall times of the first year, expanded on a zone without daylight saving: a time the real zone skips or
  // repeats is found here, where the library (as RFC 5545 says) would silently drop or pick one.
  const wall = rule(recurrence, 'UTC')
  const yearEnd = start.toZonedDateTime('UTC').add({ years: 1 }).epochMilliseconds
  const walls: Temporal.PlainDateTime[] = []
  wall.all((time) => {
    if (time.epochMilliseconds >= yearEnd || walls.length > MAX_PER_YEAR) return false
    walls.push(time.toPlainDateTime())
    return true
  })
  if (walls.length === 0) throw new InvalidInput(`${labels.rrule} "${recurrence.rrule}" gives no occurrence from ${wallText(start)} on`)
  if (walls.length > MAX_PER_YEAR) throw new InvalidInput(`${labels.rrule} gives more than ${MAX_PER_YEAR} occurrences a year`)
  let previousEnd = -Infinity
  let previous = ''
  for (const time of walls) {
    const at = localInstant(labels.rrule, time, recurrence.timeZone)
    if (at <= previousEnd) {
      throw new InvalidInput(`${labels.duration}: occurrences would overlap (${previous} runs past ${wallText(time)}); make it shorter than the time between them`)
    }
    previousEnd = at + recurrence.durationMs
    previous = wallText(time)
  }
}
