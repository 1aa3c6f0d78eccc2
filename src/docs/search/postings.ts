// The inverted index of one language: term ids → the sections holding them, each with its BM25 score summed
// over the fields (title > heading > body) and kept in typed arrays, so a query term costs one tight loop.
import type { QueryTree } from './query.ts'

/** Field boosts: a match in the page title counts most, then the section heading, then the body. */
const BOOSTS = [3, 2, 1] as const
const FIELD_COUNT = BOOSTS.length

/** BM25+ (Lv & Zhai): term-frequency saturation k, length normalisation b, and the lower bound δ of a match. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 }

/** One field of a section as indexed: its term ids (repeats count) and its length in distinct words. */
export interface IndexedField {
  terms: ArrayLike<number>
  length: number
}

/**
 * Per-section sums of one query: `touched` lists the sections matched (first `count` entries), `scores` and
 * `words` (a bit per query word matched) are indexed by section. Valid until the next `accumulate`.
 */
export interface Accumulated {
  count: number
  touched: Int32Array
  scores: Float64Array
  words: Uint32Array
}

/** A term's postings while the index grows: [section, tf title, tf heading, tf body] per section. */
class PostingList {
  data: Int32Array
  size: number

  constructor (data = new Int32Array(8), size = 0) {
    this.data = data
    this.size = size
  }

  push (section: number, field: number): void {
    const at = this.size - 4
    if (this.size > 0 && this.data[at] === section) {
      this.data[at + 1 + field]!++
      return
    }
    if (this.size + 4 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2)
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.size] = section
    this.data[this.size + 1 + field] = 1
    this.size += 4
  }
}

/**
 * The index as searched: every term's postings in three shared arrays instead of two typed arrays per term (for the
 * docs' ~5,700 terms, ~3 MiB less heap). Term `t`'s postings are `first[t]` to `first[t + 1] - 1`; posting `p` is
 * `entries[p * 4]` (the section, then its term frequency per field, kept should sections be added later) and its
 * boosted BM25 score `scores[p]`.
 */
interface Packed {
  first: Int32Array
  entries: Int32Array
  scores: Float64Array
}

export class Postings {
  readonly #ids = new Map<string, number>()
  /** While sections are added: a list per term id. Packed into #packed when a query comes. */
  #lists: PostingList[] | undefined = []
  #packed: Packed = { first: new Int32Array(1), entries: new Int32Array(0), scores: new Float64Array(0) }
  /** FIELD_COUNT lengths per section. */
  #lengths = new Float64Array(64)
  #sections = 0
  #acc = { count: 0, touched: new Int32Array(0), scores: new Float64Array(0), words: new Uint32Array(0) }

  get sectionCount (): number {
    return this.#sections
  }

  /** The id of a term, made when new. */
  idOf (term: string): number {
    let id = this.#ids.get(term)
    if (id === undefined) {
      id = this.#ids.size
      this.#ids.set(term, id)
      this.#growing().push(new PostingList())
    }
    return id
  }

  /** Adds a section (fields in BOOSTS order); returns its id. Sections are numbered in the order added. */
  add (fields: IndexedField[]): number {
    const section = this.#sections++
    if (this.#lengths.length < this.#sections * FIELD_COUNT) {
      const grown = new Float64Array(this.#lengths.length * 2)
      grown.set(this.#lengths)
      this.#lengths = grown
    }
    const lists = this.#growing()
    fields.forEach((field, f) => {
      this.#lengths[section * FIELD_COUNT + f] = field.length
      for (let i = 0; i < field.terms.length; i++) lists[field.terms[i]!]!.push(section, f)
    })
    return section
  }

  /**
   * Sums, per section, the scores of every term of the query words (weighted as planned) and marks which
   * words matched. Words are OR'ed; inside a word, AND needs every part in the same section.
   */
  accumulate (words: QueryTree[]): Accumulated {
    this.#seal()
    const acc = this.#acc
    for (let i = 0; i < acc.count; i++) {
      const section = acc.touched[i]!
      acc.scores[section] = 0
      acc.words[section] = 0
    }
    acc.count = 0
    words.forEach((tree, index) => this.#addTree(tree, 1 << index))
    return acc
  }

  /** The term ids of `tree` that made `section` match it (for highlighting). */
  matchedTerms (tree: QueryTree, section: number, into: Set<number>): boolean {
    if (tree.kind === 'terms') {
      let any = false
      for (const term of tree.terms.keys()) {
        const id = this.#ids.get(term)
        if (id !== undefined && this.#holds(id, section)) {
          into.add(id)
          any = true
        }
      }
      return any
    }
    if (tree.kind === 'or') {
      let any = false
      for (const child of tree.children) any = this.matchedTerms(child, section, into) || any
      return any
    }
    const found = new Set<number>()
    if (!tree.children.every((child) => this.matchedTerms(child, section, found))) return false
    for (const id of found) into.add(id)
    return true
  }

  /** How many sections hold a term. */
  sectionsWith (term: string): number {
    const id = this.#ids.get(term)
    if (id === undefined) return 0
    const { first } = this.#seal()
    return first[id + 1]! - first[id]!
  }

  /** Per index term id of the query: the bits of the query words it stands for (for passages). */
  wordsOfTerms (words: QueryTree[]): Map<number, number> {
    const into = new Map<number, number>()
    const visit = (tree: QueryTree, bit: number): void => {
      if (tree.kind !== 'terms') {
        for (const child of tree.children) visit(child, bit)
        return
      }
      for (const term of tree.terms.keys()) {
        const id = this.#ids.get(term)
        if (id !== undefined) into.set(id, (into.get(id) ?? 0) | bit)
      }
    }
    words.forEach((tree, index) => visit(tree, 1 << index))
    return into
  }

  #addTree (tree: QueryTree, bit: number): void {
    if (tree.kind === 'terms') {
      for (const [term, weight] of tree.terms) {
        const id = this.#ids.get(term)
        if (id !== undefined) this.#addList(id, weight, bit)
      }
    } else if (tree.kind === 'or') {
      for (const child of tree.children) this.#addTree(child, bit)
    } else {
      for (const [section, score] of this.#collectAnd(tree.children)) this.#addOne(section, score, bit)
    }
  }

  #addList (id: number, weight: number, bit: number): void {
    const { first, entries, scores } = this.#packed
    const acc = this.#acc
    for (let p = first[id]!, end = first[id + 1]!; p < end; p++) {
      const section = entries[p * 4]!
      if (acc.words[section] === 0) acc.touched[acc.count++] = section
      acc.scores[section]! += weight * scores[p]!
      acc.words[section]! |= bit
    }
  }

  #addOne (section: number, score: number, bit: number): void {
    const acc = this.#acc
    if (acc.words[section] === 0) acc.touched[acc.count++] = section
    acc.scores[section]! += score
    acc.words[section]! |= bit
  }

  /** Sections holding every child, with their summed scores (the rare path: compound parts, hyphenated words). */
  #collectAnd (children: QueryTree[]): Map<number, number> {
    let result: Map<number, number> | undefined
    for (const child of children) {
      const own = this.#collect(child, new Map())
      if (result === undefined) {
        result = own
        continue
      }
      const both = new Map<number, number>()
      for (const [section, score] of own) {
        const before = result.get(section)
        if (before !== undefined) both.set(section, before + score)
      }
      result = both
    }
    return result ?? new Map()
  }

