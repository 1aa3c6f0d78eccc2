// The uptime calendar (/status/uptime?month=YYYY-MM, every language): per component a month table of days for three months,
// each day coloured as the bars and saying its figure in words, each month's uptime and target; figures only from the uptime body.
import type { DeclaredProduct } from '../declaration/declaration.ts'
import type { UptimeBody, UptimePeriodBody } from '../api/uptime.ts'
import { escapeHtml } from '../lib/html.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { renderPage } from './layout.ts'
import { WORDS as LOCALES, message } from '../view/locale-words.js'
import { localPath, statusPathOf } from '../view/status-links.js'
import { TEXT } from '../view/status-view.js'
import { day as dayText, percent as percentText } from '../view/status-format.js'

export interface UptimePageOptions {
  lang: PageLanguage
  languages?: readonly PageLanguage[]
  germanPrefix: string
  product?: DeclaredProduct
  notice?: string
  /** The month figures (by month) and the day figures (by day) of the same window: three months ending with `month`. */
  months: UptimeBody
  days: UptimeBody
  /** Component names in the page's language, by id. */
  names: ReadonlyMap<string, string>
  /** YYYY-MM: the last month shown; and the months one page earlier and later, when they are kept. */
  month: string
  earlier?: string
  later?: string
}

/** The page's path in a language; the current month needs no parameter. */
export function uptimePath (lang: PageLanguage, germanPrefix: string, month?: string): string {
  return localPath(lang, '/status/uptime', germanPrefix) + (month === undefined ? '' : `?month=${month}`)
}

/** The bars' colour of a day from its figures: no data, any major outage minute down, any other loss degraded. */
function kindOf (figures: UptimePeriodBody): string {
  if (figures.uptimePercent === null) return 'no_data'
  if (figures.majorMinutes > 0) return 'down'
  if (figures.downMinutes > 0 || figures.partialMinutes > 0 || figures.degradedMinutes > 0) return 'degraded'
  return 'ok'
}

/** The bars' shade by the minutes counted down: under 5, under 30, under 120, more. */
function shade (minutes: number): string {
  return minutes === 0 ? '' : ` dm${minutes < 5 ? 1 : minutes < 30 ? 2 : minutes < 120 ? 3 : 4}`
}

const MONDAY = Date.UTC(2024, 0, 1) // a Monday: the weekday names from Intl

function monthTable (options: UptimePageOptions, name: string, month: UptimePeriodBody, days: UptimePeriodBody[]): string {
  const { lang } = options
  const words = LOCALES[lang].site.uptime
  const text = TEXT[lang]
  const locale = text.dateLocale
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month.start}T00:00:00Z`))
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
  const head = Array.from({ length: 7 }, (_, i) => {
    const date = new Date(MONDAY + i * 86_400_000)
    return `<th scope="col"><abbr title="${escapeHtml(weekdayLong.format(date))}">${escapeHtml(weekdayShort.format(date))}</abbr></th>`
  }).join('')
  const first = new Date(`${month.start.slice(0, 7)}-01T00:00:00Z`)
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  const byDate = new Map(days.map((entry) => [entry.start, entry]))
  const cells: string[] = Array.from({ length: (first.getUTCDay() + 6) % 7 }, () => '<td></td>')
  for (let d = 1; d <= length; d++) {
    const date = `${month.start.slice(0, 8)}${String(d).padStart(2, '0')}`
    const figures = byDate.get(date)
    if (figures === undefined) {
      cells.push(`<td class="cal-day cal-none">${d}</td>`)
      continue
    }
    const said = figures.uptimePercent === null ? words.noData : percentText(text, figures.uptimePercent)
    const full = message(lang, words.dayFigure, { date: dayText(text, date), percent: said })
    cells.push(`<td class="cal-day" data-kind="${kindOf(figures)}" title="${escapeHtml(full)}"><span class="cal-swatch day--${kindOf(figures)}${shade(figures.downMinutes)}" aria-hidden="true"></span>` +
      `${d}<span class="vh"> ${escapeHtml(said)}</span></td>`)
  }
  while (cells.length % 7 !== 0) cells.push('<td></td>')
  const rows = Array.from({ length: cells.length / 7 }, (_, i) => `<tr>${cells.slice(i * 7, i * 7 + 7).join('')}</tr>`).join('')
  const summary = month.uptimePercent === null ? words.noData : message(lang, words.monthUptime, { percent: percentText(text, month.uptimePercent) })
  const target = options.months.target === null || month.targetMet === null
    ? ''
    : ` · ${escapeHtml(message(lang, month.targetMet ? words.targetMet : words.targetMissed, { target: percentText(text, options.months.target) }))}`
  return `<div class="cal-month"><table class="calendar" data-month="${escapeHtml(month.start.slice(0, 7))}">` +
    `<caption>${escapeHtml(message(lang, words.caption, { name, month: monthName }))}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>` +
    `<p class="meta month-uptime${month.targetMet === false ? ' target-missed' : ''}">${escapeHtml(summary)}${target}</p></div>`
}

export function renderUptimePage (options: UptimePageOptions): string {
  const { lang, germanPrefix, months, days } = options
  const words = LOCALES[lang].site.uptime
  const text = TEXT[lang]
  const statusPath = statusPathOf(lang, germanPrefix)
  const share = (value: number) => percentText(text, value * 100)
  const weights = message(lang, words.weights, {
    degraded: share(months.formula.weights.degraded_performance),
    partial: share(months.formula.weights.partial_outage),
    major: share(months.formula.weights.major_outage),
    maintenance: words.maintenance[months.formula.maintenance]
  })
  const sections = months.components.map((component, index) => {
    const name = options.names.get(component.id) ?? component.name
    const dayFigures = days.components[index]?.periods ?? []
    const tables = component.periods.map((month) => monthTable(options, name, month, dayFigures.filter((entry) => entry.start.startsWith(month.start.slice(0, 7))))).join('')
    return `<section class="card cal-component" id="uptime-${escapeHtml(component.id)}" data-component="${escapeHtml(component.id)}">` +
      `<h2>${escapeHtml(name)}</h2><div class="cal-months">${tables}</div></section>`
  }).join('')
  const link = (month: string | undefined, label: string, rel: string) => month === undefined
    ? ''
    : `<li><a rel="${rel}" href="${escapeHtml(uptimePath(lang, germanPrefix, month))}">${escapeHtml(label)}</a></li>`
  const pager = options.earlier === undefined && options.later === undefined ? '' : `<nav class="pager" aria-label="${escapeHtml(words.months)}"><ul class="plain">${link(options.earlier, words.earlier, 'prev')}${link(options.later, words.later, 'next')}</ul></nav>`
  const body = `<div class="status-page permalink uptime-page" data-month="${escapeHtml(options.month)}">` +
    `<p class="back-link"><a href="${escapeHtml(statusPath)}">${escapeHtml(text.backToStatus)}</a></p>` +
    `<header class="card"><h1>${escapeHtml(words.title)}</h1><p class="meta">${escapeHtml(words.intro)}</p>` +
    `<p class="meta uptime-weights">${escapeHtml(weights)}</p></header>${sections}${pager}</div>`
  return renderPage({
    lang,
    product: options.product,
    title: `${words.title} – ${text.pageTitle(options.product?.name)}`,
    description: words.intro,
    body,
    pathIn: (tag) => uptimePath(tag, germanPrefix, options.month),
    languages: options.languages,
    styles: ['status.css'],
    path: uptimePath(lang, germanPrefix),
    germanPrefix,
    notice: options.notice
  })
}
