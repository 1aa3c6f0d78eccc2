// /sitemap.xml: every HTML page the page sources list, each with hreflang alternates for every language it exists in and x-default (English).
import { escapeHtml } from '../lib/html.ts'
import { PAGE_LANGUAGES } from '../lib/locale.ts'
import type { PagePair, PageSource } from '../site/page-source.ts'

/** Every page pair of every source, each English path once. */
export function allPages (sources: readonly PageSource[]): PagePair[] {
  const byPath = new Map<string, PagePair>()
  for (const source of sources) {
    for (const pair of source.pages()) if (!byPath.has(pair.en)) byPath.set(pair.en, pair)
  }
  return [...byPath.values()]
}

/** The page's paths by language tag, in the shipped order, only the languages it exists in. */
export function pagePaths (pair: PagePair): Array<[string, string]> {
  return PAGE_LANGUAGES.flatMap((lang) => {
    const path = pair[lang]
    return path === undefined ? [] : [[lang, path] as [string, string]]
  })
}

export function sitemapXml (baseUrl: string, pages: readonly PagePair[]): string {
  const url = (path: string) => escapeHtml(`${baseUrl}${path}`)
  const entries = pages.flatMap((pair) => {
    const paths = pagePaths(pair)
    const alternates = [
      ...paths.map(([lang, path]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${url(path)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(pair.en)}"/>`
    ].join('\n')
    return paths.map(([, path]) => `  <url>\n    <loc>${url(path)}</loc>\n${alternates}\n  </url>`)
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    ''
  ].join('\n')
}
