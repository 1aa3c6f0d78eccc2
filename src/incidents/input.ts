// Operator input as typed, checked into what the operations take: one check for the CLI, the operator API and Discord,
// so all three refuse the same things in the same words (only the name of each input differs: --title, title).
import type { DeclaredTemplate, PageText, StatusDeclaration } from '../declaration/declaration.ts'
import { PAGE_LANGUAGES } from '../lib/locale.ts'
import type { IncidentTexts } from './texts.ts'
import type { IncidentUpdate, OpenIncident, ScheduleMaintenance } from './writes.ts'
import { checkWindow } from './writes.ts'
import {
  InvalidInput, checkImpact, checkIncidentComponents, checkMaintenanceComponents, checkMessage, checkStatus, checkTitle, parseComponentReference, printable,
  type IncidentStatus
} from './rules.ts'
import { parseTimeInput } from './time-input.ts'
import { formatDuration, parseDuration } from '../declaration/duration.ts'
import { MAX_DURATION_MS, checkRecurrence, checkRule, checkTimeZone, localInstant, nextStarts, parseWallTime, wallTimeOf } from '../lib/recurrence.ts'
import type { CheckedSeries } from './series.ts'

/** How a front door names each input in its refusals. */
export interface InputLabels {
  title: string
  impact: string
  status: string
  message: string
  component: string
  from: string
  to: string
  /** How the refusal of a window that ends before it starts names its ends; `from` and `to` when omitted. */
  window?: { from: string, to: string }
  /** A window's (or series') length, its time zone, its rule and its reminder; named so when omitted. */
  duration?: string
  timezone?: string
  rrule?: string
  remind?: string
  /** The template an incident opens from; named so when omitted. */
  template?: string
}

export const CLI_LABELS: InputLabels = {
  title: '--title', impact: '--impact', status: '--status', message: '--message', component: '--component', from: '--from', to: '--to',
  duration: '--duration', timezone: '--timezone', rrule: '--repeat', remind: '--remind', template: '--template'
}
export const API_LABELS: InputLabels = {
  title: 'title', impact: 'impact', status: 'status', message: 'message', component: 'component', from: 'from', to: 'to',
  duration: 'duration', timezone: 'timezone', rrule: 'rrule', remind: 'remindMinutes', template: 'template'
}

export interface TypedIncident {
  title?: string
  impact?: string
  status?: string
  message?: string
  /** `ID` or `ID=STATUS` each. */
  components?: readonly string[]
}

/** What opening an incident takes: the typed options, or a template of the status file that they override. */
export interface TypedOpening extends TypedIncident {
  /** The id of a declared template: its title, message, impact and components stand for those not given. */
  template?: string
}

/**
 * A new incident: investigating unless a status is given (never resolved). From a template, each option not given is
 * the template's (its English text), and the template's other languages are kept for the texts it gave.
 */
export function checkOpenIncident (opening: TypedOpening, declaration: StatusDeclaration, labels: InputLabels): OpenIncident {
  const { typed, texts } = withTemplate(opening, declaration, labels)
  const incident = {
    title: checkTitle(labels.title, typed.title),
    impact: checkImpact(labels.impact, typed.impact),
    status: openingStatus(typed.status, labels),
    message: checkMessage(labels.message, typed.message),
    components: checkIncidentComponents(labels.component, (typed.components ?? []).map(parseComponentReference), declaration),
    ...(texts === undefined ? {} : { texts })
  }
  refuseResolvedOpening(incident.status, labels)
  return incident
}

/** The declared template `id`; refused, naming the declared ones, when there is none. */
export function findTemplate (id: string, declaration: StatusDeclaration, labels: InputLabels): DeclaredTemplate {
  const templates = declaration.templates ?? []
  const found = templates.find((template) => template.id === id)
  if (found !== undefined) return found
  const declared = templates.length === 0 ? 'none are declared in the status file' : `templates: ${templates.map((template) => template.id).join(', ')}`
  throw new InvalidInput(`${labels.template ?? 'template'} "${printable(id)}" is not a declared template (${declared})`)
}

/** The options with the template's in place of those not given, and the template's texts in the languages other than English. */
function withTemplate (opening: TypedOpening, declaration: StatusDeclaration, labels: InputLabels): { typed: TypedIncident, texts?: IncidentTexts } {
  const { template: id, ...typed } = opening
  if (id === undefined) return { typed }
  const template = findTemplate(id, declaration, labels)
  const texts = templateTexts(typed.title === undefined ? template.title : undefined, typed.message === undefined ? template.message : undefined)
  return {
    typed: {
      ...typed,
      title: typed.title ?? template.title.en,
      message: typed.message ?? template.message.en,
      impact: typed.impact ?? template.impact,
      components: typed.components ?? template.components
    },
    ...(texts === undefined ? {} : { texts })
  }
}

