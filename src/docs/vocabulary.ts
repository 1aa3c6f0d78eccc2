// Every term the index holds, for what MiniSearch cannot look up: transposed spellings, terms ending in a word
// (German compounds: `ansicht` → `graphansicht`), and splitting a compound query into known words.

const LINKING = ['', 's', 'es', 'n', 'en', 'e', 'er']
const MAX_SUFFIX_MATCHES = 24

export class Vocabulary {
  readonly #terms = new Set<string>()
  #reversed: string[] | undefined

  add (term: string): void {
    if (this.#terms.has(term)) return
    this.#terms.add(term)
    this.#reversed = undefined
  }

  has (term: string): boolean {
    return this.#terms.has(term)
  }

  get size (): number {
    return this.#terms.size
  }

  /** Known terms that swap two neighbouring letters of `word` (a transposition is one typo, not two). */
  transpositions (word: string): string[] {
    const found: string[] = []
    for (let i = 0; i < word.length - 1; i++) {
      if (word[i] === word[i + 1]) continue
      const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
      if (this.#terms.has(swapped)) found.push(swapped)
    }
    return found
  }

  /** Known terms at least three letters longer that end with `word`, shortest first. */
  endingWith (word: string): string[] {
    this.#reversed ??= [...this.#terms].map(reverse).sort()
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
    for (let i = low; i < list.length && list[i]!.startsWith(key); i++) {
      if (list[i]!.length >= key.length + 3) found.push(reverse(list[i]!))
    }
    return found.sort((a, b) => a.length - b.length).slice(0, MAX_SUFFIX_MATCHES)
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
        const part = links.map((link) => link !== '' && piece.endsWith(link) ? piece.slice(0, -link.length) : link === '' ? piece : undefined)
          .find((candidate) => candidate !== undefined && candidate.length >= 3 && this.#terms.has(candidate))
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
