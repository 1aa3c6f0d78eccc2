// The search index of one language: one entry per section (title, heading, body), query planning, ranking by
// BM25 times the share of query words matched, then excerpts and highlights for the best results.
import type { SearchResult } from '../../api/search.ts'
import type { Locale } from '../../lib/locale.ts'
import { makeExcerpt, prepareText, type PreparedText } from './excerpt.ts'
import type { DocPage } from '../load.ts'
import { Postings, type IndexedField } from './postings.ts'
import { planQuery, type QueryTree } from './query.ts'
import { chunkWords, wordForms } from './terms.ts'
import { chunks } from './text.ts'
import { Vocabulary } from './vocabulary.ts'

/** A word occurring more often than this many times per section is too common to search among others. */
const COMMON_SHARE = 1.5

interface Shown {
  title: string
  section: string | null
  url: string
  text: PreparedText
}

export class SearchIndex {
  readonly locale: Locale
  /** What results show, by section id. */
  readonly #shown: Shown[] = []
  readonly #vocabulary = new Vocabulary()
  readonly #postings = new Postings()

  constructor (locale: Locale) {
    this.locale = locale
  }

  get sectionCount (): number {
    return this.#shown.length
  }

  /** Adds every section of a page: the introduction and one entry per heading. */
  addPage (page: DocPage): void {
    for (const section of page.sections) {
      const text = section.heading === null && page.description !== '' && !section.text.includes(page.description)
        ? `${page.description}\n${section.text}`
        : section.text
      const { prepared, field } = prepareText(text, (word) => this.#termOf(word))
      // The introduction's heading is the page title; every field's words count in the vocabulary.
      this.#postings.add([this.#field(page.title), this.#field(section.heading?.text ?? page.title), field])
      this.#shown.push({
        title: page.title,
        section: section.heading?.text ?? null,
        url: section.heading === null ? page.url : `${page.url}#${section.heading.anchor}`,
        text: prepared
      })
    }
  }

  search (text: string, limit: number): SearchResult[] {
    const words = planQuery(this.locale, text, this.#vocabulary, this.#shown.length * COMMON_SHARE)
    const { count, touched, scores, words: matched } = this.#postings.accumulate(words)
    // Squared share of the query's information a section matched: a section with every word beats one with a
    // frequent one. Each word counts by its rarity (its IDF over the sections it matched in this query), so the
    // words a question is phrased with (`how`, `should`, `my`, `whether`) weigh little and a section full of them
    // cannot outrank the one that holds the question's few telling words.
    const best = new TopResults(limit)
    if (words.length <= 1) {
      // One word: every section found matched all of the query.
      for (let i = 0; i < count; i++) best.offer(touched[i]!, scores[touched[i]!]!)
      return this.#results(best, words)
    }
    const weights = wordWeights(count, touched, matched, words.length, this.#shown.length)
    let total = 0
    for (const weight of weights) total += weight
    for (let i = 0; i < count; i++) {
      const id = touched[i]!
      let covered = 0
      for (let bits = matched[id]!; bits !== 0; bits &= bits - 1) covered += weights[31 - Math.clz32(bits & -bits)]!
      const coverage = total === 0 ? 1 : covered / total
      best.offer(id, scores[id]! * coverage * coverage)
    }
    return this.#results(best, words)
  }

  /** The best sections as results: title, URL, excerpt and highlights. */
  #results (best: TopResults, words: QueryTree[]): SearchResult[] {
    return best.sorted().map(({ id, score }) => {
      const entry = this.#shown[id]!
      const terms = new Set<number>()
      for (const tree of words) this.#postings.matchedTerms(tree, id, terms)
      const { excerpt, highlights } = makeExcerpt(entry.text, terms)
      return { title: entry.title, section: entry.section, url: entry.url, excerpt, highlights, score: Math.round(score * 1000) / 1000 }
    })
  }

  /** A title or heading as indexed. */
  #field (text: string): IndexedField {
    const words = chunks(text).flatMap(chunkWords)
    return { terms: words.map((word) => this.#termOf(word)), length: new Set(words).size }
  }

  /** The index term of a word as written: its stem, remembered with its surface form for the query planner. */
  #termOf (word: string): number {
    const { surface, stem } = wordForms(this.locale, word)
    this.#vocabulary.add(surface, stem)
    return this.#postings.idOf(stem)
  }
}

/** The best `limit` of many scored ids: higher score first, then lower id. */
class TopResults {
  readonly #limit: number
  readonly #kept: Array<{ id: number, score: number }> = []

  constructor (limit: number) {
    this.#limit = limit
  }

  offer (id: number, score: number): void {
    const kept = this.#kept
    if (kept.length === this.#limit && !isBetter(id, score, kept[kept.length - 1]!)) return
    let at = kept.length
    while (at > 0 && isBetter(id, score, kept[at - 1]!)) at--
    kept.splice(at, 0, { id, score })
    if (kept.length > this.#limit) kept.pop()
  }

  sorted (): Array<{ id: number, score: number }> {
    return this.#kept
  }
}

function isBetter (id: number, score: number, than: { id: number, score: number }): boolean {
  return score > than.score || (score === than.score && id < than.id)
}

/** Per query word, BM25's IDF over the sections the word matched (0 for a word matching none). */
function wordWeights (count: number, touched: Int32Array, matched: Uint32Array, wordCount: number, sections: number): Float64Array {
  const frequency = new Float64Array(wordCount)
  for (let i = 0; i < count; i++) {
    for (let bits = matched[touched[i]!]!; bits !== 0; bits &= bits - 1) frequency[31 - Math.clz32(bits & -bits)]!++
  }
  return frequency.map((n) => n === 0 ? 0 : Math.log(1 + (sections - n + 0.5) / (n + 0.5)))
}