/** The title and first message in each language the template gives besides English; undefined when it gives none. */
function templateTexts (title: PageText | undefined, message: PageText | undefined): IncidentTexts | undefined {
  const texts: IncidentTexts = {}
  for (const lang of PAGE_LANGUAGES) {
    if (lang === 'en') continue
    const text = { ...(title?.[lang] === undefined ? {} : { title: title[lang] }), ...(message?.[lang] === undefined ? {} : { message: message[lang] }) }
    if (text.title !== undefined || text.message !== undefined) texts[lang] = text
  }
  return Object.keys(texts).length === 0 ? undefined : texts
}

/**
 * checkOpenIncident's checks of everything but the title and message, in its order: what a form carries before they
 * are typed (Discord's /incident open answers with one when either is missing), refused before the form is shown.
 */
export function checkOpenIncidentOptions (typed: Omit<TypedIncident, 'title' | 'message'>, declaration: StatusDeclaration, labels: InputLabels): Omit<OpenIncident, 'title' | 'message'> {
  const options = {
    impact: checkImpact(labels.impact, typed.impact),
    status: openingStatus(typed.status, labels),
    components: checkIncidentComponents(labels.component, (typed.components ?? []).map(parseComponentReference), declaration)
  }
  refuseResolvedOpening(options.status, labels)
  return options
}

const openingStatus = (status: string | undefined, labels: InputLabels) => status === undefined ? 'investigating' as const : checkStatus(labels.status, status)

function refuseResolvedOpening (status: IncidentStatus, labels: InputLabels): void {
  if (status === 'resolved') throw new InvalidInput(`${labels.status} resolved makes no sense for a new incident`)
}

/** An update: the status unchanged when omitted; the components unchanged when omitted (undefined), replaced otherwise. */
export function checkIncidentUpdate (typed: Omit<TypedIncident, 'title' | 'impact'>, declaration: StatusDeclaration, labels: InputLabels): IncidentUpdate {
  return {
    status: typed.status === undefined ? undefined : checkStatus(labels.status, typed.status),
    message: checkMessage(labels.message, typed.message),
    components: updatedComponents(typed.components, declaration, labels)
  }
}

/** checkIncidentUpdate's checks of everything but the message, in its order (see checkOpenIncidentOptions). */
export function checkIncidentUpdateOptions (typed: Omit<TypedIncident, 'title' | 'impact' | 'message'>, declaration: StatusDeclaration, labels: InputLabels): Omit<IncidentUpdate, 'message'> {
  return {
    status: typed.status === undefined ? undefined : checkStatus(labels.status, typed.status),
    components: updatedComponents(typed.components, declaration, labels)
  }
}

const updatedComponents = (components: readonly string[] | undefined, declaration: StatusDeclaration, labels: InputLabels) =>
  components === undefined ? undefined : checkIncidentComponents(labels.component, components.map(parseComponentReference), declaration)

/** The last message of a resolution; undefined: the default one. */
export function checkResolveMessage (message: string | undefined, labels: InputLabels): string | undefined {
  return message === undefined ? undefined : checkMessage(labels.message, message)
}

export interface TypedWindow {
  title?: string
  message?: string
  from?: string
  /** The end, or instead of it `duration` (1h, 90m). */
  to?: string
  duration?: string
  /** IANA zone a `from` without zone is read in, and a series' occurrences are computed in; UTC when omitted. */
  timezone?: string
  /** An RFC 5545 RRULE: the window repeats (a series). */
  rrule?: string
  /** Minutes before the start the reminder goes out (`60`, or a duration such as `60m`); the default when omitted, 0: none. */
  remind?: string | number
  components?: readonly string[]
}

/** A window as scheduled `now`, or a series when `rrule` is given: see checkWindowOrSeries. */
export type CheckedSchedule = { window: ScheduleMaintenance, series?: undefined } | { series: CheckedSeries, window?: undefined }

/** A window as scheduled `now`: times in the CLI's forms, ending after it starts and in the future. */
export function checkScheduleMaintenance (typed: TypedWindow, declaration: StatusDeclaration, now: number, labels: InputLabels): ScheduleMaintenance {
  const checked = checkWindowOrSeries({ ...typed, rrule: undefined }, declaration, now, labels)
  return checked.window!
}

