// The documentation of both languages, loaded once at start: pages by URL, search per language, and the page list for
// the sitemap and llms.txt. The search index is built after the server listens, a few sections at a time, or at once
// on the first search before then.
import { existsSync } from 'node:fs'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { ConfigError } from '../config/values.ts'
import type { SearchResult } from '../api/search.ts'
import type { Locale } from '../lib/locale.ts'
import type { PagePair, PageSource } from '../site/page-source.ts'
import { loadDocs, type DocPage } from './load.ts'
import { readPrerenderedDocs } from './prerendered.ts'
import type { Section } from './markdown.ts'
import { SearchIndex } from './search/search-index.ts'

/** How long indexing in the background holds the event loop at a time, plus one section (the longest took 6–11 ms on a slow machine). */
const INDEX_TURN_MS = 4

export interface DocsSiteOptions {
  docsDir: string
  germanPrefix: string
  /** The docs as `npm run build` rendered them (src/docs/prerendered.ts), used when still current. */
  prerenderedFile?: string
}

export class DocsSite implements PageSource {
  readonly roots: Record<Locale, string>
  readonly warnings: string[]
  readonly #bySlug: Record<Locale, Map<string, DocPage>> = { en: new Map(), de: new Map() }
  readonly #indexes: Record<Locale, SearchIndex> = { en: new SearchIndex('en'), de: new SearchIndex('de') }
  /** Sections loaded but not yet in their language's search index, in file order. */
  readonly #unindexed: Record<Locale, Array<[DocPage, Section]>> = { en: [], de: [] }

  constructor (options: DocsSiteOptions) {
    if (!existsSync(options.docsDir)) throw new ConfigError(`DOCS_DIR does not exist: ${options.docsDir}`)
    this.roots = { en: '/docs', de: `${options.germanPrefix}/docs` }
    const load = { roots: this.roots }
    const prerendered = options.prerenderedFile === undefined ? undefined : readPrerenderedDocs(options.prerenderedFile, options.docsDir, load)
    const { pages, warnings } = prerendered ?? loadDocs(options.docsDir, load)
    this.warnings = warnings
    for (const page of pages) {
      this.#bySlug[page.locale].set(page.slug, page)
      for (const section of page.sections) this.#unindexed[page.locale].push([page, section])
    }
  }

  /**
   * Indexes the sections not yet indexed, for at most INDEX_TURN_MS at a time, giving requests a turn of the event
   * loop in between (the whole index takes a few hundred milliseconds: docs/en/operations.md#memory). The server
   * calls it once it listens; a search before it is done indexes the rest of its language at once.
   */
  async indexInBackground (): Promise<void> {
    for (const locale of ['en', 'de'] as const) {
      const queue = this.#unindexed[locale]
      while (queue.length > 0) {
        const until = performance.now() + INDEX_TURN_MS
        while (queue.length > 0 && performance.now() < until) this.#indexes[locale].addSection(...queue.shift()!)
        await nextTurn()
      }
    }
  }

  /** The search index of a language, with every section in it. */
  #index (locale: Locale): SearchIndex {
    const index = this.#indexes[locale]
    for (const [page, section] of this.#unindexed[locale].splice(0)) index.addSection(page, section)
    return index
  }

  /** The page at a site path (`/docs/api`, `/de/docs/api`), if any. */
  page (locale: Locale, slug: string): DocPage | undefined {
    return this.#bySlug[locale].get(slug)
  }

  /** The same page in the other language, when it exists. */
  twin (page: DocPage): DocPage | undefined {
    return this.#bySlug[page.locale === 'en' ? 'de' : 'en'].get(page.slug)
  }

  /** Every page of a language, in file order with the index first. */
  list (locale: Locale): DocPage[] {
    return [...this.#bySlug[locale].values()].sort((a, b) => (a.slug === '' ? -1 : b.slug === '' ? 1 : 0))
  }

  search (locale: Locale, query: string, limit: number): SearchResult[] {
    return this.#index(locale).search(query, limit)
  }

  sectionCount (locale: Locale): number {
    return this.#index(locale).sectionCount
  }

  /** PageSource: the pages that exist in both languages (a pair needs both). */
  pages (): PagePair[] {
    return this.list('en').flatMap((en) => {
      const de = this.twin(en)
      return de === undefined ? [] : [{ en: en.url, de: de.url, title: { en: en.title, de: de.title } }]
    })
  }
}
