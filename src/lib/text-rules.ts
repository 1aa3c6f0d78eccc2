// The rules every text an operator, a pushing worker, a Discord form or the status file gives must keep: titles and
// lines one line, messages with line breaks, no control characters or noncharacters, within their lengths.
import { InvalidInput } from './invalid-input.ts'

/** Maximum lengths in characters (Unicode code points). */
export const TEXT_LIMITS = { title: 200, message: 5000, postmortem: 50_000 } as const

// Titles are one line; messages may have line breaks and tabs. No other control characters: they would
// reach terminals and pages unseen, and PostgreSQL refuses NUL in text.
const TITLE_FORBIDDEN = /\p{Cc}/u
const MESSAGE_FORBIDDEN = /[^\P{Cc}\t\n\r]/u
// Noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF and the last two of every plane) are for a program's own use, never for
// interchange; U+FFFE and U+FFFF cannot be written in XML 1.0 at all, and one of them made every feed invalid.
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u

/** A title: not blank, one line, at most 200 characters. Returned verbatim. */
export function checkTitle (label: string, value: string | undefined): string {
  return checkText(label, value, TEXT_LIMITS.title, TITLE_FORBIDDEN, 'a single line without control characters')
}

/**
 * One line of at most `max` characters (a push's message): the rule of a title with another length. Every text an
 * operator, a pushing worker or a Discord form sends passes checkTitle, checkMessage or this: one rule for all input.
 */
export function checkLine (label: string, value: string | undefined, max: number): string {
  return checkText(label, value, max, TITLE_FORBIDDEN, 'a single line without control characters')
}

/** A message: not blank, at most 5000 characters, line breaks allowed. Returned verbatim. */
export function checkMessage (label: string, value: string | undefined): string {
  return checkText(label, value, TEXT_LIMITS.message, MESSAGE_FORBIDDEN, 'text without control characters (line breaks and tabs are fine)')
}

/** A post-mortem: Markdown, not blank, at most 50,000 characters, line breaks and tabs allowed. Returned verbatim. */
export function checkPostmortem (label: string, value: string | undefined): string {
  return checkText(label, value, TEXT_LIMITS.postmortem, MESSAGE_FORBIDDEN, 'text without control characters (line breaks and tabs are fine)')
}

function checkText (label: string, value: string | undefined, max: number, forbidden: RegExp, shape: string): string {
  if (value === undefined) throw new InvalidInput(`${label} is required`)
  if (value.trim() === '') throw new InvalidInput(`${label} must not be empty`)
  if (!value.isWellFormed()) throw new InvalidInput(`${label} is not valid Unicode text`)
  const length = [...value].length
  if (length > max) throw new InvalidInput(`${label} is ${length} characters long; at most ${max} are allowed`)
  if (forbidden.test(value)) throw new InvalidInput(`${label} must be ${shape}`)
  const nonCharacter = NONCHARACTER.exec(value)?.[0]
  if (nonCharacter !== undefined) {
    throw new InvalidInput(`${label} contains U+${nonCharacter.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, a Unicode noncharacter that feeds cannot carry`)
  }
  return value
}