/**
 * A window (no `rrule`) or a series: every check of either, in the order the inputs are listed, before anything is
 * opened. A series' start is its first wall time in `timezone`; its occurrences are checked over their first year.
 */
export function checkWindowOrSeries (typed: TypedWindow, declaration: StatusDeclaration, now: number, labels: InputLabels): CheckedSchedule {
  const names = { duration: labels.duration ?? 'duration', timezone: labels.timezone ?? 'timezone', rrule: labels.rrule ?? 'rrule', remind: labels.remind ?? 'remind' }
  const title = checkTitle(labels.title, typed.title)
  const message = checkMessage(labels.message, typed.message)
  const timeZone = checkTimeZone(names.timezone, typed.timezone)
  const startsAt = parseZonedTime(labels.from, typed.from, now, typed.timezone === undefined ? undefined : timeZone)
  if (typed.to !== undefined && typed.duration !== undefined) throw new InvalidInput(`give ${labels.to} or ${names.duration}, not both`)
  const endsAt = typed.duration !== undefined
    ? startsAt + checkWindowDuration(names.duration, typed.duration)
    : typed.to === undefined && typed.rrule !== undefined
      ? NaN
      : parseZonedTime(labels.to, typed.to, now, typed.timezone === undefined ? undefined : timeZone)
  const remindMinutes = checkRemind(names.remind, typed.remind)
  const components = checkMaintenanceComponents(labels.component, (typed.components ?? []).map(parseComponentReference), declaration)
  if (typed.rrule === undefined) {
    const window = { title, message, startsAt, endsAt, components, ...(remindMinutes === undefined ? {} : { remindMinutes }) }
    checkWindow(window, now, labels.window ?? labels)
    return { window }
  }
  const rrule = checkRule(names.rrule, typed.rrule)
  if (Number.isNaN(endsAt)) throw new InvalidInput(`${names.duration} (or ${labels.to}) is required for a repeating window: how long each lasts, such as 1h or 90m`)
  const durationMs = endsAt - startsAt
  checkDurationRange(names.duration, durationMs)
  const recurrence = { rrule, start: wallTimeOf(startsAt, timeZone).toString({ smallestUnit: 'minute' }), timeZone, durationMs }
  checkRecurrence(recurrence, { rrule: names.rrule, from: labels.from, duration: names.duration })
  if (nextStarts(recurrence, now - durationMs + 1, 1).length === 0) {
    throw new InvalidInput(`${names.rrule} gives no occurrence after now; the series would never be shown`)
  }
  return { series: { title, message, ...recurrence, remindMinutes: remindMinutes ?? null, components } }
}

/** A window's length from `1h`, `90m`, `1h30m`: more than nothing, at most 7 days. */
export function checkWindowDuration (label: string, text: string): number {
  const ms = parseDuration(text.trim())
  if (ms === undefined) throw new InvalidInput(`${label} "${printable(text)}" is not a duration; use one such as 1h, 90m or 2h30m`)
  checkDurationRange(label, ms)
  return ms
}

function checkDurationRange (label: string, ms: number): void {
  if (ms < 60_000) throw new InvalidInput(`${label} must be at least 1m`)
  if (ms > MAX_DURATION_MS) throw new InvalidInput(`${label} ${formatDuration(ms)} is longer than 7 days`)
}

/** The longest reminder ahead of a start: a week. */
export const MAX_REMIND_MINUTES = 7 * 24 * 60

/** Minutes ahead (a number, `60`, or a duration `60m`, `1h`; `0` none); undefined when not given. */
export function checkRemind (label: string, typed: string | number | undefined): number | undefined {
  if (typed === undefined) return undefined
  const text = String(typed).trim()
  const ms = /^\d{1,6}$/.test(text) ? Number(text) * 60_000 : text === '0s' ? 0 : parseDuration(text)
  if (ms === undefined || ms % 60_000 !== 0) throw new InvalidInput(`${label} "${printable(text)}" must be whole minutes, such as 60, 60m or 1h (0: no reminder)`)
  if (ms / 60_000 > MAX_REMIND_MINUTES) throw new InvalidInput(`${label} must be at most ${MAX_REMIND_MINUTES} minutes (7 days)`)
  return ms / 60_000
}

/** A time in the CLI's forms, or (with a zone given) a wall time without zone, read in that zone. */
export function parseZonedTime (label: string, text: string | undefined, now: number, timeZone: string | undefined): number {
  const wall = timeZone === undefined || text === undefined ? undefined : parseWallTime(text)
  if (wall !== undefined) return localInstant(label, wall, timeZone!)
  return parseTimeInput(label, text, now)
}

