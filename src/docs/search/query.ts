// A search box query → per query word a tree of exact terms (stems), each with its weight: the word's stem, its synonyms,
// capped expansions for typos (transpositions count as one edit), for the word being typed, and for
// German compounds (the compounds a word is part of, the parts a compound splits into).
import type { Locale } from '../../lib/locale.ts'
import { chunks, hasDigit } from './text.ts'
import { isStopWord } from './stop-words.ts'
import { synonymsOf } from './synonyms.ts'
import { wordForms } from './terms.ts'
import type { Vocabulary } from './vocabulary.ts'

/** At most this many words of a query are searched; the rest are ignored (a query may be 200 characters). */
const MAX_QUERY_WORDS = 12
/** Expansions per word: more typo candidates for a word the docs do not contain than for one they do. */
const MAX_TYPOS = { unknown: 5, known: 2 }
const MAX_COMPLETIONS = 8
const MAX_COMPOUNDS = 6

/** From this many words (after stop words) a query is a question. */
const QUESTION_WORDS = 3

/** Relative weights of expansions against the word as typed (1). */
const WEIGHT = { transposition: 0.8, typo: 0.5, completion: 0.45, compound: 0.6, parts: 0.7, synonym: 0.6 }

/** Terms (stem → weight) that count wherever one occurs; or any child; or all children in the same section. */
export type QueryTree =
  | { kind: 'terms', terms: Map<string, number> }
  | { kind: 'or' | 'and', children: QueryTree[] }

/** Edits allowed for a typo: one in words of 4+ letters, two in 8+; none in numbers and codes. */
function typoDistance (word: string): number {
  if (hasDigit(word)) return 0
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0
}

/**
 * `commonCount`: a word occurring more often than this is nearly everywhere (`the`, `die`): in a query of several
 * words it is left out, as its BM25 weight is next to nothing and its postings are the longest.
 */
export function planQuery (locale: Locale, text: string, vocabulary: Vocabulary, commonCount = Infinity): QueryTree[] {
  // Stop words and common words go first and the cap applies to what is left: a long question keeps its telling
  // words, which often come last ("… to take traffic right now?"), instead of spending the cap on `which`, `the`.
  const all = chunks(text)
  const telling = (surface: string) => !isStopWord(locale, surface) && vocabulary.count(surface) <= commonCount
  const rare = all.filter((chunk) => chunk.parts.length > 1 || telling(wordForms(locale, chunk.text, false).surface))
  const found = (rare.length === 0 ? all : rare).slice(0, MAX_QUERY_WORDS)
  return found.map((chunk, index) => {
    const typing = index === found.length - 1
    const parts = chunk.parts.map((part) => part.text)
    const context = { weight: 1, typing, split: true, question: found.length >= QUESTION_WORDS, vocabulary }
    if (parts.length === 1) return expandWord(locale, parts[0]!, context)
    // `Graph-Ansicht`: the joined word, or every piece; in a question also its last piece, the head of the compound
    // (`Slash-Befehlen` are `Befehle`, a `Discord-Server` is a server), as a compound's parts are found.
    const pieces = parts.map((part, i) => expandWord(locale, part, { ...context, typing: typing && i === parts.length - 1, split: false }))
    const head = context.question ? [expandWord(locale, parts.at(-1)!, { ...context, weight: WEIGHT.parts, split: false })] : []
    return or([expandWord(locale, parts.join(''), { ...context, split: false }), and(pieces), ...head])
  })
}

interface WordContext {
  weight: number
  /** The word is still being typed: complete it. */
  typing: boolean
  /** Compound queries may be split into parts (parts are not split again). */
  split: boolean
  /** The query is a question of several words: a word the docs contain is taken as spelled, not as a typo. */
  question: boolean
  vocabulary: Vocabulary
}

function expandWord (locale: Locale, word: string, context: WordContext): QueryTree {
  const { weight, vocabulary } = context
  const terms = new Map<string, number>()
  const add = (term: string, w: number) => {
    if (term !== '' && (terms.get(term) ?? 0) < w * weight) terms.set(term, w * weight)
  }
  const forms = wordForms(locale, word, false) // a query's words: looked up, not remembered
  const { surface } = forms
  // A word the docs hold keeps the stem they hold: the stemmer cuts `temporaeren` apart from `temporären`, which fold alike.
  const stem = vocabulary.stemOf(surface) ?? forms.stem
  add(stem, 1)
  // Synonyms of a word as typed, not of the pieces of one (`expectedChecks` is not about verifying).
  if (context.split) for (const term of synonymsOf(locale, stem)) add(term, WEIGHT.synonym)
  const alternatives: QueryTree[] = []
  if (!hasDigit(surface)) {
    // A word is never taken for a stop word (`three` is not a typo of `there`, `form` not of `from`).
    const telling = (term: string) => !isStopWord(locale, term)
    const maxTypos = !vocabulary.has(surface) ? MAX_TYPOS.unknown : context.question ? 0 : MAX_TYPOS.known
    for (const { term, distance } of vocabulary.typos(surface, maxTypos === 0 ? 0 : typoDistance(surface), maxTypos, telling)) {
      add(term, WEIGHT.typo * surface.length / (surface.length + distance))
    }
    if (surface.length >= 4) for (const term of vocabulary.transpositions(surface, telling)) add(term, WEIGHT.transposition)
    if (context.typing && surface.length >= 2) {
      for (const { term, distance } of vocabulary.completions(surface, MAX_COMPLETIONS, telling)) {
        add(term, WEIGHT.completion * surface.length / (surface.length + 0.3 * distance))
      }
    }
    if (locale === 'de' && surface.length >= 4) {
      // The word as the first part of a compound (`graph` → `graphansicht`) …
      for (const { term } of vocabulary.completions(surface, MAX_COMPOUNDS, (t) => vocabulary.isCompoundRest(t.slice(surface.length)))) {
        add(term, WEIGHT.compound)
      }
      // … or as its last part (`ansicht` → `graphansicht`).
      for (const term of vocabulary.endingWith(stem, MAX_COMPOUNDS)) if (term !== stem) add(term, WEIGHT.compound)
    }
    if (context.split && surface.length >= 6) {
      // A compound as its parts, written apart or hyphenated (`graphansicht` → `graph ansicht`).
      const parts = vocabulary.split(surface, locale === 'de')
      if (parts !== undefined) {
        const partContext = { ...context, weight: weight * WEIGHT.parts, typing: false, split: false }
        alternatives.push(and(parts.map((part) => expandWord(locale, part, partContext))))
      }
    }
  }
  return or([{ kind: 'terms', terms }, ...alternatives])
}

/** The stem of the word as typed (weight 1), when the word is one word (not hyphenated). */
export function typedStem (tree: QueryTree): string | undefined {
  const own = tree.kind === 'or' ? tree.children[0]! : tree
  if (own.kind !== 'terms') return undefined
  for (const [term, weight] of own.terms) if (weight === 1) return term
  return undefined
}

function or (children: QueryTree[]): QueryTree {
  return children.length === 1 ? children[0]! : { kind: 'or', children }
}

function and (children: QueryTree[]): QueryTree {
  return children.length === 1 ? children[0]! : { kind: 'and', children }
}
