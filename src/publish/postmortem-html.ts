// A post-mortem's Markdown as HTML for the incident page, with `marked` (CommonMark and GitHub's tables): raw HTML is
// shown as text, never passed; links and images keep only http(s) and addresses relative to the page; headings sit
// below the section's own. Operators write it, but a leaked token must not be a way to run script on readers.
import { Lexer, Marked, type Tokens } from 'marked'
import { escapeHtml } from '../lib/html.ts'

/** Containers (quotes, list items) deeper than this are flattened: marked recurses once per level (a stack overflow, or minutes, at thousands). */
const MAX_NESTING = 12
/** Leading spaces kept on a line: list nesting by indentation is bounded with the markers (code blocks need 4 within each level). */
const MAX_INDENT = 2 * MAX_NESTING + 4
/** A prefix of container markers at a line's start: `> `, `- `, `1. ` and the spaces between. */
const CONTAINER = /^(?:[ \t]{0,3}(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]?)/

// Heading levels below the section's h2; links relative to the page, or absolute http(s) only.
const marked = new Marked({
  gfm: true,
  renderer: {
    heading (token) {
      const depth = Math.min(6, token.depth + 2)
      return `<h${depth}>${this.parser.parseInline(token.tokens)}</h${depth}>\n`
    },
    link (token) {
      const inner = this.parser.parseInline(token.tokens)
      const href = safeHref(token.href)
      if (href === undefined) return inner
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : ''
      const external = /^https?:/i.test(href) ? ' rel="nofollow noopener noreferrer ugc"' : ''
      return `<a href="${escapeHtml(href)}"${title}${external}>${inner}</a>`
    },
    // Images are shown as links to them: nothing is loaded from elsewhere by the page itself (no tracking pixels, no size surprises).
    image (token) {
      const href = safeHref(token.href)
      const text = escapeHtml(token.text === '' ? token.href : token.text)
      return href === undefined ? text : `<a href="${escapeHtml(href)}" rel="nofollow noopener noreferrer ugc">${text}</a>`
    },
    // Raw HTML, comments included, is shown as the text it is.
    html (token) {
      const text = escapeHtml(token.text)
      return token.block ? `<p>${text}</p>\n` : text
    },
    code (token) {
      return `<pre tabindex="0"><code>${escapeHtml(token.text)}\n</code></pre>\n`
    },
    table (token) {
      const cell = (c: Tokens.TableCell, tag: 'th' | 'td') => `<${tag}${c.align === null ? '' : ` class="align-${c.align}"`}>${this.parser.parseInline(c.tokens)}</${tag}>`
      const head = `<tr>${token.header.map((c) => cell(c, 'th')).join('')}</tr>`
      const rows = token.rows.map((row) => `<tr>${row.map((c) => cell(c, 'td')).join('')}</tr>`).join('\n')
      return `<div class="table-scroll" tabindex="0"><table>\n<thead>${head}</thead>\n<tbody>${rows}</tbody>\n</table></div>\n`
    }
  }
})

/** The post-mortem's HTML: the checked Markdown (at most 50,000 characters) rendered as the page shows it. */
export function postmortemHtml (markdown: string): string {
  const tokens = new Lexer({ gfm: true }).lex(bounded(markdown))
  return marked.parser(tokens)
}

/**
 * `href` as the page may carry it: an absolute http(s) address, or one relative to the page (a path, `#fragment`,
 * `?query`); undefined for every other scheme (`javascript:`, `data:`, `vbscript:`, `mailto:` …). Judged by the URL
 * parser browsers use, so tabs, line breaks or leading controls (`java\tscript:`) cannot disguise a scheme.
 */
export function safeHref (href: string): string | undefined {
  let url: URL
  try {
    url = new URL(href, 'https://page.invalid/status/incidents/')
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  // A relative one with a character reference (`javascript&#58;…`) is a scheme in disguise for whatever decodes it later.
  if (!/^\s*https?:/i.test(href) && /&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);?/i.test(href)) return undefined
  return href
}

/** The Markdown with container nesting and leading indentation cut to the bounds above: the text stays, only deeper structure flattens. */
function bounded (markdown: string): string {
  return markdown.split('\n').map((line) => {
    let rest = line
    let prefix = ''
    let depth = 0
    for (let match = CONTAINER.exec(rest); match !== null; match = CONTAINER.exec(rest)) {
      if (depth < MAX_NESTING) prefix += match[0]
      depth++
      rest = rest.slice(match[0].length)
    }
    const indent = /^[ \t]*/.exec(rest)![0]
    const width = indent.replace(/\t/g, '    ').length
    if (width > MAX_INDENT) rest = ' '.repeat(MAX_INDENT) + rest.slice(indent.length)
    return depth === 0 && width <= MAX_INDENT ? line : prefix + rest
  }).join('\n')
}
