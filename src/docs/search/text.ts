// Words of a text with their offsets, and the one folding every indexed and queried word goes through.

/** A run of letters and digits, possibly joined by - _ . ' (e.g. `Graph-Ansicht`, `RATE_LIMIT`, `max-age`). */
export interface Chunk {
  text: string
  start: number
  end: number
  /** The joined pieces, each with its offsets; one entry when nothing joins. */
  parts: Array<{ text: string, start: number, end: number }>
}

/** A word piece: a letter or digit, then letters, marks and digits. */
const PART = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu
/** What joins two pieces into one chunk when it stands between them alone. */
const JOINERS = "-_.'’"

/** The chunks of a text in one pass over its pieces: a piece that starts right after a joiner which ends the
 * previous piece belongs to that piece's chunk. */
export function chunks (text: string): Chunk[] {
  const found: Chunk[] = []
  let current: Chunk | undefined
  for (const match of text.matchAll(PART)) {
    const start = match.index
    const part = { text: match[0], start, end: start + match[0].length }
    if (current !== undefined && start === current.end + 1 && JOINERS.includes(text[current.end]!)) {
      current.parts.push(part)
      current.end = part.end
    } else {
      current = { text: '', start, end: part.end, parts: [part] }
      found.push(current)
    }
  }
  for (const chunk of found) chunk.text = chunk.parts.length === 1 ? chunk.parts[0]!.text : text.slice(chunk.start, chunk.end)
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
