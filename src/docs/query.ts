// A search box query → a MiniSearch query tree: per word its surface form (typo-tolerant, prefix on the last
// word), its stem, transposed spellings, and for German the compounds it is part of and the parts it splits into.
import type { Query, SearchOptions } from 'minisearch'
import type { Locale } from '../site/pages.ts'
import { chunks } from './text.ts'
import { wordForms } from './terms.ts'
import type { Vocabulary } from './vocabulary.ts'
import { hasDigit } from './text.ts'

/** At most this many words of a query are searched; the rest are ignored (a query may be 200 characters). */
export const MAX_QUERY_WORDS = 12

export interface PlannedQuery {
  query: Query
  /** For each query word, every term searched on its behalf: how many words a result matched. */
  groups: Array<Set<string>>
}

/** Edits allowed for a typo: one in words of 4+ letters, two in 8+; none in numbers and codes. */
export function typoDistance (word: string): number {
  if (hasDigit(word)) return 0
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0
}

export function planQuery (locale: Locale, text: string, vocabulary: Vocabulary): PlannedQuery {
  const found = chunks(text).slice(0, MAX_QUERY_WORDS)
  const groups: Array<Set<string>> = []
  const queries: Query[] = []
  found.forEach((chunk, index) => {
    const terms = new Set<string>()
    const last = index === found.length - 1
    const word = (value: string, weight: number, prefix: boolean) => wordQuery(locale, value, { weight, prefix, vocabulary, terms })
    const parts = chunk.parts.map((part) => part.text)
    queries.push(parts.length === 1
      ? word(parts[0]!, 1, last)
      : or([word(parts.join(''), 1, last), and(parts.map((part, i) => word(part, 1, last && i === parts.length - 1)))]))
    groups.push(terms)
  })
  return { query: or(queries), groups }
}

interface WordContext {
  weight: number
  prefix: boolean
  vocabulary: Vocabulary
  /** Collects the terms searched for this word. */
  terms: Set<string>
  /** Parts of a split compound are not split again. */
  part?: boolean
}

function wordQuery (locale: Locale, word: string, context: WordContext): Query {
  const { weight, vocabulary, terms } = context
  const { surface, stem } = wordForms(locale, word)
  const german = locale === 'de'
  const leaves: Query[] = []
  const leaf = (values: string[], boost: number, options: SearchOptions = {}) => {
    const fresh = values.filter((value) => value !== '')
    if (fresh.length === 0) return
    for (const value of fresh) terms.add(value)
    leaves.push({ ...options, queries: fresh, boostTerm: () => boost * weight })
  }

  // The word as typed: typo-tolerant; a prefix while typing it, and in German also as the first part of a compound.
  const prefix = surface.length >= 2 && (context.prefix || (german && surface.length >= 4 && !hasDigit(surface)))
  leaf([surface], 1, { fuzzy: typoDistance(surface), prefix })
  if (stem !== surface) leaf([stem], 1)
  if (surface.length >= 4 && !hasDigit(surface)) leaf(vocabulary.transpositions(surface), 0.8, { fuzzy: surface.length >= 8 ? 1 : 0 })

  if (!context.part && !hasDigit(surface)) {
    // German compounds: the word as the last part of a longer word (`ansicht` finds `graphansicht`) …
    if (german && stem.length >= 4) leaf(vocabulary.endingWith(stem).filter((term) => term !== surface), 0.6)
    // … and a compound as its parts, written apart or hyphenated (`graphansicht` finds `graph ansicht`).
    const parts = surface.length >= 6 ? vocabulary.split(surface, german) : undefined
    if (parts !== undefined) {
      leaves.push(and(parts.map((part) => wordQuery(locale, part, { ...context, weight: weight * 0.7, prefix: false, part: true }))))
    }
  }
  return or(leaves)
}

function or (queries: Query[]): Query {
  return queries.length === 1 ? queries[0]! : { combineWith: 'OR', queries }
}

function and (queries: Query[]): Query {
  return queries.length === 1 ? queries[0]! : { combineWith: 'AND', queries }
}
