// The documentation of both languages, loaded and indexed once at start: pages by URL, search per language,
// and the page list for the sitemap and llms.txt.
import { existsSync } from 'node:fs'
import { ConfigError } from '../config.ts'
import type { SearchResult } from '../api/search.ts'
import type { Locale } from '../lib/locale.ts'
import type { PagePair, PageSource } from '../site/page-source.ts'
import { loadDocs, type DocPage } from './load.ts'
import { SearchIndex } from './search/search-index.ts'

export interface DocsSiteOptions {
  docsDir: string
  germanPrefix: string
}

export class DocsSite implements PageSource {
  readonly roots: Record<Locale, string>
  readonly warnings: string[]
  readonly #bySlug: Record<Locale, Map<string, DocPage>> = { en: new Map(), de: new Map() }
  readonly #indexes: Record<Locale, SearchIndex> = { en: new SearchIndex('en'), de: new SearchIndex('de') }

  constructor (options: DocsSiteOptions) {
    if (!existsSync(options.docsDir)) throw new ConfigError(`DOCS_DIR does not exist: ${options.docsDir}`)
    this.roots = { en: '/docs', de: `${options.germanPrefix}/docs` }
    const { pages, warnings } = loadDocs(options.docsDir, { roots: this.roots })
    this.warnings = warnings
    for (const page of pages) {
      this.#bySlug[page.locale].set(page.slug, page)
      this.#indexes[page.locale].addPage(page)
    }
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
    return this.#indexes[locale].search(query, limit)
  }

  sectionCount (locale: Locale): number {
    return this.#indexes[locale].sectionCount
  }

  /** PageSource: the pages that exist in both languages (a pair needs both). */
  pages (): PagePair[] {
    return this.list('en').flatMap((en) => {
      const de = this.twin(en)
      return de === undefined ? [] : [{ en: en.url, de: de.url, title: { en: en.title, de: de.title } }]
    })
  }
}
