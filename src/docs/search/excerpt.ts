// The excerpt of a result: plain text around the best cluster of matched words, and where those words are in it.
import type { IndexedField } from './postings.ts'
import { chunkWords } from './terms.ts'
import { chunks } from './text.ts'

const EXCERPT_LENGTH = 200
const LEAD = 40

export interface Excerpt {
  excerpt: string
  /** [start, end) offsets into `excerpt`, in UTF-16 code units. */
  highlights: Array<[number, number]>
}

/**
 * A section's text with its words located and identified once, at indexing: `spans` holds, per chunk, its
 * start, end, number of parts and the term id of the parts joined (-1 for one part), then each part's start,
 * end and term id. Finding highlights then needs no tokenizing or stemming per query.
 */
export interface PreparedText {
  flat: string
  spans: Int32Array
}

/** `termOf` gives the index term id of a word (as written); `field` is the text as the index counts it. */
export function prepareText (text: string, termOf: (word: string) => number): { prepared: PreparedText, field: IndexedField } {
  const flat = text.replace(/\s+/g, ' ').trim()
  const spans: number[] = []
  const terms: number[] = []
  const words = new Set<string>()
  const add = (word: string) => {
    words.add(word)
    const id = termOf(word)
    terms.push(id)
    return id
  }
  for (const chunk of chunks(flat)) {
    // chunkWords: each part, then (for several) the parts joined.
    const ids = chunkWords(chunk).map(add)
    spans.push(chunk.start, chunk.end, chunk.parts.length, ids.length > chunk.parts.length ? ids.at(-1)! : -1)
    chunk.parts.forEach((part, p) => spans.push(part.start, part.end, ids[p]!))
  }
  return { prepared: { flat, spans: Int32Array.from(spans) }, field: { terms, length: words.size } }
}

/** `matched` holds the ids of the index terms the result matched. */
export function makeExcerpt (prepared: PreparedText, matched: Set<number>): Excerpt {
  const { flat } = prepared
  const hits = findHits(prepared, matched)
  if (flat.length <= EXCERPT_LENGTH) return { excerpt: flat, highlights: hits.map((hit) => [hit.start, hit.end]) }

  // The window that holds the most different matched words (then the most matches), starting a little before one.
  let best = { start: 0, score: -1 }
  for (const hit of hits) {
    const start = Math.max(0, Math.min(hit.start - LEAD, flat.length - EXCERPT_LENGTH))
    const inside = hits.filter((h) => h.start >= start && h.end <= start + EXCERPT_LENGTH)
    const score = new Set(inside.map((h) => h.term)).size * 100 + inside.length
    if (score > best.score) best = { start, score }
  }
  let start = best.start
  let end = Math.min(flat.length, start + EXCERPT_LENGTH)
  if (start > 0) {
    const space = flat.indexOf(' ', start)
    const firstHit = hits.find((h) => h.start >= start)
    if (space !== -1 && (firstHit === undefined || space < firstHit.start)) start = space + 1
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end)
    if (space > start) end = space
  }
  const lead = start > 0 ? '… ' : ''
  const excerpt = lead + flat.slice(start, end) + (end < flat.length ? ' …' : '')
  const highlights = hits.filter((h) => h.start >= start && h.end <= end)
    .map((h): [number, number] => [h.start - start + lead.length, h.end - start + lead.length])
  return { excerpt, highlights }
}

interface Hit { start: number, end: number, term: number }

function findHits ({ spans }: PreparedText, matched: Set<number>): Hit[] {
  const hits: Hit[] = []
  let i = 0
  while (i < spans.length) {
    const start = spans[i]!
    const end = spans[i + 1]!
    const count = spans[i + 2]!
    const joined = spans[i + 3]!
    const parts = i + 4
    i = parts + count * 3
    // A hyphenated or joined word that matched as a whole is one highlight; otherwise its matching pieces are.
    if (matched.has(joined)) {
      hits.push({ start, end, term: joined })
      continue
    }
    for (let p = parts; p < i; p += 3) {
      if (matched.has(spans[p + 2]!)) hits.push({ start: spans[p]!, end: spans[p + 1]!, term: spans[p + 2]! })
    }
  }
  return hits
}
