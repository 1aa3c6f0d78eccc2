// The 90-day uptime bars and the last-24-hours strip, rendered from the history body (server and browser).
import { clock, dateTime, day, esc, millis, percent } from './status-format.js'
import { incidentHref, uptimeHref } from './status-links.js'

const SLOT_MINUTES = 15
const SLOTS = (24 * 60) / SLOT_MINUTES
/**
 * The browser's copy of the measured statuses' ranks in the one severity order (src/api/status-severity.ts, which the
 * browser cannot load; test/status/status-severity.test.ts pins the two equal). Anything else (no_data) ranks below all.
 */
export const CHECK_SEVERITY = { ok: 1, degraded: 3, down: 5 }

// Narrow screens show the newest 30 days and 12 hours (CSS hides the rest; the daily table keeps all).
const NARROW_DAYS = 30
const NARROW_SLOTS = SLOTS / 2

/**
 * Words that say what the bars show at this width (a heading, a date range, a percentage, a count): narrow screens
 * show only the newest 30 days and 12 hours, and each figure is the one for what is shown (CSS shows one of the two).
 */
function widthWords (wide, narrow) {
  return wide === narrow ? esc(wide) : `<span class="wide">${esc(wide)}</span><span class="narrow">${esc(narrow)}</span>`
}

/**
 * Uptime over days, each weighted by its checks (`up`: the day's checks that were up; a day with `up` null has no
 * figure and does not count): the percentage, or null when no day counts. The one rule for the status page's
 * bars (90 and 30 days) and the uptime windows of metrics, badges and agents (src/publish/uptime-windows.ts).
 */
export function uptimeOfDays (days) {
  let checks = 0
  let up = 0
  for (const day of days) {
    if (day.up === null) continue
    checks += day.checks
    up += day.up
  }
  return { checks, up, percent: checks === 0 ? null : (100 * up) / checks }
}

/** A day of the overall bar, or of a component's (`percent` of its checks up, null without figures), as uptimeOfDays counts it. */
const overallDay = (entry) => ({ checks: entry.checks, up: entry.checks - entry.downChecks })
const componentDay = (entry) => ({ checks: entry.checks, up: entry.percent === null ? null : (entry.percent / 100) * entry.checks })

/** The start and end labels under a bar; the start differs between wide and narrow screens. */
function scale (wideFrom, narrowFrom, to) {
  return `<div class="bar-scale" aria-hidden="true"><span class="wide">${esc(wideFrom)}</span><span class="narrow">${esc(narrowFrom)}</span>` +
    `<span>${esc(to)}</span></div>`
}

/**
 * The note beside the bars: they are what the checks measured, while a component's status also counts its incidents and
 * maintenance, so a component an incident names reads "Degraded performance" above green bars (docs/en/status-definitions.md#uptime).
 */
function barsMeasured (text) {
  return `<p class="meta bars-measured">${esc(text.barsMeasured)}</p>`
}

/** The way from the bars to the uptime calendar (every day of the months kept), at a component's months with `id`. */
function calendarLink (text, id) {
  return `<p class="uptime-calendar"><a href="${esc(uptimeHref(text, id))}">${esc(text.uptimeCalendar)}</a></p>`
}

/** The legend shared by the bars and the strip: colour plus pattern plus words. */
function legend (text) {
  const item = (kind) => `<li><span class="swatch day--${kind}" aria-hidden="true"></span>${esc(text.status[kind])}</li>`
  return `<ul class="legend" aria-label="${esc(text.legend)}">${['ok', 'degraded', 'down', 'no_data'].map(item).join('')}</ul>`
}

/** Minutes down that day: counted for the overall bar, from the day's percent and checks for a component. */
function downMinutes (entry) {
  if (entry.downChecks !== undefined) return entry.downChecks
  return entry.percent === null || entry.checks === undefined ? 0 : Math.round(entry.checks * (100 - entry.percent) / 100)
}

/** Shade of a day by how long it was down: under 5 minutes, under 30, under 2 hours, longer. */
function shade (minutes) {
  return minutes === 0 ? '' : ` dm${minutes < 5 ? 1 : minutes < 30 ? 2 : minutes < 120 ? 3 : 4}`
}

function dayCell (text, entry, incidents) {
  const label = text.uptimeDay(day(text, entry.date), entry.percent === null ? null : percent(text, entry.percent))
  const minutes = downMinutes(entry)
  const figures = [label]
  if (entry.status !== 'no_data') figures.push(text.status[entry.status])
  if (minutes > 0) figures.push(text.minutesDown(minutes))
  const full = figures.join(' · ')
  const link = incidents.length === 0
    ? ''
    : `<a href="${esc(incidentHref(text, incidents[0].id))}"><span class="vh">${esc(`${full} – ${incidents.map((i) => i.title).join(', ')}`)}</span></a>`
  return `<li class="day day--${esc(entry.status)}${shade(minutes)}${link === '' ? '' : ' has-incident'}" title="${esc(full)}">${link}</li>`
}

