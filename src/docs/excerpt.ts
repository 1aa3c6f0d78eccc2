// The excerpt of a result: plain text around the best cluster of matched words, and where those words are in it.
import type { Locale } from '../site/pages.ts'
import { wordForms } from './terms.ts'
import { chunks } from './text.ts'

export const EXCERPT_LENGTH = 200
const LEAD = 40

export interface Excerpt {
  excerpt: string
  /** [start, end) offsets into `excerpt`, in UTF-16 code units. */
  highlights: Array<[number, number]>
}

/**
 * A section's text with its words located once, at indexing: `spans` holds, per chunk, its start, end and
 * number of parts, then each part's start and end. Finding highlights then needs no tokenizing per query.
 */
export interface PreparedText {
  flat: string
  spans: Uint32Array
}

export function prepareText (text: string): PreparedText {
  const flat = text.replace(/\s+/g, ' ').trim()
  const numbers: number[] = []
  for (const chunk of chunks(flat)) {
    numbers.push(chunk.start, chunk.end, chunk.parts.length)
    for (const part of chunk.parts) numbers.push(part.start, part.end)
  }
  return { flat, spans: Uint32Array.from(numbers) }
}

/** `matched` holds the index terms the result matched (surface forms and stems). */
export function makeExcerpt (locale: Locale, prepared: PreparedText, matched: Set<string>): Excerpt {
  const { flat } = prepared
  const hits = findHits(locale, prepared, matched)
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

interface Hit { start: number, end: number, term: string }

function findHits (locale: Locale, { flat, spans }: PreparedText, matched: Set<string>): Hit[] {
  const hits: Hit[] = []
  let i = 0
  while (i < spans.length) {
    const start = spans[i]!
    const end = spans[i + 1]!
    const count = spans[i + 2]!
    const parts = i + 3
    i = parts + count * 2
    // A hyphenated or joined word that matched as a whole is one highlight; otherwise its matching pieces are.
    if (count > 1) {
      let joined = ''
      for (let p = 0; p < count; p++) joined += flat.slice(spans[parts + p * 2]!, spans[parts + p * 2 + 1]!)
      const whole = matchOf(locale, joined, matched)
      if (whole !== undefined) {
        hits.push({ start, end, term: whole })
        continue
      }
    }
    for (let p = 0; p < count; p++) {
      const partStart = spans[parts + p * 2]!
      const partEnd = spans[parts + p * 2 + 1]!
      const term = matchOf(locale, flat.slice(partStart, partEnd), matched)
      if (term !== undefined) hits.push({ start: partStart, end: partEnd, term })
    }
  }
  return hits
}

function matchOf (locale: Locale, word: string, matched: Set<string>): string | undefined {
  const { surface, stem } = wordForms(locale, word)
  if (matched.has(surface)) return surface
  if (matched.has(stem)) return stem
  return undefined
}
