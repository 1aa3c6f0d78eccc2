// The incident history (/status/history?page=N, English and German): the open incidents the status page has no room
// for, then the incidents resolved in the last 90 days, newest first, a fixed number to a page, each as the status page lists it; server-rendered without script.
import type { DeclaredProduct, StatusDeclaration } from '../declaration/declaration.ts'
import type { Incident } from '../api/incidents.ts'
import { RECENT_RESOLVED } from '../incidents/view.ts'
import { escapeHtml } from '../lib/html.ts'
import type { Locale } from '../lib/locale.ts'
import { renderPage } from './layout.ts'
import { statusPathOf } from '../view/status-links.js'
import { TEXT, historyHref, pastIncidentItem } from '../view/status-view.js'

/** Incidents on one page: as many as the status page's recent window, so page 2 starts where the status page stops. */
export const HISTORY_PAGE_SIZE = RECENT_RESOLVED

export interface HistoryPageOptions {
  lang: Locale
  germanPrefix: string
  /** The status file's product: its name in the title ("… – Acme status"), its brand in the layout. */
  product?: DeclaredProduct
  notice?: string
  /** Named components are listed by their declared names, each linking to its page. */
  declaration: Pick<StatusDeclaration, 'components'>
  /** This page's incidents, newest first. */
  incidents: readonly Incident[]
  /** This page's number, from 1, and how many there are (at least 1: an empty history is one page saying so). */
  page: number
  pages: number
  /** The open incidents the status page does not show (it shows OPEN_SHOWN at most): the list starts with them. */
  moreOpen?: number
}

const WORDS = {
  en: {
    intro: (size: number) => `Every incident resolved in the last 90 days, newest first, ${size} to a page.`,
    introOpen: (size: number, open: number) => `The ${open} open ${open === 1 ? 'incident' : 'incidents'} the status page has no room for, then every incident resolved in the last 90 days, newest first, ${size} to a page.`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    pager: 'Pages of past incidents',
    newer: 'Newer incidents',
    end: 'This is the end of the list: incidents resolved more than 90 days ago are not shown.'
  },
  de: {
    intro: (size: number) => `Alle in den letzten 90 Tagen behobenen Vorfälle, die neuesten zuerst, ${size} pro Seite.`,
    introOpen: (size: number, open: number) => `${open === 1 ? 'Der offene Vorfall, für den' : `Die ${open} offenen Vorfälle, für die`} auf der Statusseite kein Platz ist, dann alle in den letzten 90 Tagen behobenen Vorfälle, die neuesten zuerst, ${size} pro Seite.`,
    page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
    pager: 'Seiten der früheren Vorfälle',
    newer: 'Neuere Vorfälle',
    end: 'Hier endet die Liste: Vorfälle, die vor mehr als 90 Tagen behoben wurden, werden nicht angezeigt.'
  }
} as const

/** The page's path in a language: `/status/history`, `/de/status/history?page=2`. */
export function historyPath (lang: Locale, page: number, germanPrefix: string): string {
  return historyHref({ statusPath: statusPathOf(lang, germanPrefix) }, page)
}

/**
 * Newer and older pages, as links with rel="prev" and rel="next", and where this page stands: the one place that says
 * "Page 2 of 5". A history of one page has nowhere to go, and no pager.
 */
function pager (options: HistoryPageOptions, statusPath: string): string {
  const { lang, page, pages } = options
  if (pages === 1) return ''
  const words = WORDS[lang]
  const text = { ...TEXT[lang], statusPath }
  const newer = page > 1 ? `<a rel="prev" href="${escapeHtml(historyHref(text, page - 1))}">${escapeHtml(words.newer)}</a>` : ''
  const older = page < pages ? `<a rel="next" href="${escapeHtml(historyHref(text, page + 1))}">${escapeHtml(text.olderIncidents)}</a>` : ''
  return `<nav class="pager" aria-label="${escapeHtml(words.pager)}"><ul class="plain">` +
    `<li class="pager-newer">${newer}</li><li class="pager-at">${escapeHtml(words.page(page, pages))}</li><li class="pager-older">${older}</li></ul></nav>`
}

export function renderHistoryPage (options: HistoryPageOptions): string {
  const { lang, germanPrefix, incidents, page, pages } = options
  const statusPath = statusPathOf(lang, germanPrefix)
  const text = { ...TEXT[lang], statusPath }
  const words = WORDS[lang]
  const intro = (options.moreOpen ?? 0) > 0 ? words.introOpen(HISTORY_PAGE_SIZE, options.moreOpen!) : words.intro(HISTORY_PAGE_SIZE)
  const other: Locale = lang === 'en' ? 'de' : 'en'
  const heading = text.pastIncidents
  const back = `<p class="back-link"><a href="${escapeHtml(statusPath)}">${escapeHtml(text.backToStatus)}</a></p>`
  const list = incidents.length === 0
    ? `<p class="none">${escapeHtml(text.noPastIncidents)}</p>`
    : `<ul class="plain incidents">${incidents.map((incident) => pastIncidentItem(text, incident, options.declaration, 'h2')).join('')}</ul>`
  const end = page === pages ? `<p class="history-end">${escapeHtml(words.end)}</p>` : ''
  // The page number and count, for tools and tests, as the status page carries its indicator.
  const body = `<div class="status-page permalink history-page" data-page="${page}" data-pages="${pages}">${back}` +
    `<section id="history" class="card" aria-labelledby="history-title"><h1 id="history-title">${escapeHtml(heading)}</h1>` +
    `<p class="meta">${escapeHtml(intro)}</p>${list}${end}</section>${pager(options, statusPath)}</div>`
  // Titles tell the pages apart; a single page needs no number.
  const position = pages === 1 ? '' : words.page(page, pages)
  return renderPage({
    lang,
    product: options.product,
    title: `${heading}${position === '' ? '' : `, ${position}`} – ${text.pageTitle(options.product?.name)}`,
    description: position === '' ? intro : `${intro} ${position}.`,
    body,
    alternate: { lang: other, path: historyPath(other, page, germanPrefix) },
    styles: ['status.css'],
    path: historyPath(lang, page, germanPrefix),
    germanPrefix,
    notice: options.notice
  })
}
