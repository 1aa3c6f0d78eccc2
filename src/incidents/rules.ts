// What incidents and maintenance windows may hold: the vocabularies, the text limits and the checks of operator input.
import type { Static } from 'typebox'
import type { IncidentImpact as ImpactSchema, IncidentStatus as StatusSchema } from '../api/incidents.ts'

export type IncidentStatus = Static<typeof StatusSchema>
export type IncidentImpact = Static<typeof ImpactSchema>

export const INCIDENT_STATUSES: readonly IncidentStatus[] = ['investigating', 'identified', 'monitoring', 'resolved']
export const INCIDENT_IMPACTS: readonly IncidentImpact[] = ['none', 'minor', 'major', 'critical']

/** Maximum lengths in characters (Unicode code points). */
export const TEXT_LIMITS = { title: 200, message: 5000 } as const

/** Ids are PostgreSQL `integer`s: anything larger cannot name a row. */
const MAX_ID = 2_147_483_647

/** Operator input that cannot be accepted; the message is one line, safe to print as is. */
export class InvalidInput extends Error {
  override name = 'InvalidInput'
}

// Titles are one line; messages may have line breaks and tabs. No other control characters: they would
// reach terminals and pages unseen, and PostgreSQL refuses NUL in text.
const TITLE_FORBIDDEN = /\p{Cc}/u
const MESSAGE_FORBIDDEN = /[^\P{Cc}\t\n\r]/u

/** A title: not blank, one line, at most 200 characters. Returned verbatim. */
export function checkTitle (label: string, value: string | undefined): string {
  return checkText(label, value, TEXT_LIMITS.title, TITLE_FORBIDDEN, 'a single line without control characters')
}

/** A message: not blank, at most 5000 characters, line breaks allowed. Returned verbatim. */
export function checkMessage (label: string, value: string | undefined): string {
  return checkText(label, value, TEXT_LIMITS.message, MESSAGE_FORBIDDEN, 'text without control characters (line breaks and tabs are fine)')
}

function checkText (label: string, value: string | undefined, max: number, forbidden: RegExp, shape: string): string {
  if (value === undefined) throw new InvalidInput(`${label} is required`)
  if (value.trim() === '') throw new InvalidInput(`${label} must not be empty`)
  if (!value.isWellFormed()) throw new InvalidInput(`${label} is not valid Unicode text`)
  const length = [...value].length
  if (length > max) throw new InvalidInput(`${label} is ${length} characters long; at most ${max} are allowed`)
  if (forbidden.test(value)) throw new InvalidInput(`${label} must be ${shape}`)
  return value
}

export function checkStatus (label: string, value: string | undefined): IncidentStatus {
  return oneOf(label, value, INCIDENT_STATUSES)
}

export function checkImpact (label: string, value: string | undefined): IncidentImpact {
  return oneOf(label, value, INCIDENT_IMPACTS)
}

function oneOf<T extends string> (label: string, value: string | undefined, allowed: readonly T[]): T {
  if (value === undefined) throw new InvalidInput(`${label} is required (one of ${allowed.join(', ')})`)
  if (!(allowed as readonly string[]).includes(value)) {
    throw new InvalidInput(`${label} must be one of ${allowed.join(', ')} (got "${printable(value)}")`)
  }
  return value as T
}

/** An id as typed by an operator: a positive whole number. */
export function checkId (what: string, value: string | undefined): number {
  if (value === undefined) throw new InvalidInput(`the ${what} id is missing`)
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN
  if (!(id >= 1 && id <= MAX_ID)) throw new InvalidInput(`"${printable(value)}" is not a valid ${what} id (a positive whole number)`)
  return id
}

/** Echoes input in an error message without letting it break the one-line rule or flood the terminal. */
export function printable (value: string): string {
  const flat = value.replace(/\p{Cc}/gu, '?')
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat
}

/** What the incident and maintenance commands tell operators about text and refusals, in their --help. */
export const TEXT_RULES_HELP = `Titles: one line, at most ${TEXT_LIMITS.title} characters. Messages: at most ${TEXT_LIMITS.message} characters.
Text is stored and published exactly as typed. The public endpoint shows a change within 15 s.
Bad input is refused with one line on stderr and exit code 2; nothing is written.`