  #collect (tree: QueryTree, into: Map<number, number>): Map<number, number> {
    if (tree.kind === 'terms') {
      for (const [term, weight] of tree.terms) {
        const id = this.#ids.get(term)
        if (id === undefined) continue
        const { first, entries, scores } = this.#packed
        for (let p = first[id]!; p < first[id + 1]!; p++) into.set(entries[p * 4]!, (into.get(entries[p * 4]!) ?? 0) + weight * scores[p]!)
      }
    } else if (tree.kind === 'or') {
      for (const child of tree.children) this.#collect(child, into)
    } else {
      for (const [section, score] of this.#collectAnd(tree.children)) into.set(section, (into.get(section) ?? 0) + score)
    }
    return into
  }

  /** Whether term `id` occurs in `section`: a binary search over its postings (ascending by section). */
  #holds (id: number, section: number): boolean {
    const { first, entries } = this.#seal()
    let low = first[id]!
    let high = first[id + 1]! - 1
    while (low <= high) {
      const mid = (low + high) >>> 1
      const found = entries[mid * 4]!
      if (found === section) return true
      if (found < section) low = mid + 1
      else high = mid - 1
    }
    return false
  }

  /** The lists to add to: after a query, the packed postings unpacked again (only when sections come after queries). */
  #growing (): PostingList[] {
    if (this.#lists !== undefined) return this.#lists
    const { first, entries } = this.#packed
    this.#lists = Array.from({ length: first.length - 1 }, (_, id) => {
      const size = (first[id + 1]! - first[id]!) * 4
      const data = new Int32Array(Math.max(8, size))
      data.set(entries.subarray(first[id]! * 4, first[id + 1]! * 4))
      return new PostingList(data, size)
    })
    return this.#lists
  }

  /** Packs the lists and computes every posting's score once the sections are known (the IDF depends on their number). */
  #seal (): Packed {
    const lists = this.#lists
    if (lists === undefined) return this.#packed
    const sections = this.#sections
    const average = new Float64Array(FIELD_COUNT)
    for (let s = 0; s < sections; s++) for (let f = 0; f < FIELD_COUNT; f++) average[f]! += this.#lengths[s * FIELD_COUNT + f]!
    for (let f = 0; f < FIELD_COUNT; f++) average[f] = sections === 0 ? 0 : average[f]! / sections
    const first = new Int32Array(lists.length + 1)
    for (let id = 0; id < lists.length; id++) first[id + 1] = first[id]! + (lists[id]!.size >> 2)
    const entries = new Int32Array(first[lists.length]! * 4)
    const scores = new Float64Array(first[lists.length]!)
    const containing = new Int32Array(FIELD_COUNT)
    lists.forEach(({ data, size }, id) => {
      entries.set(data.subarray(0, size), first[id]! * 4)
      const count = size >> 2
      containing.fill(0)
      for (let p = 0; p < count; p++) for (let f = 0; f < FIELD_COUNT; f++) if (data[p * 4 + 1 + f]! > 0) containing[f]!++
      const idf = Array.from(containing, (n) => Math.log(1 + (sections - n + 0.5) / (n + 0.5)))
      for (let p = 0; p < count; p++) {
        const section = data[p * 4]!
        let score = 0
        for (let f = 0; f < FIELD_COUNT; f++) {
          const tf = data[p * 4 + 1 + f]!
          if (tf === 0) continue
          const norm = 1 - BM25.b + BM25.b * this.#lengths[section * FIELD_COUNT + f]! / average[f]!
          score += BOOSTS[f]! * idf[f]! * (BM25.d + tf * (BM25.k + 1) / (tf + BM25.k * norm))
        }
        scores[first[id]! + p] = score
      }
    })
    this.#packed = { first, entries, scores }
    this.#lists = undefined
    this.#acc = { count: 0, touched: new Int32Array(sections), scores: new Float64Array(sections), words: new Uint32Array(sections) }
    return this.#packed
  }
}