/** The incidents (of the incidents body) that were open at some time of each day, by date. */
function incidentsByDay (incidents, daily) {
  const byDay = new Map()
  if (incidents === null || incidents === undefined) return byDay
  for (const entry of daily) {
    const from = Date.parse(`${entry.date}T00:00:00Z`)
    const to = from + 86_400_000
    const open = incidents.incidents.filter((i) => Date.parse(i.startedAt) < to && (i.resolvedAt === null || Date.parse(i.resolvedAt) >= from))
    if (open.length > 0) byDay.set(entry.date, open)
  }
  return byDay
}

/**
 * One bar: its name, its uptime over what is shown (90 days; the newest 30 on narrow screens, their figure computed
 * from the same days by `dayOf`), and a cell per day. The list is named by the bar's name; the range is said above.
 */
function bar (text, name, uptimePercent, days, dayOf, byDay = new Map(), id = undefined) {
  const summary = (value) => value === null ? text.status.no_data : text.uptimeSummary(percent(text, value))
  const narrow = days === undefined ? uptimePercent : uptimeOfDays(days.slice(-NARROW_DAYS).map(dayOf)).percent
  const cells = days === undefined
    ? `<p class="bar-missing">${esc(text.uptimeNoComponentDays)}</p>`
    : `<ol class="days" aria-label="${esc(name)}">${days.map((entry) => dayCell(text, entry, byDay.get(entry.date) ?? [])).join('')}</ol>`
  return `<div class="bar"${id === undefined ? '' : ` data-uptime="${esc(id)}"`}><div class="bar-head"><h3>${esc(name)}</h3>` +
    `<span class="bar-percent">${widthWords(summary(uptimePercent), summary(narrow))}</span></div>${cells}</div>`
}

/** The date range the bars cover, at either width. */
function rangeWords (text, uptime) {
  const narrowFrom = uptime.daily[uptime.daily.length - NARROW_DAYS].date
  return widthWords(text.uptimeRange(day(text, uptime.from), day(text, uptime.to)), text.uptimeRange(day(text, narrowFrom), day(text, uptime.to)))
}

/** The daily figures, newest first; with `latency`, a component's median and 95th percentile response time too. */
function dailyTable (text, daily, latency = false) {
  const ms = (value) => `<td>${esc(value === null || value === undefined ? '–' : millis(text, value))}</td>`
  const rows = [...daily].reverse().map((entry) => `<tr><th scope="row">${esc(day(text, entry.date))}</th>` +
    `<td>${esc(entry.percent === null ? text.status.no_data : percent(text, entry.percent))}</td>` +
    `<td>${entry.checks} / ${entry.expectedChecks}</td><td>${entry.degradedChecks}</td><td>${entry.downChecks}</td>` +
    (latency ? `${ms(entry.latencyP50Ms)}${ms(entry.latencyP95Ms)}` : '') + '</tr>').join('')
  const head = [...text.uptimeTableHead, ...(latency ? text.uptimeTableLatencyHead : [])].map((cell) => `<th scope="col">${esc(cell)}</th>`).join('')
  return `<details class="daily-table" data-key="daily"><summary>${esc(text.uptimeTable)}</summary><div class="table-scroll" tabindex="0" role="region" aria-label="${esc(text.uptimeTableCaption)}"><table>` +
    `<caption>${esc(text.uptimeTableCaption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div></details>`
}

/**
 * The history's 90 days cut to the newest `days` the bars show (the status file's `uptime.barDays`), each figure over
 * those days as uptimeOfDays counts them, as the narrow screens' 30 days are.
 */
function barDaysOf (uptime, days) {
  if (days >= uptime.daily.length) return uptime
  const daily = uptime.daily.slice(-days)
  const ids = Object.keys(uptime.components)
  const componentsOf = Object.fromEntries(ids.map((id) => [id, uptimeOfDays(daily.filter((entry) => entry.components?.[id] !== undefined)
    .map((entry) => componentDay({ checks: entry.checks, ...entry.components[id] }))).percent]))
  return { ...uptime, from: daily[0].date, daily, percent: uptimeOfDays(daily.map(overallDay)).percent, components: componentsOf }
}

/**
 * Section "uptime": one bar per day for overall and for each component of the model (`components`, the body of
 * /api/v1/health/components; none while it is not known), with a table of the daily figures. A component the history
 * has no figures for yet says so. A day of the overall bar with an incident links to the incident's page.
 */
