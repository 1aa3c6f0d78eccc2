// The parameters of GET /api/v1/health/uptime, read and checked by hand so that every refusal names its parameter:
// calendar days in UTC, a window of at most 400 days within retention, known components at most once each, `by`.
import { dateOfDay } from '../lib/minutes.ts'

export const MAX_WINDOW_DAYS = 400
/** Without `by`: days up to this many days, months beyond. */
const DAYS_BY_DAY = 92
const DEFAULT_DAYS = 30

export type UptimeBy = 'day' | 'month'

export interface UptimeQuery {
  /** Days since the epoch, inclusive. */
  fromDay: number
  toDay: number
  /** The components asked for, in page order; every reported one when none was named. */
  components: string[]
  by: UptimeBy
}

/** A refusal: the parameter it names and the sentence after it. */
export class UptimeQueryError extends Error {
  override name = 'UptimeQueryError'
  readonly parameter: string
  constructor (parameter: string, rule: string) {
    super(`${parameter}: ${rule}`)
    this.parameter = parameter
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar day YYYY-MM-DD as days since the epoch, or undefined for text that is none (29 February of 2026 included). */
export function dayOfCalendarDate (text: string): number | undefined {
  const match = DATE.exec(text)
  if (match === null) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const ms = Date.UTC(year, month - 1, day)
  if (year < 1970 || new Date(ms).toISOString().slice(0, 10) !== text) return undefined
  return ms / 86_400_000
}

export interface QueryBounds {
  today: number
  /** The first day kept. */
  firstDay: number
  /** Every component that can be asked for, in page order. */
  components: readonly string[]
}

/** The query of a request's raw parameters (a repeated one arrives as a list); UptimeQueryError for the first one that is wrong. */
export function parseUptimeQuery (raw: Record<string, unknown>, bounds: QueryBounds): UptimeQuery {
  const single = (name: string): string | undefined => {
    const value = raw[name]
    if (value === undefined) return undefined
    if (Array.isArray(value)) throw new UptimeQueryError(name, 'is given more than once')
    if (typeof value !== 'string' || value === '') throw new UptimeQueryError(name, 'must not be empty')
    return value
  }
  const day = (name: string): number | undefined => {
    const text = single(name)
    if (text === undefined) return undefined
    const parsed = dayOfCalendarDate(text)
    if (parsed === undefined) {
      const rule = DATE.test(text) ? 'is no calendar day' : 'must be a calendar day YYYY-MM-DD (UTC)'
      throw new UptimeQueryError(name, `${rule} (got ${JSON.stringify(text.slice(0, 40))})`)
    }
    return parsed
  }
  const fromGiven = day('from')
  const toGiven = day('to')
  const toDay = toGiven ?? bounds.today
  const fromDay = fromGiven ?? toDay - DEFAULT_DAYS + 1
  if (toDay > bounds.today) throw new UptimeQueryError('to', `is after today (${dateOfDay(bounds.today)})`)
  if (fromDay > toDay) throw new UptimeQueryError('from', `is after to (${dateOfDay(toDay)})`)
  const days = toDay - fromDay + 1
  if (days > MAX_WINDOW_DAYS) throw new UptimeQueryError('from', `the window from ${dateOfDay(fromDay)} to ${dateOfDay(toDay)} has ${days} days; at most ${MAX_WINDOW_DAYS}`)
  if (fromDay < bounds.firstDay) {
    throw new UptimeQueryError(fromGiven === undefined ? 'to' : 'from', `is before the first day kept (${dateOfDay(bounds.firstDay)}): days are kept ${MAX_WINDOW_DAYS} days`)
  }
  const byText = single('by')
  if (byText !== undefined && byText !== 'day' && byText !== 'month') throw new UptimeQueryError('by', `must be day or month (got ${JSON.stringify(byText.slice(0, 40))})`)
  const by: UptimeBy = byText ?? (days <= DAYS_BY_DAY ? 'day' : 'month')
  const named = raw.component === undefined ? [] : Array.isArray(raw.component) ? raw.component as unknown[] : [raw.component]
  const seen = new Set<string>()
  for (const id of named) {
    if (typeof id !== 'string' || id === '') throw new UptimeQueryError('component', 'must not be empty')
    if (!bounds.components.includes(id)) {
      throw new UptimeQueryError('component', `${JSON.stringify(id.slice(0, 64))} is no component (components: ${bounds.components.join(', ')})`)
    }
    if (seen.has(id)) throw new UptimeQueryError('component', `${JSON.stringify(id)} is given more than once`)
    seen.add(id)
  }
  const components = seen.size === 0 ? [...bounds.components] : bounds.components.filter((id) => seen.has(id))
  return { fromDay, toDay, components, by }
}

/** One key per distinct query: the same window, components and grouping share an answer. */
export function queryKey (query: UptimeQuery): string {
  return `${query.fromDay}\n${query.toDay}\n${query.by}\n${query.components.join(',')}`
}
