// The page of one declared component (/status/components/{id}, English and German), server-rendered without script:
// its status now as the model has it, what affects it, its response time, 90 days of uptime and the last 24 hours.
import { englishFallbackAttribute, type DeclaredProduct } from '../declaration/declaration.ts'
import type { PublicComponent, PublicGroup } from '../api/components.ts'
import type { ComponentHistory } from '../api/health.ts'
import type { Incident, IncidentsBody } from '../api/incidents.ts'
import { escapeHtml } from '../lib/html.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { renderPage } from './layout.ts'
import { componentHref, historyHref, incidentHref, maintenanceHref, statusPathOf, uptimeHref } from '../view/status-links.js'
import { OPEN_SHOWN, STATUS_KIND, newestNamed, TEXT, badge, icon, localName, statusBadge, type StatusText } from '../view/status-view.js'
import { componentUptimeSection, lastDaySection } from '../view/status-uptime.js'
import { latencyDaysSection, latencySection } from '../view/status-sparkline.js'
import { dateTime, millis, percent } from '../view/status-format.js'

/** An active maintenance window naming the component, as far as it is known. */
export interface NamingWindow {
  id: number
  title: string
  startsAt: string
  endsAt: string
}

export interface ComponentPageOptions {
  lang: PageLanguage
  /** The served page languages (LANGUAGES), for the language menu and hreflang. */
  languages?: readonly PageLanguage[]
  germanPrefix: string
  /** The status file's product: its name in the title ("… – Acme status"), its brand in the layout. */
  product?: DeclaredProduct
  notice?: string
  component: PublicComponent
  /** Its group in the model, if it has one. */
  group: PublicGroup | undefined
  /** Its history (the body of /api/v1/health/components/{id}); null while the database has not answered. */
  history: ComponentHistory | null
  /** The unresolved incidents the model says name it (`component.incidents`) that could be found: the newest OPEN_SHOWN, newest first. */
  incidents: Incident[]
  /** The active windows the model says name it (`component.maintenance`) that could be found. */
  windows: NamingWindow[]
  /** The incidents body: days of the uptime bar with an incident naming the component link to it. */
  incidentsBody: IncidentsBody | null
  /** Its uptime over the last days (the uptime body's figure of each window, to today), shortest first; none while unknown. */
  uptimeWindows?: ReadonlyArray<{ days: number, percent: number | null }>
}

/** The page's path in a language: `/status/components/bot`, `/de/status/components/bot`. */
export function componentPath (lang: PageLanguage, id: string, germanPrefix: string): string {
  return componentHref({ statusPath: statusPathOf(lang, germanPrefix) }, id)
}

const IMPACT_KIND = { none: 'unknown', minor: 'degraded', major: 'down', critical: 'down' } as const

/**
 * The incidents and windows naming the component, each linking to its page; ids the services no longer hold by number.
 * The first OPEN_SHOWN incidents, then a link to the history, which lists the open ones the status page has no room for.
 */
function affectedBySection (text: StatusText, options: ComponentPageOptions): string {
  const { component } = options
  const open = `<section id="affected-by" class="card" aria-labelledby="affected-by-title"><h2 id="affected-by-title">${escapeHtml(text.componentAffectedBy)}</h2>`
  if (component.incidents.length === 0 && component.maintenance.length === 0) {
    return `${open}<p class="none">${icon('ok')}<span>${escapeHtml(text.componentNothingAffects)}</span></p></section>`
  }
  const hidden = component.incidents.length - OPEN_SHOWN
  const more = hidden > 0
    ? [`<li><a href="${escapeHtml(historyHref(text, 1))}">${escapeHtml(text.moreIncidents(hidden))}</a></li>`]
    : []
  const incidents = newestNamed(component.incidents, options.incidents).slice(0, OPEN_SHOWN).map((id) => {
    const incident = options.incidents.find((candidate) => candidate.id === id)
    const link = `<a href="${escapeHtml(incidentHref(text, id))}">${escapeHtml(incident?.title ?? text.incidentNumber(id))}</a>`
    if (incident === undefined) return `<li>${link}</li>`
    return `<li class="incident impact--${escapeHtml(incident.impact)}"><p class="affected-title">${link}</p>` +
      `<p class="incident-badges">${badge(IMPACT_KIND[incident.impact], text.impact[incident.impact])}${badge('degraded', text.incidentStatus[incident.status])}</p>` +
      `<p class="meta">${escapeHtml(text.incidentTimes(dateTime(text, incident.startedAt), null))}</p></li>`
  })
  const windows = component.maintenance.map((id) => {
    const window = options.windows.find((candidate) => candidate.id === id)
    const link = `<a href="${escapeHtml(maintenanceHref(text, id))}">${escapeHtml(window?.title ?? text.maintenanceNumber(id))}</a>`
    if (window === undefined) return `<li>${link}</li>`
    return `<li class="incident maintenance-item"><p class="affected-title">${link}</p>` +
      `<p class="incident-badges">${badge('maintenance', text.maintenanceNow)}</p>` +
      `<p class="meta">${escapeHtml(text.maintenanceWindow(dateTime(text, window.startsAt), dateTime(text, window.endsAt)))}</p></li>`
  })
  return `${open}<ul class="plain incidents">${[...incidents, ...more, ...windows].join('')}</ul></section>`
}

