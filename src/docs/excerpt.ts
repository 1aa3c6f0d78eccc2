// The excerpt of a result: plain text around the best cluster of matched words, and where those words are in it.
import type { Locale } from '../site/pages.ts'
import { chunkWords } from './terms.ts'
import { wordForms } from './terms.ts'
import { chunks } from './text.ts'

export const EXCERPT_LENGTH = 200
const LEAD = 40

export interface Excerpt {
  excerpt: string
  /** [start, end) offsets into `excerpt`, in UTF-16 code units. */
  highlights: Array<[number, number]>
}

/** `matched` holds the index terms the result matched (surface forms and stems). */
export function makeExcerpt (locale: Locale, text: string, matched: Set<string>): Excerpt {
  const flat = text.replace(/\s+/g, ' ').trim()
  const hits = findHits(locale, flat, matched)
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

function findHits (locale: Locale, text: string, matched: Set<string>): Hit[] {
  const hits: Hit[] = []
  for (const chunk of chunks(text)) {
    const words = chunkWords(chunk)
    // A hyphenated or joined word that matched as a whole is one highlight; otherwise its matching pieces are.
    const whole = words.length > 1 ? matchOf(locale, words.at(-1)!, matched) : undefined
    if (whole !== undefined) {
      hits.push({ start: chunk.start, end: chunk.end, term: whole })
      continue
    }
    for (const part of chunk.parts) {
      const term = matchOf(locale, part.text, matched)
      if (term !== undefined) hits.push({ start: part.start, end: part.end, term })
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
