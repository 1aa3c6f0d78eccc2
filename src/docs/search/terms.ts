// The index terms of a word: its folded surface form and its folded Snowball stem (English or German).
import { stemmer as englishStemmer } from '@orama/stemmers/english'
import { stemmer as germanStemmer } from '@orama/stemmers/german'
import type { Locale } from '../../lib/locale.ts'
import { fold, hasDigit, type Chunk } from './text.ts'

const STEMMERS: Record<Locale, (word: string) => string> = { en: englishStemmer, de: germanStemmer }

/** The surface form (what typo tolerance and prefixes work on) and the stem (what inflections share). */
export interface WordForms {
  surface: string
  stem: string
}

/**
 * Words seen while indexing are remembered: a word repeats across sections, and queries ask for the same words. A
 * query's words are looked up but not added (`remember` false): clients that send ever new words would otherwise
 * fill it (200,000 made-up words held ~21 MiB per language), and stemming a few words costs microseconds.
 */
const MEMO_LIMIT = 200_000
const memo: Record<Locale, Map<string, WordForms>> = { en: new Map(), de: new Map() }

export function wordForms (locale: Locale, word: string, remember = true): WordForms {
  const known = memo[locale].get(word)
  if (known !== undefined) return known
  const lower = word.toLowerCase()
  const surface = fold(lower)
  const stemmed = hasDigit(lower) || lower.length < 3 ? surface : fold(STEMMERS[locale](lower))
  const forms = { surface, stem: stemmed === '' ? surface : stemmed }
  if (remember && memo[locale].size < MEMO_LIMIT) memo[locale].set(word, forms)
  return forms
}

/** How many words a language remembers (for the test that queries add none). */
export function rememberedWordCount (locale: Locale): number {
  return memo[locale].size
}

/** A chunk's words: each piece, plus the pieces joined (`Graph-Ansicht` is also `graphansicht`). */
export function chunkWords (chunk: Chunk): string[] {
  const words = chunk.parts.map((part) => part.text)
  if (words.length > 1) words.push(words.join(''))
  return words
}
