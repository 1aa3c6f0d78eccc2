// The iCalendar text format (RFC 5545 §3.1, §3.3.5, §3.3.11): TEXT values escaped, UTC date-times, and content lines
// folded at 75 octets (never inside a UTF-8 sequence), each ended by CRLF.

/** The most octets one content line holds before it is folded, CRLF not counted (RFC 5545 §3.1). */
export const MAX_LINE_OCTETS = 75

/**
 * A TEXT value: `\`, `;` and `,` escaped, each line break as `\n`; other control characters, which TEXT cannot carry,
 * become spaces (tabs stay).
 */
export function icsText (value: string): string {
  return value
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' ')
}

/** An instant as a UTC DATE-TIME: `2026-11-27T15:00:00.000Z` → `20261127T150000Z`. */
export function icsDateTime (at: string | number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
}

/** The octets of a code point in UTF-8. */
function utf8Octets (codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4
}

/**
 * One content line folded: at most 75 octets per physical line, each continuation starting with a space (which counts
 * among its 75); code points are never split, so every physical line is valid UTF-8.
 */
export function foldLine (line: string): string {
  const parts: string[] = []
  let part = ''
  let octets = 0
  let limit = MAX_LINE_OCTETS
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!)
    if (octets + size > limit) {
      parts.push(part)
      part = ''
      octets = 0
      limit = MAX_LINE_OCTETS - 1 // the leading space
    }
    part += char
    octets += size
  }
  parts.push(part)
  return parts.join('\r\n ')
}

/** Content lines (`NAME;PARAM=…:value`, unfolded) as an iCalendar stream: each folded and ended by CRLF. */
export function icsLines (lines: readonly string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join('')
}
