// One Markdown page → HTML with heading anchors and rewritten links, plus its sections as plain text for the index.
import { Lexer, Marked, type Token, type Tokens } from 'marked'
import { escapeHtml } from '../lib/html.ts'
import { createSlugger, explicitAnchor } from './anchors.ts'

export interface Heading {
  depth: number
  text: string
  anchor: string
}

/** A searchable part of a page: the introduction (heading null) or everything under one heading. */
export interface Section {
  heading: Heading | null
  text: string
}

export interface RenderedMarkdown {
  html: string
  /** The text of the first level-1 heading, when there is one before any other heading. */
  firstH1: string | undefined
  headings: Heading[]
  sections: Section[]
}

export interface RenderOptions {
  /** Maps a link target as written in the Markdown to the href the page should carry. */
  resolveLink (href: string): string
  /** Names of the scrolling regions (code blocks, tables) for assistive technology, in the page's language. */
  regionLabels?: { code: string, table: string }
}

const DEFAULT_REGION_LABELS = { code: 'Code example', table: 'Table' }

export function renderMarkdown (markdown: string, options: RenderOptions): RenderedMarkdown {
  const tokens = new Lexer({ gfm: true }).lex(markdown)
  const anchors = new WeakMap<Token, string>()
  const slug = createSlugger()
  const headings: Heading[] = []
  const sections: Section[] = []
  let current: { heading: Heading | null, text: string[] } = { heading: null, text: [] }
  let firstH1: string | undefined

  for (const token of tokens) {
    if (token.type !== 'heading') {
      current.text.push(plainText(token))
      continue
    }
    const heading = token as Tokens.Heading
    const { text, id } = explicitAnchor(heading.text)
    if (id !== undefined) heading.tokens = new Lexer({ gfm: true }).inlineTokens(text)
    const plain = inlineText(heading.tokens)
    const anchor = slug(plain, id)
    anchors.set(token, anchor)
    if (heading.depth === 1 && firstH1 === undefined && headings.length === 0) {
      firstH1 = plain
      continue
    }
    // A page has one h1, its title: any other level-1 heading is a section like a level-2 one.
    if (heading.depth === 1) heading.depth = 2
    const entry = { depth: heading.depth, text: plain, anchor }
    headings.push(entry)
    sections.push(finish(current))
    current = { heading: entry, text: [] }
  }
  sections.push(finish(current))

  const labels = options.regionLabels ?? DEFAULT_REGION_LABELS
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading (token) {
        const anchor = anchors.get(token) ?? slug(inlineText(token.tokens))
        const inner = this.parser.parseInline(token.tokens)
        return `<h${token.depth} id="${escapeHtml(anchor)}">${inner} <a class="anchor" href="#${escapeHtml(anchor)}" aria-hidden="true" tabindex="-1">#</a></h${token.depth}>\n`
      },
      link (token) {
        const href = escapeHtml(options.resolveLink(token.href))
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : ''
        return `<a href="${href}"${title}>${this.parser.parseInline(token.tokens)}</a>`
      },
      image (token) {
        return `<img src="${escapeHtml(options.resolveLink(token.href))}" alt="${escapeHtml(token.text)}" loading="lazy">`
      },
      // Code blocks and tables scroll sideways when wide: each is a keyboard stop with a name (axe scrollable-region-focusable).
      // A <pre> has no role that may be named: a code block is a group, which may (not a region: a landmark per block).
      code (token) {
        const language = /^[\w+-]+$/.test(token.lang ?? '') ? token.lang! : ''
        const label = `${labels.code}${language === '' ? '' : ` (${language})`}`
        return `<pre tabindex="0" role="group" aria-label="${escapeHtml(label)}"><code${language === '' ? '' : ` class="language-${language}"`}>${escapeHtml(token.text)}\n</code></pre>\n`
      },
      table (token) {
        const cell = (c: Tokens.TableCell, tag: 'th' | 'td') => `<${tag}${c.align === null ? '' : ` class="align-${c.align}"`}>${this.parser.parseInline(c.tokens)}</${tag}>`
        const head = `<tr>${token.header.map((c) => cell(c, 'th')).join('')}</tr>`
        const rows = token.rows.map((row) => `<tr>${row.map((c) => cell(c, 'td')).join('')}</tr>`).join('\n')
        const name = inlineText(token.header[0]?.tokens ?? [])
        return `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeHtml(`${labels.table}: ${name}`)}"><table>\n<thead>${head}</thead>\n<tbody>${rows}</tbody>\n</table></div>\n`
      },
      // Raw HTML is never passed through: its text stays, its tags (and anything active) go.
      html (token) {
        const text = escapeHtml(stripTags(token.text))
        return token.block && text.trim() !== '' ? `<p>${text}</p>\n` : text
      }
    }
  })
  const html = marked.parser(tokens)
  return { html, firstH1, headings, sections }
}

function finish (section: { heading: Heading | null, text: string[] }): Section {
  return { heading: section.heading, text: section.text.filter((t) => t !== '').join('\n').trim() }
}

function stripTags (html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<[^>]*>/g, '')
}

/** The visible text of a block, for the index: words in reading order, no markup. */
function plainText (token: Token): string {
  switch (token.type) {
    case 'space': case 'hr': case 'def': return ''
    case 'code': return (token as Tokens.Code).text
    case 'html': return stripTags((token as Tokens.HTML).text).trim()
    case 'list': return (token as Tokens.List).items.map((item) => item.tokens.map(plainText).join(' ')).join('\n')
    case 'table': {
      const table = token as Tokens.Table
      const rows = [table.header, ...table.rows]
      return rows.map((row) => row.map((cell) => inlineText(cell.tokens)).join(' · ')).join('\n')
    }
    case 'blockquote': return (token as Tokens.Blockquote).tokens.map(plainText).join('\n')
    default: {
      const children = (token as { tokens?: Token[] }).tokens
      if (children !== undefined) return inlineText(children)
      return decodeEntities((token as { text?: string }).text ?? '')
    }
  }
}

function inlineText (tokens: Token[]): string {
  return tokens.map((token) => {
    if (token.type === 'html') return stripTags((token as Tokens.HTML).text)
    if (token.type === 'br') return ' '
    if (token.type === 'image') return (token as Tokens.Image).text
    const children = (token as { tokens?: Token[] }).tokens
    if (children !== undefined && children.length > 0) return inlineText(children)
    return decodeEntities((token as { text?: string }).text ?? '')
  }).join('').replace(/\s+/g, ' ').trim()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

function decodeEntities (text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
}
