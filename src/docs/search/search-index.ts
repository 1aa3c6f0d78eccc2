// The search index of one language: one entry per section (title, heading, body), query planning, ranking by
// BM25 times the share of query words matched (in the best passage, for a question), then excerpts and highlights.
import type { SearchResult } from '../../api/search.ts'
import type { Locale } from '../../lib/locale.ts'
import { makeExcerpt, prepareText, type PreparedText } from './excerpt.ts'
import type { DocPage } from '../load.ts'
import type { Section } from '../markdown.ts'
import { Postings, type IndexedField } from './postings.ts'
import { passageCoverage } from './passage.ts'
import { planQuery, typedStem, type QueryTree } from './query.ts'
import { chunkWords, wordForms } from './terms.ts'
import { chunks } from './text.ts'
import { Vocabulary } from './vocabulary.ts'

/** A word occurring more often than this many times per section is too common to search among others. */
const COMMON_SHARE = 1.5
/** How much the share of the query a section matched counts against its BM25 score. */
const COVERAGE_POWER = 1.5
/** Queries of this many words (after stop words) are ranked by each section's best passage. */
const PASSAGE_QUERY_WORDS = 3

interface Shown {
  title: string
  section: string | null
  url: string
  text: PreparedText
  /** The term ids of the page title and the section heading. */
  labels: Int32Array
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

  /** Adds one section of a page: its introduction or the text under one heading (each is one search result). */
  addSection (page: DocPage, section: Section): void {
    const text = section.heading === null && page.description !== '' && !section.text.includes(page.description)
      ? `${page.description}\n${section.text}`
      : section.text
    const { prepared, field } = prepareText(text, (word) => this.#termOf(word))
    // The introduction's heading is the page title; every field's words count in the vocabulary.
    const title = this.#field(page.title)
    const heading = this.#field(section.heading?.text ?? page.title)
    this.#postings.add([title, heading, field])
    this.#shown.push({
      title: page.title,
      section: section.heading?.text ?? null,
      url: section.heading === null ? page.url : `${page.url}#${section.heading.anchor}`,
      text: prepared,
      labels: Int32Array.from([...Array.from(title.terms), ...Array.from(heading.terms)])
    })
  }

  search (text: string, limit: number): SearchResult[] {
    const words = planQuery(this.locale, text, this.#vocabulary, this.#shown.length * COMMON_SHARE)
    const { count, touched, scores, words: matched } = this.#postings.accumulate(words)
    // The share of the query's information a section matched, to the power 1.5: a section with every word beats
    // one with a frequent one. Each word counts by its rarity (its IDF over the sections it matched in this query),
    // so the words a question is phrased with (`how`, `should`, `my`, `whether`) weigh little and a section full of
    // them cannot outrank the one that holds the question's few telling words. From three words on, the share is
    // that of the section's best passage: a long section holds a question's words scattered, its answer together.
    const best = new TopResults(limit)
    if (words.length <= 1) {
      // One word: every section found matched all of the query.
      for (let i = 0; i < count; i++) best.offer(touched[i]!, scores[touched[i]!]!)
      return this.#results(best, words)
    }
    const typed = words.map((tree) => this.#postings.sectionsWith(typedStem(tree) ?? ''))
    const weights = wordWeights(count, touched, matched, typed, this.#shown.length)
    let total = 0
    for (const weight of weights) total += weight
    const bounds = new Float64Array(count)
    for (let i = 0; i < count; i++) {
      const id = touched[i]!
      let covered = 0
      for (let bits = matched[id]!; bits !== 0; bits &= bits - 1) covered += weights[31 - Math.clz32(bits & -bits)]!
      bounds[i] = scores[id]! * (total === 0 ? 1 : covered / total) ** COVERAGE_POWER
    }
    if (words.length < PASSAGE_QUERY_WORDS) {
      for (let i = 0; i < count; i++) best.offer(touched[i]!, bounds[i]!)
      return this.#results(best, words)
    }
    // A passage's share is at most its section's: sections are read best bound first, until none can make the results.
    const wordsOf = this.#postings.wordsOfTerms(words)
    const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => bounds[b]! - bounds[a]! || touched[a]! - touched[b]!)
    for (const i of order) {
      const id = touched[i]!
      if (!best.accepts(id, bounds[i]!)) break
      const shown = this.#shown[id]!
      let labelled = 0
      for (const term of shown.labels) labelled |= wordsOf.get(term) ?? 0
      best.offer(id, scores[id]! * passageCoverage(shown.text, wordsOf, weights, total, labelled) ** COVERAGE_POWER)
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

  /** Whether `offer` would keep this score. */
  accepts (id: number, score: number): boolean {
    const kept = this.#kept
    return kept.length < this.#limit || isBetter(id, score, kept[kept.length - 1]!)
  }

  offer (id: number, score: number): void {
    if (!this.accepts(id, score)) return
    const kept = this.#kept
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

/**
 * Per query word, BM25's IDF over the sections holding the word as typed, or (for a word the docs do not hold as
 * typed) over the sections it matched through its expansions; 0 for a word matching none. Synonyms and typo
 * candidates widen what a word finds, not how common the word is.
 */
function wordWeights (count: number, touched: Int32Array, matched: Uint32Array, typed: number[], sections: number): Float64Array {
  const frequency = new Float64Array(typed.length)
  for (let i = 0; i < count; i++) {
    for (let bits = matched[touched[i]!]!; bits !== 0; bits &= bits - 1) frequency[31 - Math.clz32(bits & -bits)]!++
  }
  return frequency.map((n, w) => n === 0 ? 0 : Math.log(1 + (sections - (typed[w]! || n) + 0.5) / ((typed[w]! || n) + 0.5)))
}
