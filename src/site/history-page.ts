// The incident history (/status/history?page=N, English and German): the open incidents the status page has no room
// for, then the incidents resolved in the last 90 days, newest first, a fixed number to a page, each as the status page lists it; server-rendered without script.
import type { DeclaredProduct, StatusDeclaration } from '../declaration/declaration.ts'
import type { Incident } from '../api/incidents.ts'
import { RECENT_RESOLVED } from '../incidents/view.ts'
import { escapeHtml } from '../lib/html.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { renderPage } from './layout.ts'
import { WORDS as LOCALES, message } from '../view/locale-words.js'
import { statusPathOf } from '../view/status-links.js'
import { TEXT, historyHref, pastIncidentItem } from '../view/status-view.js'

/** Incidents on one page: as many as the status page's recent window, so page 2 starts where the status page stops. */
export const HISTORY_PAGE_SIZE = RECENT_RESOLVED

export interface HistoryPageOptions {
  lang: PageLanguage
  /** The served page languages (LANGUAGES), for the language menu and hreflang. */
  languages?: readonly PageLanguage[]
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

/** The page's own words in one language (the `site.history` section of src/locales/<tag>.json). */
function wordsOf (lang: PageLanguage) {
  const words = LOCALES[lang].site.history
  return {
    ...words,
    intro: (size: number) => message(lang, words.intro, { size }),
    introOpen: (size: number, open: number) => message(lang, words.introOpen, { size, open, count: open }),
    page: (page: number, pages: number) => message(lang, words.page, { page, pages })
  }
}

/** The page's path in a language: `/status/history`, `/de/status/history?page=2`. */
export function historyPath (lang: PageLanguage, page: number, germanPrefix: string): string {
  return historyHref({ statusPath: statusPathOf(lang, germanPrefix) }, page)
}

/**
 * Newer and older pages, as links with rel="prev" and rel="next", and where this page stands: the one place that says
 * "Page 2 of 5". A history of one page has nowhere to go, and no pager.
 */
function pager (options: HistoryPageOptions, statusPath: string): string {
  const { lang, page, pages } = options
  if (pages === 1) return ''
  const words = wordsOf(lang)
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
  const words = wordsOf(lang)
  const intro = (options.moreOpen ?? 0) > 0 ? words.introOpen(HISTORY_PAGE_SIZE, options.moreOpen!) : words.intro(HISTORY_PAGE_SIZE)
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
    pathIn: (tag) => historyPath(tag, page, germanPrefix),
    languages: options.languages,
    styles: ['status.css'],
    path: historyPath(lang, page, germanPrefix),
    germanPrefix,
    notice: options.notice
  })
}
