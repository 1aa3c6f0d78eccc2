// The docs as Markdown for agents: the list of every page's `.md` address, and /llms-full.txt — every page of both
// languages in one file, its relative links made site paths so they still point somewhere there.
import type { Locale } from '../lib/locale.ts'
import type { DocsSite } from './docs-site.ts'
import type { DocPage } from './load.ts'

export const LLMS_FULL_PATH = '/llms-full.txt'

export interface MarkdownDoc {
  title: string
  locale: Locale
  /** The page's HTML address (`/docs/api`) and its Markdown (`/docs/api.md`). */
  url: string
  markdownUrl: string
}

export function markdownDocs (docs: DocsSite): MarkdownDoc[] {
  return (['en', 'de'] as const).flatMap((locale) => docs.list(locale).map((page) => ({
    title: page.title, locale, url: page.url, markdownUrl: page.markdownUrl
  })))
}

export function llmsFullTxt (docs: DocsSite): string {
  const parts = [
    '# Documentation',
    '',
    '> Every page of the documentation as Markdown: the English pages first, then the German ones. Each page ' +
      'begins after a line `Source:` with its address; each is also served alone at that address plus `.md`.'
  ]
  for (const locale of ['en', 'de'] as const) {
    for (const page of docs.list(locale)) parts.push('', '---', '', `Source: ${page.url}`, '', sitePathLinks(page).trimEnd())
  }
  return `${parts.join('\n')}\n`
}

/** `[x](api.md#limits)` → `[x](/docs/api.md#limits)`, `[x](#limits)` → `[x](/docs/api#limits)`; absolute links stay. */
function sitePathLinks (page: DocPage): string {
  return page.markdown.replace(/\]\(([^)\s]+)\)/g, (whole, target: string) => {
    if (/^([a-z][a-z0-9+.-]*:|\/)/i.test(target)) return whole
    if (target.startsWith('#')) return `](${page.url}${target})`
    const resolved = new URL(target, `http://docs.invalid${page.markdownUrl}`)
    return `](${resolved.pathname}${resolved.search}${resolved.hash})`
  })
}
