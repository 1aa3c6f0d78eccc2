// The permanent pages of one incident (/status/incidents/{id}) and one maintenance window (/status/maintenance/{id}),
// English and German: every update, newest first. Feeds, notifications and the status page link here.
import type { DeclaredProduct } from '../declaration/declaration.ts'
import type { Incident } from '../api/incidents.ts'
import { escapeHtml } from '../lib/html.ts'
import type { PageLanguage } from '../lib/locale.ts'
import type { MaintenanceState } from '../incidents/view.ts'
import type { MaintenanceWithComponents } from '../store/repositories/maintenances.ts'
import { renderPage } from './layout.ts'
import { POSTMORTEM_ANCHOR, incidentHref, maintenanceHref, statusPathOf } from '../view/status-links.js'
import { TEXT, affectedComponents, icon, incidentBody, incidentHead } from '../view/status-view.js'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import { dateTime, time } from '../view/status-format.js'

export interface PermalinkPageOptions {
  lang: PageLanguage
  /** The served page languages (LANGUAGES), for the language menu and hreflang. */
  languages?: readonly PageLanguage[]
  germanPrefix: string
  /** The status file's product: its name in the title ("… – Acme status"), its brand in the layout. */
  product?: DeclaredProduct
  notice?: string
}

/** The page's path in a language: `/status/incidents/7`, `/de/status/maintenance/3`. */
function permalinkPath (lang: PageLanguage, kind: 'incidents' | 'maintenance', id: number, germanPrefix: string): string {
  return (kind === 'incidents' ? incidentHref : maintenanceHref)({ statusPath: statusPathOf(lang, germanPrefix) }, id)
}

/** The words of the page's language, with its status page's path: named components link to their pages below it. */
function textOf (options: PermalinkPageOptions) {
  return { ...TEXT[options.lang], statusPath: statusPathOf(options.lang, options.germanPrefix) }
}

function page (options: PermalinkPageOptions, kind: 'incidents' | 'maintenance', id: number, title: string, body: string): string {
  const { lang, germanPrefix } = options
  const text = TEXT[lang]
  const back = `<p class="back-link"><a href="${escapeHtml(statusPathOf(lang, germanPrefix))}">${escapeHtml(text.backToStatus)}</a></p>`
  return renderPage({
    lang,
    product: options.product,
    title: `${title} – ${text.pageTitle(options.product?.name)}`,
    description: title,
    body: `<div class="status-page permalink">${back}${body}</div>`,
    pathIn: (tag) => permalinkPath(tag, kind, id, germanPrefix),
    languages: options.languages,
    styles: ['status.css'],
    path: permalinkPath(lang, kind, id, germanPrefix),
    germanPrefix,
    notice: options.notice
  })
}

/** A post-mortem as the incident page shows it: its HTML (src/publish/postmortem-html.ts) and when it was written. */
export interface ShownPostmortem {
  html: string
  publishedAt: string
  updatedAt: string
}

/** The post-mortem's section: its heading, when it was published (and updated), and the text. */
function postmortemSection (text: ReturnType<typeof textOf>, postmortem: ShownPostmortem): string {
  const dates = text.postmortemDates(dateTime(text, postmortem.publishedAt), postmortem.updatedAt === postmortem.publishedAt ? null : dateTime(text, postmortem.updatedAt))
  return `<section class="card postmortem" id="${POSTMORTEM_ANCHOR}" aria-labelledby="postmortem-title">` +
    `<h2 id="postmortem-title">${escapeHtml(text.postmortemTitle)}</h2><p class="meta">${escapeHtml(dates)}</p>` +
    `<div class="postmortem-body">${postmortem.html}</div></section>`
}

/**
 * One incident. The components it names (`incident.components`) are listed by the declared names, each linking to its
 * page; an id the declaration no longer has is shown as it is.
 */
export function renderIncidentPage (options: PermalinkPageOptions & { incident: Incident, declaration: Pick<StatusDeclaration, 'components'>, postmortem?: ShownPostmortem | undefined }): string {
  const { incident } = options
  const text = textOf(options)
  const body = `<article class="card incident impact--${escapeHtml(incident.impact)}"><p class="kicker">${escapeHtml(text.incidentPageTitle)}</p>` +
    `<div class="incident-head">${incidentHead(text, incident, 'h1')}</div>${affectedComponents(text, incident, options.declaration)}${incidentBody(text, incident)}</article>` +
    (options.postmortem === undefined ? '' : postmortemSection(text, options.postmortem))
  return page(options, 'incidents', incident.id, incident.title, body)
}

/** One maintenance window; the components it names are listed like an incident's. */
export function renderMaintenancePage (options: PermalinkPageOptions & { row: MaintenanceWithComponents, state: MaintenanceState, declaration: Pick<StatusDeclaration, 'components'> }): string {
  const { row, state } = options
  const text = textOf(options)
  const at = (iso: string) => time(iso, dateTime(text, iso))
  const events: Array<{ at: string, kind: keyof typeof text.maintenanceEvents, message?: string }> = [{ at: row.created_at, kind: 'scheduled', message: row.message }]
  if (state === 'active' || state === 'ended') events.push({ at: row.starts_at, kind: 'started' })
  if (state === 'ended') events.push({ at: row.ended_at ?? row.ends_at, kind: 'ended' })
  if (state === 'cancelled') events.push({ at: row.ended_at!, kind: 'cancelled' })
  const updates = events.reverse().map((event) => `<li><p class="update-head"><strong>${escapeHtml(text.maintenanceEvents[event.kind])}</strong> ${at(event.at)}</p>` +
    (event.message === undefined ? '' : `<p class="message">${escapeHtml(event.message)}</p>`) + '</li>').join('')
  const kind = state === 'active' ? 'maintenance' : state === 'scheduled' ? 'unknown' : 'ok'
  const body = `<article class="card incident"><p class="kicker">${escapeHtml(text.maintenancePageTitle)}</p>` +
    `<div class="incident-head"><h1 class="incident-title">${escapeHtml(row.title)}</h1>` +
    `<span class="incident-badges"><span class="badge badge--${kind}">${icon(kind)}<span>${escapeHtml(text.maintenanceState[state])}</span></span></span>` +
    `<span class="meta">${escapeHtml(text.maintenanceWindow(dateTime(text, row.starts_at), dateTime(text, row.ends_at)))}</span></div>` +
    `${affectedComponents(text, row, options.declaration)}<ol class="updates" aria-label="${escapeHtml(text.updatesLabel)}">${updates}</ol></article>`
  return page(options, 'maintenance', row.id, row.title, body)
}
