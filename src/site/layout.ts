// The one layout every HTML page uses (status, docs, home): document shell, header, language switch, footer.
import { footerParts } from '../brand/footer.ts'
import type { BrandImage } from '../brand/image.ts'
import { brandStylesheet } from '../brand/stylesheet.ts'
import { escapeHtml } from '../lib/html.ts'
import { docsLanguage, type PageLanguage } from '../lib/locale.ts'
import { ORIGIN_PLACEHOLDER } from '../lib/origin-placeholder.ts'
import { englishFallbackAttribute, type DeclaredProduct } from '../declaration/declaration.ts'
import { TEXT } from '../view/status-view.js'
import { localPath } from '../view/status-links.js'
import { assetPath } from './asset-files.ts'
import { SHIPPED, WORDS as LOCALES } from '../view/locale-words.js'

export interface PageOptions {
  lang: PageLanguage
  title: string
  description: string
  /** Trusted HTML for <main>. */
  body: string
  /** The same page's path in any language, for the language menu and hreflang; undefined: a page in one language only. */
  pathIn?: (lang: PageLanguage) => string
  /** The served page languages (LANGUAGES); every shipped one when not given. */
  languages?: readonly PageLanguage[]
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
  /** The status file's product: its name, logo, favicon, accent, header links and footer. Undefined: the neutral look. */
  product?: DeclaredProduct
}

/** A page's own title followed by the product's status page name ("Page not found – Acme status"); unchanged without a name. */
export function brandedTitle (lang: PageLanguage, title: string, product: DeclaredProduct | undefined): string {
  return product?.name === undefined ? title : `${title} – ${TEXT[lang].pageTitle(product.name)}`
}

/** The logo's `<img>` size: 32 px high and as wide as its own proportions make it, so the header does not shift when it loads. */
function logoSize (logo: BrandImage): string {
  const size = logo.size
  return size === undefined ? ' height="32"' : ` width="${Math.max(1, Math.round(32 * size.width / size.height))}" height="32"`
}

/** The header's mark: the product's logo (its dark variant in the dark theme) and name, or the service's own icon and "Status". */
function brandMark (product: DeclaredProduct | undefined): string {
  if (product?.name === undefined && product?.logo === undefined) return `<img src="${assetPath('favicon.svg')}" alt="" width="24" height="24"><span>Status</span>`
  const logo = product.logo === undefined
    ? ''
    : `<picture>${product.logoDark === undefined ? '' : `<source srcset="${escapeHtml(product.logoDark.path)}" media="(prefers-color-scheme: dark)">`}<img class="brand-logo" src="${escapeHtml(product.logo.path)}" alt=""${logoSize(product.logo)}></picture>`
  return `${logo}<span>${escapeHtml(product.name ?? 'Status')}</span>`
}

/** The file's header links: absolute URLs of other sites, opened in the same tab, without handing them this window. */
function productLinks (lang: PageLanguage, product: DeclaredProduct | undefined): string {
  if (product === undefined || product.links.length === 0) return ''
  const items = product.links.map((link) => `<li><a href="${escapeHtml(link.url)}" rel="noopener"${englishFallbackAttribute(link.label, lang)}>${escapeHtml(link.label[lang])}</a></li>`)
  return `<nav class="product-links" aria-label="${escapeHtml(LOCALES[lang].site.layout.productLinks)}"><ul>${items.join('')}</ul></nav>\n`
}

/** The file's footer text, its `[text](url)` links as links. */
function productFooter (lang: PageLanguage, product: DeclaredProduct | undefined): string {
  const text = product?.footer
  if (text === undefined) return ''
  const footer = text[lang]
  const html = footerParts(footer).map((part) => 'url' in part
    ? `<a href="${escapeHtml(part.url)}" rel="noopener">${escapeHtml(part.text)}</a>`
    : escapeHtml(part.text)).join('')
  // A footer the file gives only in English says so on the other languages' pages, for screen readers and translators.
  return `<p class="product-footer"${englishFallbackAttribute(text, lang)}>${html}</p>\n`
}

/**
 * `<link rel="alternate" hreflang>` for every served language, the page itself included, and `x-default` (the English
 * page): absolute, as search engines require, through the origin placeholder each response fills in.
 */
function alternateLinks (languages: readonly PageLanguage[], pathIn: PageOptions['pathIn']): string {
  if (pathIn === undefined) return ''
  const link = (hreflang: string, href: string) => `<link rel="alternate" hreflang="${hreflang}" href="${ORIGIN_PLACEHOLDER}${escapeHtml(href)}">`
  return [...languages.map((lang) => link(lang, pathIn(lang))), link('x-default', pathIn('en'))].join('\n')
}

