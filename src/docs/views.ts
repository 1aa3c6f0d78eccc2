// The HTML of the docs: a page with its navigation and search box, and the search results page that the
// box falls back to without JavaScript. Everything goes through the shared layout.
import type { SearchResult } from '../api/search.ts'
import { escapeHtml } from '../lib/html.ts'
import { brandedTitle, renderPage } from '../site/layout.ts'
import type { DeclaredProduct } from '../declaration/declaration.ts'
import type { Locale } from '../lib/locale.ts'
import type { DocsSite } from './docs-site.ts'
import { LABELS } from './labels.ts'
import type { DocPage } from './load.ts'
import type { PageLanguage } from '../lib/locale.ts'

/** The docs speak English and German, the spec's two, whatever LANGUAGES serves. */
const DOCS_LANGUAGES: readonly PageLanguage[] = ['en', 'de']

const ASSETS = { styles: ['docs.css'], scripts: ['search.js'] }

export function renderDocPage (site: DocsSite, page: DocPage, product?: DeclaredProduct): string {
  const twin = site.twin(page)
  const labels = LABELS[page.locale]
  const toc = page.headings.filter((h) => h.depth <= 3)
  const tocHtml = toc.length < 2
    ? ''
    : `<nav class="docs-toc" aria-label="${escapeHtml(labels.onThisPage)}"><h2>${escapeHtml(labels.onThisPage)}</h2><ul>${
      toc.map((h) => `<li class="depth-${h.depth}"><a href="#${escapeHtml(h.anchor)}">${escapeHtml(h.text)}</a></li>`).join('')}</ul></nav>`
  // The article comes first, so its h1 is the page's first heading (the sidebar's h2 after it); the grid puts the sidebar left.
  const body = `<div class="docs">
<article class="docs-article">
${page.html}
</article>
${sidebar(site, page.locale, page.url)}
${tocHtml}
</div>`
  return renderPage({
    lang: page.locale,
    product,
    title: brandedTitle(page.locale, `${page.title} · ${labels.docs}`, product),
    description: page.description,
    body,
    ...(twin === undefined ? {} : { pathIn: (lang: PageLanguage) => lang === twin.locale ? twin.url : page.url, languages: DOCS_LANGUAGES }),
    path: page.url,
    ...ASSETS
  })
}

export function renderSearchPage (site: DocsSite, locale: Locale, query: string, results: SearchResult[], product?: DeclaredProduct): string {
  const labels = LABELS[locale]
  const other: Locale = locale === 'en' ? 'de' : 'en'
  const otherPath = `${site.roots[other]}/search${query === '' ? '' : `?q=${encodeURIComponent(query)}`}`
  const list = query === ''
    ? `<p>${escapeHtml(labels.emptyQuery)}</p>`
    : `<p class="search-summary" role="status">${escapeHtml(labels.resultsFor(results.length, query))}</p>
<ol class="search-results">${results.map(resultItem).join('\n')}</ol>`
  const body = `<div class="docs">
<article class="docs-article">
<h1>${escapeHtml(query === '' ? labels.search : labels.searchTitle(query))}</h1>
${list}
</article>
${sidebar(site, locale, '', query)}
</div>`
  return renderPage({
    lang: locale,
    product,
    title: brandedTitle(locale, `${query === '' ? labels.search : labels.searchTitle(query)} · ${labels.docs}`, product),
    description: labels.searchLabel,
    body,
    pathIn: (lang: PageLanguage) => lang === other ? otherPath : `${site.roots[locale]}/search${query === '' ? '' : `?q=${encodeURIComponent(query)}`}`,
    languages: DOCS_LANGUAGES,
    path: `${site.roots[locale]}/search${query === '' ? '' : `?q=${encodeURIComponent(query)}`}`,
    ...ASSETS
  })
}

function sidebar (site: DocsSite, locale: Locale, currentUrl: string, query = ''): string {
  const labels = LABELS[locale]
  const root = site.roots[locale]
  const pages = site.list(locale).map((p) =>
    `<li><a href="${escapeHtml(p.url)}"${p.url === currentUrl ? ' aria-current="page"' : ''}>${escapeHtml(p.title)}</a></li>`).join('')
  return `<aside class="docs-sidebar">
<form class="docs-search" role="search" action="${escapeHtml(root)}/search" method="get" data-api="${escapeHtml(root)}/api/search">
<label for="docs-q">${escapeHtml(labels.searchLabel)}</label>
<div class="docs-search-row"><input id="docs-q" name="q" type="search" maxlength="200" autocomplete="off" placeholder="${escapeHtml(labels.searchPlaceholder)}" value="${escapeHtml(query)}" aria-controls="docs-search-live"><button type="submit">${escapeHtml(labels.search)}</button></div>
<div id="docs-search-live" class="docs-search-live" aria-live="polite" hidden></div>
</form>
<nav aria-label="${escapeHtml(labels.pages)}"><h2>${escapeHtml(labels.docs)}</h2><ul>${pages}</ul></nav>
</aside>`
}

/** A result with its highlights as <mark>, built from offsets: the excerpt itself is plain text. */
function resultItem (result: SearchResult): string {
  const heading = result.section === null ? result.title : `${result.title} › ${result.section}`
  return `<li><a href="${escapeHtml(result.url)}">${escapeHtml(heading)}</a><p>${markHighlights(result.excerpt, result.highlights)}</p></li>`
}

function markHighlights (text: string, highlights: Array<[number, number]>): string {
  let html = ''
  let at = 0
  for (const [start, end] of highlights) {
    if (start < at) continue
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`
    at = end
  }
  return html + escapeHtml(text.slice(at))
}