/** The head: name, status badge, description, and the facts (message, group, last response time). */
function summarySection (text: StatusText, options: ComponentPageOptions): string {
  const { component, group } = options
  const facts: string[] = [`<dt>${escapeHtml(text.componentNow)}</dt><dd>${escapeHtml(text.componentStatus[component.status])}` +
    (component.message === null ? '' : ` – <span${options.lang === 'en' ? '' : ' lang="en"'}>${escapeHtml(component.message)}</span>`) + '</dd>']
  if (group !== undefined) facts.push(`<dt>${escapeHtml(text.componentGroup)}</dt><dd>${escapeHtml(localName(text, group.name))}</dd>`)
  if (component.latencyMs !== null) facts.push(`<dt>${escapeHtml(text.latency)}</dt><dd>${escapeHtml(millis(text, component.latencyMs))}</dd>`)
  const description = component.description === null ? '' : `<p class="component-description"${englishFallbackAttribute(component.description, options.lang)}>${escapeHtml(localName(text, component.description))}</p>`
  return `<section id="component" class="card component-summary component--${escapeHtml(STATUS_KIND[component.status] ?? 'unknown')}" aria-labelledby="component-title">` +
    `<p class="kicker">${escapeHtml(text.componentPageKicker)}</p>` +
    `<div class="component-head"><h1 id="component-title" class="component-name"${englishFallbackAttribute(component.name, options.lang)}>${escapeHtml(localName(text, component.name))}</h1>${statusBadge(text, component.status)}</div>` +
    `${description}<dl class="component-facts">${facts.join('')}</dl></section>`
}

/** Its uptime over the windows, each figure from the uptime body, with the way to its months in the calendar. */
function uptimeWindowsSection (text: StatusText, options: ComponentPageOptions): string {
  const windows = options.uptimeWindows ?? []
  if (windows.length === 0) return ''
  const rows = windows.map((window) => `<dt>${escapeHtml(text.uptimeWindowDays(window.days))}</dt>` +
    `<dd>${escapeHtml(window.percent === null ? text.status.no_data : percent(text, window.percent))}</dd>`).join('')
  return '<section id="uptime-windows" class="card" aria-labelledby="uptime-windows-title">' +
    `<h2 id="uptime-windows-title">${escapeHtml(text.uptimeWindows)}</h2><dl class="component-facts">${rows}</dl>` +
    `<p class="uptime-calendar"><a href="${escapeHtml(uptimeHref(text, options.component.id))}">${escapeHtml(text.uptimeCalendar)}</a></p></section>`
}

export function renderComponentPage (options: ComponentPageOptions): string {
  const { lang, germanPrefix, component, history } = options
  const statusPath = statusPathOf(lang, germanPrefix)
  const text: StatusText = { ...TEXT[lang], statusPath }
  const name = localName(text, component.name)
  const back = `<p class="back-link"><a href="${escapeHtml(statusPath)}">${escapeHtml(text.backToStatus)}</a></p>`
  // The model's id and status exactly, as on the status page's component elements, for tools and tests.
  const body = `<div class="status-page permalink component-page" data-component="${escapeHtml(component.id)}" data-status="${escapeHtml(component.status)}">${back}` +
    [
      summarySection(text, options),
      affectedBySection(text, options),
      latencySection(text, history),
      latencyDaysSection(text, history),
      uptimeWindowsSection(text, options),
      componentUptimeSection(text, history, name, options.incidentsBody),
      lastDaySection(text, history)
    ].join('\n') + '</div>'
  return renderPage({
    lang,
    product: options.product,
    title: `${name}: ${text.componentStatus[component.status]} – ${text.pageTitle(options.product?.name)}`,
    description: text.componentPageDescription(name, options.product?.name),
    body,
    pathIn: (tag) => componentPath(tag, component.id, germanPrefix),
    languages: options.languages,
    styles: ['status.css'],
    path: componentPath(lang, component.id, germanPrefix),
    germanPrefix,
    notice: options.notice
  })
}
