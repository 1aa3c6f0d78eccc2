// The one layout every HTML page uses (status, docs, home): document shell, header, language switch, footer.
import { escapeHtml } from '../lib/html.ts'
import type { Locale } from '../lib/locale.ts'
import { ORIGIN_PLACEHOLDER } from '../lib/origin-placeholder.ts'

export interface PageOptions {
  lang: Locale
  title: string
  description: string
  /** Trusted HTML for <main>. */
  body: string
  /** The same page in the other language, for the switch and hreflang. */
  alternate?: { lang: Locale, path: string }
  /** Extra stylesheets and scripts under /assets/ (no inline code: the CSP forbids it). */
  styles?: string[]
  scripts?: string[]
  /** Scripts under /assets/ loaded as ES modules (deferred by nature). */
  modules?: string[]
  /** This page's own path: the matching navigation link is marked as the current page. */
  path?: string
  /** The German site prefix (config.germanPrefix); `/de` when not given. */
  germanPrefix?: string
  /** A plain-text notice shown above the content of the page (e.g. that the page shows demo data). */
  notice?: string
}

const WORDS = {
  en: { skip: 'Skip to content', nav: 'Site', status: 'Status', docs: 'API docs', home: 'Status service home', footer: 'For machines', feed: 'Status updates' },
  de: { skip: 'Zum Inhalt springen', nav: 'Website', status: 'Status', docs: 'API-Dokumentation', home: 'Startseite des Statusdienstes', footer: 'Für Maschinen', feed: 'Statusmeldungen' }
} as const

/** The site-relative path of `path` (an English path such as `/status`) in the given language. */
export function localPath (lang: Locale, path: string, germanPrefix = '/de'): string {
  if (lang === 'en') return path
  return path === '/' ? germanPrefix : `${germanPrefix}${path}`
}

/**
 * `<link rel="alternate" hreflang>` for both languages, the page itself included, and `x-default` (the English
 * page): absolute, as search engines require, through the origin placeholder each response fills in.
 */
function alternateLinks (lang: Locale, path: string | undefined, alternate: PageOptions['alternate']): string {
  if (alternate === undefined) return ''
  const link = (hreflang: string, href: string) => `<link rel="alternate" hreflang="${hreflang}" href="${ORIGIN_PLACEHOLDER}${escapeHtml(href)}">`
  const own = path === undefined ? [] : [link(lang, path)]
  const english = lang === 'en' ? path : alternate.lang === 'en' ? alternate.path : undefined
  return [...own, link(alternate.lang, alternate.path), ...(english === undefined ? [] : [link('x-default', english)])].join('\n')
}

export function renderPage (options: PageOptions): string {
  const { lang, title, description, body, alternate } = options
  const words = WORDS[lang]
  const local = (path: string) => localPath(lang, path, options.germanPrefix)
  const styles = ['site.css', ...(options.styles ?? [])].map((name) => `<link rel="stylesheet" href="/assets/${escapeHtml(name)}">`)
  const scripts = [
    ...(options.scripts ?? []).map((name) => `<script src="/assets/${escapeHtml(name)}" defer></script>`),
    ...(options.modules ?? []).map((name) => `<script type="module" src="/assets/${escapeHtml(name)}"></script>`)
  ]
  const switchLink = alternate === undefined
    ? ''
    : `<a class="lang-switch" href="${escapeHtml(alternate.path)}" hreflang="${alternate.lang}" lang="${alternate.lang}">${alternate.lang === 'de' ? 'Deutsch' : 'English'}</a>`
  const alternateLink = alternateLinks(lang, options.path, alternate)
  const navLink = (path: string, label: string) => {
    const href = local(path)
    const current = options.path !== undefined && (options.path === href || (path !== '/' && options.path.startsWith(`${href}/`)))
    return `<li><a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`
  }
  // The notice is English (the demo's): German pages say so, for screen readers and translators.
  const notice = options.notice === undefined ? '' : `<p class="site-notice" role="note"${lang === 'en' ? '' : ' lang="en"'}>${escapeHtml(options.notice)}</p>\n`
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
${alternateLink}
<link rel="alternate" type="application/atom+xml" title="${escapeHtml(words.feed)} (Atom)" href="${escapeHtml(local('/status/feed.atom'))}">
<link rel="alternate" type="application/rss+xml" title="${escapeHtml(words.feed)} (RSS)" href="${escapeHtml(local('/status/feed.rss'))}">
${styles.join('\n')}
${scripts.join('\n')}
</head>
<body>
<a class="skip-link" href="#main">${escapeHtml(words.skip)}</a>
<header class="site-header">
<a class="brand" href="${escapeHtml(local('/'))}"><img src="/assets/favicon.svg" alt="" width="24" height="24"><span>Status</span><span class="vh"> – ${escapeHtml(words.home)}</span></a>
<nav aria-label="${escapeHtml(words.nav)}"><ul>${navLink('/status', words.status)}${navLink('/docs/api', words.docs)}</ul></nav>
${switchLink}
</header>
<main id="main" tabindex="-1">
${notice}${body}
</main>
<footer class="site-footer">
<p>${escapeHtml(words.footer)}: <a href="/api/v1/health">/api/v1/health</a> · <a href="/api/v1/openapi.json">OpenAPI</a> · <a href="/llms.txt">llms.txt</a></p>
</footer>
</body>
</html>
`
}
