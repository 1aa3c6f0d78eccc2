// What incidents and maintenance windows may hold: the vocabularies, the text limits and the checks of operator input.
import type { Static } from 'typebox'
import type {
  AffectedComponentStatus as AffectedSchema, ComponentOutage as OutageSchema, IncidentImpact as ImpactSchema, IncidentStatus as StatusSchema
} from '../api/incidents.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'

export type IncidentStatus = Static<typeof StatusSchema>
export type IncidentImpact = Static<typeof ImpactSchema>
/** What an operator may say an incident does to a component it names. */
export type ComponentOutage = Static<typeof OutageSchema>
/** What an incident gives a component it names (./component-status.ts): an outage, or operational for impact none. */
export type AffectedComponentStatus = Static<typeof AffectedSchema>

export const INCIDENT_STATUSES: readonly IncidentStatus[] = ['investigating', 'identified', 'monitoring', 'resolved']
export const INCIDENT_IMPACTS: readonly IncidentImpact[] = ['none', 'minor', 'major', 'critical']
export const COMPONENT_OUTAGES: readonly ComponentOutage[] = ['degraded_performance', 'partial_outage', 'major_outage']

/** Maximum lengths in characters (Unicode code points). */
export const TEXT_LIMITS = { title: 200, message: 5000 } as const

/** Ids are PostgreSQL `integer`s: anything larger cannot name a row. */
const MAX_ID = 2_147_483_647

import { InvalidInput, printable } from '../lib/invalid-input.ts'

export { InvalidInput, printable }

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

/** A component an incident names, as checked: a declared id and what the operator said it does to it, if anything. */
export interface IncidentComponent {
  id: string
  /** Undefined: follows the incident's impact (componentStatusOf). */
  status?: ComponentOutage
}

/** A component reference as typed (`--component music=partial_outage`): `ID` or `ID=STATUS`, split at the first `=`. */
export interface ComponentReference {
  id: string
  /** Undefined when no `=` was typed. */
  status?: string
}

/** Splits `ID` or `ID=STATUS` at the first `=`; checks nothing else (see checkIncidentComponents). */
export function parseComponentReference (text: string): ComponentReference {
  const equals = text.indexOf('=')
  return equals === -1 ? { id: text } : { id: text.slice(0, equals), status: text.slice(equals + 1) }
}

/**
 * The components an incident names: every id declared in `declaration` (the status file), each at most once, each
 * status (when given) one of COMPONENT_OUTAGES. `label` names the input for the refusal (`--component`). Returned in
 * the order given; an empty list names none.
 */
export function checkIncidentComponents (label: string, references: readonly ComponentReference[], declaration: StatusDeclaration): IncidentComponent[] {
  checkComponentIds(label, references, declaration)
  return references.map((reference) => {
    if (reference.status === undefined) return { id: reference.id }
    if (!(COMPONENT_OUTAGES as readonly string[]).includes(reference.status)) {
      throw new InvalidInput(`${label} "${printable(typed(reference))}": the status must be one of ${COMPONENT_OUTAGES.join(', ')} ` +
        '(or none, to follow the impact)')
    }
    return { id: reference.id, status: reference.status as ComponentOutage }
  })
}

/**
 * The components a maintenance window names: declared ids, each at most once, without a status (they are
 * under_maintenance while the window is active). Returned in the order given.
 */
export function checkMaintenanceComponents (label: string, references: readonly ComponentReference[], declaration: StatusDeclaration): string[] {
  checkComponentIds(label, references, declaration)
  const withStatus = references.find((reference) => reference.status !== undefined)
  if (withStatus !== undefined) {
    throw new InvalidInput(`${label} "${printable(typed(withStatus))}": a maintenance window's components take no status ` +
      '(they are under_maintenance while it is active)')
  }
  return references.map((reference) => reference.id)
}

function checkComponentIds (label: string, references: readonly ComponentReference[], declaration: StatusDeclaration): void {
  const declared = declaration.components.map((component) => component.id)
  const seen = new Set<string>()
  for (const reference of references) {
    if (reference.id === '') throw new InvalidInput(`${label} "${printable(typed(reference))}" names no component (write ID or ID=STATUS)`)
    if (!declared.includes(reference.id)) {
      throw new InvalidInput(`${label} "${printable(reference.id)}" is not a declared component (declared: ${declared.length === 0 ? 'none' : declared.join(', ')})`)
    }
    if (seen.has(reference.id)) throw new InvalidInput(`${label} "${reference.id}" is given twice`)
    seen.add(reference.id)
  }
}

/** A reference as the operator typed it, for refusals. */
const typed = (reference: ComponentReference) => reference.status === undefined ? reference.id : `${reference.id}=${reference.status}`


/** What the incident and maintenance commands tell operators about text and refusals, in their --help. */
export const TEXT_RULES_HELP = `Titles: one line, at most ${TEXT_LIMITS.title} characters. Messages: at most ${TEXT_LIMITS.message} characters.
Text is stored and published exactly as typed. The public endpoint shows a change within 15 s.
Bad input is refused with one line on stderr and exit code 2; nothing is written.`