/** The language menu: a plain link to the same page in every other served language, each named in its own language. */
function languageMenu (lang: PageLanguage, languages: readonly PageLanguage[], pathIn: PageOptions['pathIn']): string {
  if (pathIn === undefined || languages.length < 2) return ''
  const items = languages.map((other) => other === lang
    ? `<li><a href="${escapeHtml(pathIn(other))}" aria-current="true" lang="${other}">${escapeHtml(LOCALES[other].site.layout.languageName)}</a></li>`
    : `<li><a href="${escapeHtml(pathIn(other))}" hreflang="${other}" lang="${other}">${escapeHtml(LOCALES[other].site.layout.languageName)}</a></li>`)
  return `<nav class="lang-menu" aria-label="${escapeHtml(LOCALES[lang].site.layout.languages)}"><ul>${items.join('')}</ul></nav>`
}

export function renderPage (options: PageOptions): string {
  const { lang, title, description, body, pathIn } = options
  const languages = options.languages ?? SHIPPED
  const words = LOCALES[lang].site.layout
  const local = (path: string) => localPath(lang, path, options.germanPrefix)
  const { product } = options
  const accent = product === undefined ? undefined : brandStylesheet(product)
  const styles = [
    ...['site.css', ...(options.styles ?? [])].map((name) => `<link rel="stylesheet" href="${escapeHtml(assetPath(name))}">`),
    ...(accent === undefined ? [] : [`<link rel="stylesheet" href="${escapeHtml(accent.path)}">`])
  ]
  const favicon = product?.favicon === undefined
    ? `<link rel="icon" href="${assetPath('favicon.svg')}" type="image/svg+xml">`
    : `<link rel="icon" href="${escapeHtml(product.favicon.path)}" type="${product.favicon.type}">`
  const scripts = [
    ...(options.scripts ?? []).map((name) => `<script src="${escapeHtml(assetPath(name))}" defer></script>`),
    ...(options.modules ?? []).map((name) => `<script type="module" src="${escapeHtml(assetPath(name))}"></script>`)
  ]
  const switchLink = languageMenu(lang, languages, pathIn)
  const alternateLink = alternateLinks(languages, pathIn)
  const navLink = (path: string, label: string) => {
    const href = local(path)
    const current = options.path !== undefined && (options.path === href || (path !== '/' && options.path.startsWith(`${href}/`)))
    return `<li><a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`
  }
  // The docs are English and German: a page in another language links to the English docs.
  const docsLink = (label: string) => {
    const href = localPath(docsLanguage(lang), '/docs/api', options.germanPrefix)
    const current = options.path !== undefined && (options.path === href || options.path.startsWith(`${href}/`))
    return `<li><a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}${lang === docsLanguage(lang) ? '' : ' hreflang="en"'}>${escapeHtml(label)}</a></li>`
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
${favicon}
${alternateLink}
<link rel="alternate" type="application/atom+xml" title="${escapeHtml(words.feed)} (Atom)" href="${escapeHtml(local('/status/feed.atom'))}">
<link rel="alternate" type="application/rss+xml" title="${escapeHtml(words.feed)} (RSS)" href="${escapeHtml(local('/status/feed.rss'))}">
<link rel="alternate" type="text/calendar" title="${escapeHtml(words.calendar)}" href="${escapeHtml(local('/status/maintenance.ics'))}">
${styles.join('\n')}
${scripts.join('\n')}
</head>
<body>
<a class="skip-link" href="#main">${escapeHtml(words.skip)}</a>
<header class="site-header">
<a class="brand" href="${escapeHtml(local('/'))}">${brandMark(product)}<span class="vh"> – ${escapeHtml(words.home)}</span></a>
<nav aria-label="${escapeHtml(words.nav)}"><ul>${navLink('/status', words.status)}${docsLink(words.docs)}</ul></nav>
${productLinks(lang, product)}${switchLink}
</header>
<main id="main" tabindex="-1">
${notice}${body}
</main>
<footer class="site-footer">
${productFooter(lang, product)}<p>${escapeHtml(words.footer)}: <a href="/api/v1/health">/api/v1/health</a> · <a href="/api/v1/openapi.json">OpenAPI</a> · <a href="/llms.txt">llms.txt</a></p>
</footer>
</body>
</html>
`
}
