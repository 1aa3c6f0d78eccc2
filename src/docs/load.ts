// Reads a docs tree (`en/**/*.md(x)`, `de/**/*.md(x)`) into pages: URL, title, description, HTML and sections.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { escapeHtml } from '../lib/html.ts'
import type { Locale } from '../lib/locale.ts'
import { slugify } from './anchors.ts'
import { readFrontMatter } from './front-matter.ts'
import { renderMarkdown, type Heading, type Section } from './markdown.ts'
import { stripMdx } from './mdx.ts'

export interface DocPage {
  locale: Locale
  /** The path below the docs root shared by both languages ('' for the index, `guide/setup`). */
  slug: string
  /** Site-relative URL: `/docs/guide/setup` or `/de/docs/guide/setup`. */
  url: string
  title: string
  description: string
  html: string
  /** The page as Markdown (front matter and MDX syntax left out, the title as H1 when the file has none). */
  markdown: string
  /** Where that Markdown is served: the file's path below the docs root, in URL form, ending in `.md`
   * (`/docs/api.md`, `/docs/guide/index.md`), so relative links between the `.md` files work as they are. */
  markdownUrl: string
  headings: Heading[]
  sections: Section[]
}

export interface LoadOptions {
  /** Site paths of each language's docs root: `{ en: '/docs', de: '/de/docs' }`. */
  roots: Record<Locale, string>
}

export interface LoadedDocs {
  pages: DocPage[]
  /** Problems worth telling the operator (bad front matter, two files for one URL); loading went on. */
  warnings: string[]
}

const LOCALES: Locale[] = ['en', 'de']
const EXTENSIONS = new Set(['.md', '.mdx'])

interface SourceFile { locale: Locale, rel: string, file: string, slug: string }

export function loadDocs (docsDir: string, options: LoadOptions): LoadedDocs {
  const warnings: string[] = []
  const files: SourceFile[] = []
  const bySlug = new Map<string, SourceFile>()
  const byRel = new Map<string, SourceFile>()
  for (const locale of LOCALES) {
    for (const rel of listMarkdown(path.join(docsDir, locale))) {
      const source = { locale, rel, file: path.join(docsDir, locale, rel), slug: slugOf(rel) }
      const key = `${locale}:${source.slug}`
      if (bySlug.has(key)) {
        warnings.push(`${locale}/${rel}: ignored, ${locale}/${bySlug.get(key)!.rel} already answers at the same address`)
        continue
      }
      bySlug.set(key, source)
      byRel.set(`${locale}/${rel}`, source)
      files.push(source)
    }
  }

  const urlOf = (locale: Locale, slug: string) => slug === '' ? options.roots[locale] : `${options.roots[locale]}/${slug}`

  /** A link written against the files (`../api.md#limits`) becomes a link to the page that file became. */
  const resolveLink = (from: SourceFile) => (href: string): string => {
    if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href)) return href
    const [target = '', fragment] = splitOnce(href, '#')
    const resolved = path.posix.normalize(path.posix.join(from.locale, path.posix.dirname(from.rel), safeDecode(target)))
    const hash = fragment === undefined ? '' : `#${fragment}`
    for (const candidate of [resolved, `${resolved}.md`, `${resolved}.mdx`, `${resolved}/index.md`, `${resolved}/index.mdx`]) {
      const found = byRel.get(candidate.replace(/\/$/, ''))
      if (found !== undefined) return urlOf(found.locale, found.slug) + hash
    }
    const [locale, ...rest] = resolved.split('/')
    if (EXTENSIONS.has(path.extname(resolved)) && (locale === 'en' || locale === 'de')) {
      warnings.push(`${from.locale}/${from.rel}: link to missing page ${href}`)
      return urlOf(locale, slugOf(rest.join('/'))) + hash
    }
    return href
  }

  const pages = files.map((source): DocPage => {
    const raw = readFileSync(source.file, 'utf8')
    const front = readFrontMatter(raw)
    if (front.error !== undefined) warnings.push(`${source.locale}/${source.rel}: ${front.error}`)
    const markdown = path.extname(source.rel) === '.mdx' ? stripMdx(front.body) : front.body
    const regionLabels = source.locale === 'de' ? { code: 'Codebeispiel', table: 'Tabelle' } : { code: 'Code example', table: 'Table' }
    const rendered = renderMarkdown(markdown, { resolveLink: resolveLink(source), regionLabels })
    const title = front.title ?? rendered.firstH1 ?? path.basename(source.rel, path.extname(source.rel))
    const intro = rendered.sections.find((s) => s.heading === null)?.text ?? ''
    return {
      locale: source.locale,
      slug: source.slug,
      url: urlOf(source.locale, source.slug),
      title,
      description: front.description ?? summary(intro),
      // The page shows its title as the H1 when the Markdown has none of its own.
      html: rendered.firstH1 === undefined ? `<h1>${escapeHtml(title)}</h1>\n${rendered.html}` : rendered.html,
      markdown: rendered.firstH1 === undefined ? `# ${title}\n\n${markdown.trimStart()}` : markdown.trimStart(),
      markdownUrl: `${options.roots[source.locale]}/${fileSegments(source.rel).join('/')}.md`,
      headings: rendered.headings,
      sections: rendered.sections
    }
  })
  return { pages, warnings }
}

/** `guide/Getting Started.md` → `guide/getting-started`; `guide/index.md` → `guide`; `index.md` → ''. */
function slugOf (rel: string): string {
  const segments = fileSegments(rel)
  if (segments.at(-1) === 'index') segments.pop()
  return segments.join('/')
}

/** `guide/Getting Started.mdx` → `['guide', 'getting-started']`. */
function fileSegments (rel: string): string[] {
  return rel.replace(/\.(md|mdx)$/, '').split('/').map((segment) => slugify(segment) || 'page')
}

function listMarkdown (dir: string, prefix = ''): string[] {
  let names: string[]
  try {
    names = readdirSync(path.join(dir, prefix)).sort()
  } catch {
    return []
  }
  return names.flatMap((name) => {
    if (name.startsWith('.') || name === 'node_modules') return []
    const rel = prefix === '' ? name : `${prefix}/${name}`
    const stat = statSync(path.join(dir, rel))
    if (stat.isDirectory()) return listMarkdown(dir, rel)
    return stat.isFile() && EXTENSIONS.has(path.extname(name)) ? [rel] : []
  })
}

function splitOnce (value: string, separator: string): [string, string | undefined] {
  const at = value.indexOf(separator)
  return at === -1 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)]
}

function summary (text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= 160) return flat
  return `${flat.slice(0, 157).replace(/\s+\S*$/, '')}…`
}

function safeDecode (value: string): string {
  try {
    return decodeURI(value)
  } catch {
    return value
  }
}
