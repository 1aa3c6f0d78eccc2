// Words of a text with their offsets, and the one folding every indexed and queried word goes through.

/** A run of letters and digits, possibly joined by - _ . ' (e.g. `Graph-Ansicht`, `RATE_LIMIT`, `max-age`). */
export interface Chunk {
  text: string
  start: number
  end: number
  /** The joined pieces, each with its offsets; one entry when nothing joins. */
  parts: Array<{ text: string, start: number, end: number }>
}

const CHUNK = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[-_.'’][\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*/gu
const PART = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu

export function chunks (text: string): Chunk[] {
  const found: Chunk[] = []
  for (const match of text.matchAll(CHUNK)) {
    const start = match.index
    const parts = [...match[0].matchAll(PART)].map((part) => ({
      text: part[0], start: start + part.index, end: start + part.index + part[0].length
    }))
    found.push({ text: match[0], start, end: start + match[0].length, parts })
  }
  return found
}

const UMLAUTS: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss', æ: 'a', œ: 'o', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' }

/**
 * Lower case without diacritics, German umlauts folded both ways: `Rückerstattung`, `Rueckerstattung` and
 * `Ruckerstattung` all become `ruckerstattung`; `ß` becomes `ss`. Applied alike to the index and the query,
 * so the odd collision (`does` → `dos`) costs nothing.
 */
export function fold (word: string): string {
  return word.toLowerCase()
    .replace(/[äöüßæœøłđðþı]/g, (c) => UMLAUTS[c]!)
    .normalize('NFKD').replace(/\p{M}/gu, '')
    .replace(/([aou])e/g, '$1')
}

/** True for words that typo tolerance should leave alone (numbers, versions, codes). */
export function hasDigit (word: string): boolean {
  return /\d/.test(word)
}
