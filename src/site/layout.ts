// The one layout every HTML page uses (status, docs, home): document shell, header, language switch, footer.
import { escapeHtml } from './html.ts'
import type { Locale } from './pages.ts'

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
}

export function renderPage (options: PageOptions): string {
  const { lang, title, description, body, alternate } = options
  const styles = ['site.css', ...(options.styles ?? [])].map((name) => `<link rel="stylesheet" href="/assets/${escapeHtml(name)}">`)
  const scripts = (options.scripts ?? []).map((name) => `<script src="/assets/${escapeHtml(name)}" defer></script>`)
  const switchLink = alternate === undefined
    ? ''
    : `<a class="lang-switch" href="${escapeHtml(alternate.path)}" hreflang="${alternate.lang}" lang="${alternate.lang}">${alternate.lang === 'de' ? 'Deutsch' : 'English'}</a>`
  const alternateLink = alternate === undefined ? '' : `<link rel="alternate" hreflang="${alternate.lang}" href="${escapeHtml(alternate.path)}">`
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<meta name="color-scheme" content="light dark">
${alternateLink}
${styles.join('\n')}
${scripts.join('\n')}
</head>
<body>
<header class="site-header"><a class="brand" href="${lang === 'de' ? '/de' : '/'}">Status</a>${switchLink}</header>
<main id="main">
${body}
</main>
</body>
</html>
`
}
