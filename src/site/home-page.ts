// The home page (`/` and its German twin): what this service is, the current status, and where to go next.
import { escapeHtml } from '../lib/html.ts'
import { brandedTitle, renderPage } from './layout.ts'
import { localPath } from '../view/status-links.js'
import { docsLanguage, type PageLanguage } from '../lib/locale.ts'
import { WORDS as LOCALES } from '../view/locale-words.js'
import type { ComponentsBody } from '../api/components.ts'
import type { DeclaredProduct } from '../declaration/declaration.ts'
import { TEXT, headline, headlineKind } from '../view/status-view.js'

export interface HomePageOptions {
  lang: PageLanguage
  /** The served page languages (LANGUAGES). */
  languages?: readonly PageLanguage[]
  /** The one public status (the model), for the one-line summary; null when it could not be had. */
  components: ComponentsBody | null
  germanPrefix: string
  notice?: string
  product?: DeclaredProduct
}

export function renderHomePage (options: HomePageOptions): string {
  const { lang, components, germanPrefix } = options
  const words = LOCALES[lang].site.home
  const languages = options.languages ?? ['en', 'de']
  // The card offers the reader's likeliest other language: German from English, English from any other.
  const other: PageLanguage | undefined = lang === 'en' ? (languages.includes('de') ? 'de' : languages.find((tag) => tag !== 'en')) : 'en'
  const local = (path: string) => escapeHtml(localPath(lang, path, germanPrefix))
  // The summary line's colour is the status page headline's (src/view/status-view.js).
  const state = components === null ? 'unknown' : headlineKind(components)
  const summary = components === null ? words.unknown : headline(TEXT[lang], components)
  const card = (href: string, title: string, text: string, hreflang?: PageLanguage) =>
    `<li class="link-card"><a href="${href}"${hreflang === undefined ? '' : ` hreflang="${hreflang}" lang="${hreflang}"`}><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></a></li>`
  const body = `<div class="home">
<h1>${escapeHtml(words.title)}</h1>
<p class="lead">${escapeHtml(words.intro)}</p>
<p class="home-status overall--${state}"><span>${escapeHtml(words.now)}:</span> <a href="${local('/status')}">${escapeHtml(summary)}</a></p>
<ul class="link-cards">
${card(local('/status'), words.statusTitle, words.statusText)}
${card(escapeHtml(localPath(docsLanguage(lang), '/docs/api', germanPrefix)), words.docsTitle, words.docsText)}
${other === undefined ? '' : card(escapeHtml(localPath(other, '/', germanPrefix)), LOCALES[other].site.home.otherTitle, LOCALES[other].site.home.otherText, other)}
</ul>
</div>`
  return renderPage({
    lang,
    product: options.product,
    title: brandedTitle(lang, words.title, options.product),
    description: words.description,
    body,
    pathIn: (tag) => localPath(tag, '/', germanPrefix),
    languages,
    path: localPath(lang, '/', germanPrefix),
    germanPrefix,
    notice: options.notice
  })
}