export function uptimeSection (text, history, incidents = null, components = null) {
  const open = '<section id="uptime" class="card" aria-labelledby="uptime-title">'
  const shownDays = text.barDays ?? 90
  const title = `<h2 id="uptime-title">${widthWords(shownDays === 90 ? text.uptimeHeading : text.uptimeHeadingDays(shownDays), text.uptimeHeadingNarrow)}</h2>`
  if (history === null) return `${open}${title}<p class="unavailable">${esc(text.sectionUnavailable)}</p></section>`
  const uptime = barDaysOf(history.uptime, shownDays)
  const perComponent = (id) => uptime.daily.some((entry) => entry.components?.[id] !== undefined)
    ? uptime.daily.map((entry) => ({ date: entry.date, checks: entry.checks, ...(entry.components?.[id] ?? { percent: null, status: 'no_data' }) }))
    : undefined
  const bars = [bar(text, text.uptimeOverall, uptime.percent, uptime.daily, overallDay, incidentsByDay(incidents, uptime.daily))]
  for (const component of components?.components ?? []) {
    const name = component.name[text.lang] ?? component.name.en
    bars.push(bar(text, name, uptime.components[component.id] ?? null, perComponent(component.id), componentDay, undefined, component.id))
  }
  return `${open}${title}<p class="meta">${rangeWords(text, uptime)}</p>${legend(text)}<p class="meta">${esc(text.dayHint)}</p>${barsMeasured(text)}${bars.join('')}` +
    scale(day(text, uptime.from), day(text, uptime.daily[uptime.daily.length - NARROW_DAYS].date), day(text, uptime.to)) +
    '<p class="day-detail meta" aria-live="polite"></p>' +
    `${calendarLink(text)}${dailyTable(text, uptime.daily)}</section>`
}

/**
 * Section "uptime" of a component's page: its one bar over 90 days from its history (the body of
 * /api/v1/health/components/{id}), days with an incident naming it linked to the incident, and its daily figures with
 * response times. No script: a day's figures are in its title and in the table.
 */
export function componentUptimeSection (text, history, name, incidents = null) {
  const open = '<section id="uptime" class="card" aria-labelledby="uptime-title">'
  const title = `<h2 id="uptime-title">${widthWords(text.uptimeHeading, text.uptimeHeadingNarrow)}</h2>`
  if (history === null) return `${open}${title}<p class="unavailable">${esc(text.sectionUnavailable)}</p></section>`
  const { uptime } = history
  const naming = incidents === null ? null : { incidents: incidents.incidents.filter((i) => (i.components ?? []).some((c) => c.id === history.id)) }
  return `${open}${title}<p class="meta">${rangeWords(text, uptime)}</p>${legend(text)}${barsMeasured(text)}` +
    bar(text, name, uptime.percent, uptime.daily, componentDay, incidentsByDay(naming, uptime.daily), history.id) +
    scale(day(text, uptime.from), day(text, uptime.daily[uptime.daily.length - NARROW_DAYS].date), day(text, uptime.to)) +
    `${calendarLink(text, history.id)}${dailyTable(text, uptime.daily, true)}</section>`
}

/** The checks of the last 24 hours in 15-minute slots, each the worst status seen in it (or no_data). */
export function lastDaySlots (history) {
  const slotMs = SLOT_MINUTES * 60_000
  const end = Math.floor(Date.parse(history.generatedAt) / slotMs) * slotMs + slotMs
  const start = end - SLOTS * slotMs
  const slots = Array.from({ length: SLOTS }, (_, i) => ({ from: start + i * slotMs, to: start + (i + 1) * slotMs, status: 'no_data' }))
  for (const check of history.checks) {
    const index = Math.floor((Date.parse(check.at) - start) / slotMs)
    const slot = slots[index]
    if (slot === undefined) continue
    if ((CHECK_SEVERITY[check.status] ?? 0) > (CHECK_SEVERITY[slot.status] ?? 0)) slot.status = check.status
  }
  return slots
}

/** Section "last-day": a compact strip of the last 24 hours and a one-line summary. */
export function lastDaySection (text, history) {
  const open = '<section id="last-day" class="card" aria-labelledby="last-day-title">'
  const title = `<h2 id="last-day-title">${widthWords(text.lastDayHeading, text.lastDayHeadingNarrow)}</h2>`
  if (history === null) return `${open}${title}<p class="unavailable">${esc(text.sectionUnavailable)}</p></section>`
  const slots = lastDaySlots(history)
  const iso = (ms) => new Date(ms).toISOString()
  const cells = slots.map((slot) => {
    const label = text.lastDaySlot(clock(text, iso(slot.from)), `${clock(text, iso(slot.to))} ${text.utc}`, text.status[slot.status])
    return `<li class="slot day--${slot.status}" title="${esc(label)}"><span class="vh">${esc(label)}</span></li>`
  }).join('')
  const down = (checks) => checks.filter((check) => check.status === 'down').length
  // The summary counts the rolling last 24 hours of minutes; on narrow screens the rolling last 12.
  const halfFrom = Date.parse(history.generatedAt) - 12 * 60 * 60_000
  const lastHalf = history.checks.filter((check) => Date.parse(check.at) > halfFrom)
  const minutes = (checks, expected) => text.lastDaySummary(Math.min(checks.length, expected), expected, down(checks))
  const first = slots[0]
  return `${open}${title}<p class="meta">${widthWords(minutes(history.checks, 1440), minutes(lastHalf, 720))}</p>` +
    `<ol class="days strip" aria-label="${esc(text.lastDayHeading)}">${cells}</ol>` +
    scale(dateTime(text, iso(first.from)), dateTime(text, iso(slots[SLOTS - NARROW_SLOTS].from)), text.now) +
    '</section>'
}
