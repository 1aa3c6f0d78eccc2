// /status/maintenance.ics (and below each page language's prefix): every planned or active maintenance window as one VEVENT of an RFC 5545
// calendar, so calendar apps show them; a series as one VEVENT with its rule (src/publish/calendar-series.ts). Pure: rows and a time in, the text out; the same rows give the same bytes.
import type { PublicComponent } from '../api/components.ts'
import type { IncidentsData } from '../incidents/view.ts'
import { maintenanceState } from '../incidents/view.ts'
import { icsDateTime, icsLines, icsText } from '../lib/icalendar.ts'
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { WORDS as LOCALES, message } from '../view/locale-words.js'
import type { SeriesRow } from '../store/repositories/maintenance-series.ts'
import { seriesEvent, vtimezone } from './calendar-series.ts'
import { componentNames } from './feeds.ts'
import { localPath, maintenanceUrl, statusUrl, type SiteLinks } from '../view/status-links.js'

export const CALENDAR_TYPE = 'text/calendar; charset=utf-8'

/** The site path of the calendar: `/status/maintenance.ics`, `{GERMAN_PREFIX}/status/maintenance.ics`, `/pt-br/status/maintenance.ics`. */
export function calendarPath (lang: PageLanguage, germanPrefix: string): string {
  return localPath(lang, '/status/maintenance.ics', germanPrefix)
}

/** The calendar's words in a language, from its locale file's `publish.calendar`. */
function calendarWords (tag: PageLanguage) {
  const words = LOCALES[tag].publish.calendar
  return {
    name: (product: string | undefined) => product === undefined ? words.name : message(tag, words.nameProduct, { product }),
    description: words.description,
    affected: words.affected,
    details: words.details
  }
}

const WORDS = Object.fromEntries(PAGE_LANGUAGES.map((tag) => [tag, calendarWords(tag)])) as Record<PageLanguage, ReturnType<typeof calendarWords>>

export interface CalendarOptions extends SiteLinks {
  lang: PageLanguage
  maintenances: IncidentsData['maintenances']
  now: number
  /** The model's components, whose names a window's components are shown by. */
  components: ReadonlyArray<Pick<PublicComponent, 'id' | 'name'>>
  /** The declared product's name; undefined without a status file. */
  productName: string | undefined
  /** The maintenance series: each one VEVENT with its rule instead of a VEVENT per occurrence. */
  series?: readonly SeriesRow[]
}

/**
 * The calendar: one VEVENT per window planned or active at `now`, soonest first. Its `UID` is
 * `maintenance-{id}@{host}` (the same on every replica and after restarts), `DTSTAMP` the time it was scheduled
 * (windows are never edited, only ended, which takes them off the calendar), the times in UTC.
 */
export function maintenanceCalendar (options: CalendarOptions): string {
  const { lang } = options
  const words = WORDS[lang]
  const host = new URL(options.baseUrl).hostname
  const name = words.name(options.productName)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    // The product id names the calendar in its language without the product ("Maintenance", "Wartungen").
    `PRODID:-//status-api//${words.name(undefined)}//${lang.toUpperCase()}`,
    'CALSCALE:GREGORIAN',
    // RFC 7986's name and refresh interval, and the names older clients read.
    `NAME:${icsText(name)}`,
    `X-WR-CALNAME:${icsText(name)}`,
    `DESCRIPTION:${icsText(words.description)}`,
    `URL:${statusUrl(options, lang)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H'
  ]
  const series = options.series ?? []
  const known = new Set(series.map((row) => row.id))
  const zones = new Map<string, { from: number, to: number }>()
  const events: string[] = []
  const apart: CalendarOptions['maintenances'] = []
  for (const row of series) {
    const names = componentNames(JSON.parse(row.components) as string[], options.components, lang)
    const link = statusUrl(options, lang)
    const describe = () => [row.message, ...(names.length === 0 ? [] : [`${words.affected}: ${names.join(', ')}`]), `${words.details}: ${link}`].join('\n\n')
    const event = seriesEvent(row, options.maintenances, options.now, host, describe, link)
    if (event === undefined) continue
    events.push(...event.lines)
    apart.push(...event.apart)
    if (event.zone !== undefined) {
      const zone = zones.get(event.zone.timeZone)
      zones.set(event.zone.timeZone, { from: Math.min(zone?.from ?? Infinity, event.zone.from), to: Math.max(zone?.to ?? -Infinity, event.zone.to) })
    }
  }
  for (const [timeZone, { from, to }] of [...zones].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) lines.push(...vtimezone(timeZone, from, to))
  lines.push(...events)
  const windows = [...options.maintenances.filter((row) => row.series_id === null || row.series_id === undefined || !known.has(row.series_id)), ...apart]
    .filter((row) => { const state = maintenanceState(row, options.now); return state === 'scheduled' || state === 'active' })
    .sort((a, b) => a.starts_at === b.starts_at ? a.id - b.id : (a.starts_at < b.starts_at ? -1 : 1))
  for (const row of windows) {
    const link = maintenanceUrl(options, lang, row.id)
    const names = componentNames(row.components, options.components, lang)
    const description = [row.message, ...(names.length === 0 ? [] : [`${words.affected}: ${names.join(', ')}`]), `${words.details}: ${link}`].join('\n\n')
    lines.push(
      'BEGIN:VEVENT',
      `UID:maintenance-${row.id}@${host}`,
      `DTSTAMP:${icsDateTime(row.created_at)}`,
      `DTSTART:${icsDateTime(row.starts_at)}`,
      `DTEND:${icsDateTime(row.ends_at)}`,
      `SUMMARY:${icsText(row.title)}`,
      `DESCRIPTION:${icsText(description)}`,
      `URL:${link}`,
      'STATUS:CONFIRMED',
      'TRANSP:TRANSPARENT',
      'END:VEVENT'
    )
  }
  lines.push('END:VCALENDAR')
  return icsLines(lines)
}
