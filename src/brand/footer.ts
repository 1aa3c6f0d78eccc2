// The product's footer (docs/en/architecture.md#status-model): plain text in which Markdown's inline `[text](https://…)` is the one markup, read
// the same way by the status file's check and by the pages that render it.

export type FooterPart = { text: string } | { text: string, url: string }

const LINK = /\[([^[\]\n]+)\]\(([^()\s]*)\)/g

/** The footer as text and links, in order; an empty text part is left out. */
export function footerParts (footer: string): FooterPart[] {
  const parts: FooterPart[] = []
  let from = 0
  for (const match of footer.matchAll(LINK)) {
    if (match.index > from) parts.push({ text: footer.slice(from, match.index) })
    parts.push({ text: match[1]!, url: match[2]! })
    from = match.index + match[0].length
  }
  if (from < footer.length) parts.push({ text: footer.slice(from) })
  return parts
}

/** Why the footer is refused, or undefined: every link leads to an absolute http(s) URL. */
export function footerMistake (footer: string): string | undefined {
  for (const part of footerParts(footer)) {
    if (!('url' in part)) continue
    const url = URL.canParse(part.url) ? new URL(part.url) : undefined
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      return `the link "${part.text}" must lead to an http(s) URL: [text](https://…)`
    }
  }
  return undefined
}
