// The search index of one language: one MiniSearch document per section, BM25 with title > heading > body
// boosts; query planning, scoring by how many query words matched, excerpts and highlights on top.
import MiniSearch from 'minisearch'
import type { SearchResult } from '../http/schemas/search.ts'
import type { Locale } from '../site/pages.ts'
import { makeExcerpt, prepareText, type PreparedText } from './excerpt.ts'
import type { DocPage } from './load.ts'
import { planQuery } from './query.ts'
import { chunkWords, wordForms } from './terms.ts'
import { chunks } from './text.ts'
import { Vocabulary } from './vocabulary.ts'

/** A word occurring more often than this many times per section is too common to search among others. */
const COMMON_SHARE = 1.5

/** Field boosts: a match in the page title counts most, then the section heading, then the body. */
export const BOOSTS = { title: 3, heading: 2, text: 1 }

interface Entry {
  id: number
  title: string
  section: string | null
  url: string
  /** Indexed as the heading: the section heading, or the page title for the introduction. */
  heading: string
  text: string
}

interface Shown {
  title: string
  section: string | null
  url: string
  text: PreparedText
}

export class SearchIndex {
  readonly locale: Locale
  /** What results show, by document id; the indexed text itself is not kept twice. */
  readonly #shown: Shown[] = []
  readonly #vocabulary = new Vocabulary()
  readonly #search: MiniSearch<Entry>

  constructor (locale: Locale) {
    this.locale = locale
    this.#search = new MiniSearch<Entry>({
      fields: ['title', 'heading', 'text'],
      storeFields: [],
      tokenize: (text) => chunks(text).flatMap(chunkWords),
      processTerm: (word) => {
        const { surface, stem } = wordForms(locale, word)
        this.#vocabulary.add(surface, stem)
        return stem
      },
      searchOptions: {
        // Terms reach the index already planned (folded, stemmed, expanded): search leaves them alone.
        tokenize: (term) => [term],
        processTerm: (term) => term,
        boost: BOOSTS,
        fuzzy: false,
        prefix: false
      }
    })
  }

  get sectionCount (): number {
    return this.#shown.length
  }

  /** Adds every section of a page: the introduction and one entry per heading. */
  addPage (page: DocPage): void {
    const first = this.#shown.length
    const entries = page.sections.map((section, i): Entry => ({
      id: first + i,
      title: page.title,
      section: section.heading?.text ?? null,
      url: section.heading === null ? page.url : `${page.url}#${section.heading.anchor}`,
      heading: section.heading?.text ?? page.title,
      text: section.heading === null && page.description !== '' && !section.text.includes(page.description)
        ? `${page.description}\n${section.text}`
        : section.text
    }))
    for (const { title, section, url, text } of entries) this.#shown.push({ title, section, url, text: prepareText(text) })
    this.#search.addAll(entries)
  }

  search (text: string, limit: number): SearchResult[] {
    const { query, groups } = planQuery(this.locale, text, this.#vocabulary, this.#shown.length * COMMON_SHARE)
    const words = groups.length
    const groupsOf = new Map<string, number[]>()
    groups.forEach((terms, index) => {
      for (const term of terms) groupsOf.set(term, [...(groupsOf.get(term) ?? []), index])
    })
    const ranked = this.#search.search(query).map((result) => {
      // MiniSearch multiplies by the number of query terms matched; what counts here is how many query
      // *words* matched (a word searched as stem and surface form is still one word).
      const raw = result.score / Math.max(1, result.queryTerms.length)
      let matched = 0
      for (const term of result.queryTerms) for (const index of groupsOf.get(term) ?? []) matched |= 1 << index
      const coverage = words === 0 ? 1 : popCount(matched) / words
      return { id: result.id as number, score: raw * coverage * coverage, terms: result.terms }
    }).sort((a, b) => b.score - a.score || a.id - b.id)

    return ranked.slice(0, limit).map(({ id, score, terms }) => {
      const entry = this.#shown[id]!
      const { excerpt, highlights } = makeExcerpt(this.locale, entry.text, new Set(terms))
      return { title: entry.title, section: entry.section, url: entry.url, excerpt, highlights, score: Math.round(score * 1000) / 1000 }
    })
  }
}

function popCount (bits: number): number {
  let count = 0
  for (let b = bits; b !== 0; b &= b - 1) count++
  return count
}
