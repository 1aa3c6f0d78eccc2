// Every word the index has seen (folded surface form → its stem and how often it occurs), for the expansions the
// query planner makes itself (each capped, so a query costs the same on a big corpus): typos, transpositions,
// completions of a word being typed, German compounds a word is part of, and words a compound splits into.
// The index itself holds only stems; these lookups run on the words as written and hand back their stems.
import SearchableMap from 'minisearch/SearchableMap'

const LINKING = ['', 's', 'es', 'n', 'en', 'e', 'er']
/** Completions of very short prefixes stop looking after this many terms. */
const MAX_SCAN = 4000

interface Known { stem: string, count: number }

export interface Expansion {
  /** The stem of the word found (what the index holds). */
  term: string
  /** Edits for a typo, extra letters for a completion. */
  distance: number
}

export class Vocabulary {
  /** The words for typos and prefixes (a radix tree); `#known` holds the same entries for plain look-ups, which
   * are several times faster there, and indexing looks up every word it meets. */
  readonly #terms = new SearchableMap<Known>()
  readonly #known = new Map<string, Known>()
  readonly #stems = new Set<string>()
  #reversed: string[] | undefined

  add (surface: string, stem: string): void {
    const known = this.#known.get(surface)
    if (known !== undefined) {
      known.count++
      return
    }
    const entry = { stem, count: 1 }
    this.#known.set(surface, entry)
    this.#terms.set(surface, entry)
    this.#stems.add(stem)
    this.#reversed = undefined
  }

  has (term: string): boolean {
    return this.#known.has(term)
  }

  /** The stem the index holds for a known word (its first spelling's: `temporären` and `temporaeren` fold alike). */
  stemOf (term: string): string | undefined {
    return this.#known.get(term)?.stem
  }

  /** How often the term occurs in the index (0 when unknown). */
  count (term: string): number {
    return this.#known.get(term)?.count ?? 0
  }

  get size (): number {
    return this.#known.size
  }

  /** Known terms within `maxDistance` edits (Levenshtein), closest and most frequent first; `accept` filters them. */
  typos (word: string, maxDistance: number, limit: number, accept: (term: string) => boolean = () => true): Expansion[] {
    if (maxDistance === 0) return []
    const found: Array<Expansion & { count: number }> = []
    for (const [surface, [{ stem, count }, distance]] of this.#terms.fuzzyGet(word, maxDistance)) {
      if (distance > 0 && accept(surface)) found.push({ term: stem, distance, count })
    }
    return found.sort((a, b) => a.distance - b.distance || b.count - a.count).slice(0, limit)
  }

  /** Known terms that swap two neighbouring letters of `word` (a transposition is one typo, not two); `accept` filters them. */
  transpositions (word: string, accept: (term: string) => boolean = () => true): string[] {
    const found: string[] = []
    for (let i = 0; i < word.length - 1; i++) {
      if (word[i] === word[i + 1]) continue
      const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
      const known = this.#known.get(swapped)
      if (known !== undefined && accept(swapped)) found.push(known.stem)
    }
    return found
  }

  /** Known longer terms starting with `prefix`, most frequent first; `accept` filters them. */
  completions (prefix: string, limit: number, accept: (term: string) => boolean = () => true): Expansion[] {
    const found: Array<Expansion & { count: number }> = []
    let scanned = 0
    for (const [surface, { stem, count }] of this.#terms.atPrefix(prefix)) {
      if (++scanned > MAX_SCAN) break
      if (surface.length > prefix.length && accept(surface)) found.push({ term: stem, distance: surface.length - prefix.length, count })
    }
    return found.sort((a, b) => b.count - a.count || a.distance - b.distance).slice(0, limit)
  }

  /** Stems of known words (or known stems) at least three letters longer that end with `word`, shortest first. */
  endingWith (word: string, limit: number): string[] {
    this.#reversed ??= [...new Set([...this.#known.keys(), ...this.#stems])].map(reverse).sort()
    const key = reverse(word)
    const list = this.#reversed
    let low = 0
    let high = list.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (list[mid]! < key) low = mid + 1
      else high = mid
    }
    const found: string[] = []
    for (let i = low; i < list.length && list[i]!.startsWith(key) && found.length < MAX_SCAN; i++) {
      if (list[i]!.length >= key.length + 3) found.push(reverse(list[i]!))
    }
    const stems = found.sort((a, b) => a.length - b.length).map((term) => this.#known.get(term)?.stem ?? term)
    return [...new Set(stems)].slice(0, limit)
  }

  /** True when `rest` is a known word of 3+ letters, possibly after a German linking element. */
  isCompoundRest (rest: string): boolean {
    return LINKING.some((link) => rest.startsWith(link) && rest.length - link.length >= 3 && this.#known.has(rest.slice(link.length)))
  }

  /**
   * Splits a compound into known words of three letters or more (German linking `s`, `es`, `n`, `en`, `e`,
   * `er` allowed between them), fewest parts first: `graphansicht` → [`graph`, `ansicht`]. Undefined when
   * no split covers the whole word.
   */
  split (word: string, linking = true): string[] | undefined {
    const links = linking ? LINKING : ['']
    const best: Array<string[] | undefined> = [[]]
    for (let end = 1; end <= word.length; end++) {
      for (let start = Math.max(0, end - 40); start <= end - 3; start++) {
        const before = best[start]
        if (before === undefined) continue
        const piece = word.slice(start, end)
        if (piece === word) continue
        const part = links.map((link) => link === '' ? piece : piece.endsWith(link) ? piece.slice(0, -link.length) : undefined)
          .find((candidate) => candidate !== undefined && candidate.length >= 3 && this.#known.has(candidate))
        if (part === undefined) continue
        const candidate = [...before, part]
        const current = best[end]
        if (current === undefined || candidate.length < current.length) best[end] = candidate
      }
    }
    const parts = best[word.length]
    return parts !== undefined && parts.length > 1 ? parts : undefined
  }
}

function reverse (value: string): string {
  let out = ''
  for (let i = value.length - 1; i >= 0; i--) out += value[i]
  return out
}
