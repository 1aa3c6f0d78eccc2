// The home page (`/` and its German twin): what this service is, the current status, and where to go next.
import { escapeHtml } from '../lib/html.ts'
import { brandedTitle, renderPage } from './layout.ts'
import { localPath } from '../view/status-links.js'
import type { Locale } from '../lib/locale.ts'
import type { ComponentsBody } from '../api/components.ts'
import type { DeclaredProduct } from '../declaration/declaration.ts'
import { TEXT, headline, headlineKind } from '../view/status-view.js'

export interface HomePageOptions {
  lang: Locale
  /** The one public status (the model), for the one-line summary; null when it could not be had. */
  components: ComponentsBody | null
  germanPrefix: string
  notice?: string
  product?: DeclaredProduct
}

const WORDS = {
  en: {
    title: 'Status service',
    description: 'Public status of the bot: a live status page, a read-only JSON API for monitoring tools and agents, and its documentation.',
    intro: 'Is the bot up? This service answers for people and for machines. Nothing here needs a login.',
    now: 'Right now',
    statusTitle: 'Status page',
    statusText: 'Components, Discord, 90 days of uptime and every incident with its updates.',
    docsTitle: 'API documentation',
    docsText: 'The read-only JSON API for monitoring tools and AI agents: health, history, incidents.',
    otherTitle: 'Auf Deutsch',
    otherText: 'Diese Seiten gibt es auch auf Deutsch.',
    unknown: 'The current status is not available right now.'
  },
  de: {
    title: 'Statusdienst',
    description: 'Öffentlicher Status des Bots: eine Live-Statusseite, eine lesende JSON-API für Monitoring-Werkzeuge und Agenten und ihre Dokumentation.',
    intro: 'Läuft der Bot? Dieser Dienst beantwortet das für Menschen und für Maschinen. Nichts hier braucht eine Anmeldung.',
    now: 'Gerade jetzt',
    statusTitle: 'Statusseite',
    statusText: 'Komponenten, Discord, 90 Tage Verfügbarkeit und alle Vorfälle mit ihren Meldungen.',
    docsTitle: 'API-Dokumentation',
    docsText: 'Die lesende JSON-API für Monitoring-Werkzeuge und KI-Agenten: Zustand, Verlauf, Vorfälle.',
    otherTitle: 'In English',
    otherText: 'These pages are available in English too.',
    unknown: 'Der aktuelle Status ist gerade nicht verfügbar.'
  }
} as const

export function renderHomePage (options: HomePageOptions): string {
  const { lang, components, germanPrefix } = options
  const words = WORDS[lang]
  const other: Locale = lang === 'en' ? 'de' : 'en'
  const local = (path: string) => escapeHtml(localPath(lang, path, germanPrefix))
  // The summary line's colour is the status page headline's (src/view/status-view.js).
  const state = components === null ? 'unknown' : headlineKind(components)
  const summary = components === null ? words.unknown : headline(TEXT[lang], components)
  const card = (href: string, title: string, text: string, hreflang?: Locale) =>
    `<li class="link-card"><a href="${href}"${hreflang === undefined ? '' : ` hreflang="${hreflang}" lang="${hreflang}"`}><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></a></li>`
  const body = `<div class="home">
<h1>${escapeHtml(words.title)}</h1>
<p class="lead">${escapeHtml(words.intro)}</p>
<p class="home-status overall--${state}"><span>${escapeHtml(words.now)}:</span> <a href="${local('/status')}">${escapeHtml(summary)}</a></p>
<ul class="link-cards">
${card(local('/status'), words.statusTitle, words.statusText)}
${card(local('/docs/api'), words.docsTitle, words.docsText)}
${card(escapeHtml(localPath(other, '/', germanPrefix)), words.otherTitle, words.otherText, other)}
</ul>
</div>`
  return renderPage({
    lang,
    product: options.product,
    title: brandedTitle(lang, words.title, options.product),
    description: words.description,
    body,
    alternate: { lang: other, path: localPath(other, '/', germanPrefix) },
    path: localPath(lang, '/', germanPrefix),
    germanPrefix,
    notice: options.notice
  })
}
