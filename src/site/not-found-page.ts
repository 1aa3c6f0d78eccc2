// The page a browser gets for an address that does not exist (HTTP 404), in the site's layout and the visitor's
// language, with the ways back: the status page, the docs, the home page.
import type { DeclaredProduct } from '../declaration/declaration.ts'
import { escapeHtml } from '../lib/html.ts'
import type { Locale } from '../lib/locale.ts'
import { brandedTitle, renderPage } from './layout.ts'
import { localPath } from '../view/status-links.js'

export interface NotFoundPageOptions {
  lang: Locale
  germanPrefix: string
  notice?: string
  product?: DeclaredProduct
}

const WORDS = {
  en: {
    title: 'Page not found',
    description: 'There is no page at this address.',
    text: 'There is no page at this address. It may have moved, or the link may be mistyped.',
    status: 'The status page: is the bot up right now?',
    docs: 'The documentation, with its search',
    home: 'The home page'
  },
  de: {
    title: 'Seite nicht gefunden',
    description: 'Unter dieser Adresse gibt es keine Seite.',
    text: 'Unter dieser Adresse gibt es keine Seite. Vielleicht ist sie umgezogen, oder der Link ist vertippt.',
    status: 'Die Statusseite: Läuft der Bot gerade?',
    docs: 'Die Dokumentation mit ihrer Suche',
    home: 'Die Startseite'
  }
} as const

export function renderNotFoundPage (options: NotFoundPageOptions): string {
  const { lang, germanPrefix, notice, product } = options
  const words = WORDS[lang]
  const link = (path: string, label: string) => `<li><a href="${escapeHtml(localPath(lang, path, germanPrefix))}">${escapeHtml(label)}</a></li>`
  const body = `<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.text)}</p>
<ul class="not-found-links">
${link('/status', words.status)}
${link('/docs', words.docs)}
${link('/', words.home)}
</ul>`
  return renderPage({ lang, title: brandedTitle(lang, words.title, product), description: words.description, body, germanPrefix, notice, product })
}
