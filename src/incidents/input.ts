// Operator input as typed, checked into what the operations take: one check for the CLI, the operator API and Discord,
// so all three refuse the same things in the same words (only the name of each input differs: --title, title).
import type { StatusDeclaration } from '../declaration/declaration.ts'
import type { IncidentUpdate, OpenIncident, ScheduleMaintenance } from './writes.ts'
import { checkWindow } from './writes.ts'
import {
  InvalidInput, checkImpact, checkIncidentComponents, checkMaintenanceComponents, checkMessage, checkStatus, checkTitle, parseComponentReference,
  type IncidentStatus
} from './rules.ts'
import { parseTimeInput } from './time-input.ts'

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
}

export const CLI_LABELS: InputLabels = { title: '--title', impact: '--impact', status: '--status', message: '--message', component: '--component', from: '--from', to: '--to' }
export const API_LABELS: InputLabels = { title: 'title', impact: 'impact', status: 'status', message: 'message', component: 'component', from: 'from', to: 'to' }

export interface TypedIncident {
  title?: string
  impact?: string
  status?: string
  message?: string
  /** `ID` or `ID=STATUS` each. */
  components?: readonly string[]
}

/** A new incident: investigating unless a status is given (never resolved). */
export function checkOpenIncident (typed: TypedIncident, declaration: StatusDeclaration, labels: InputLabels): OpenIncident {
  const incident = {
    title: checkTitle(labels.title, typed.title),
    impact: checkImpact(labels.impact, typed.impact),
    status: openingStatus(typed.status, labels),
    message: checkMessage(labels.message, typed.message),
    components: checkIncidentComponents(labels.component, (typed.components ?? []).map(parseComponentReference), declaration)
  }
  refuseResolvedOpening(incident.status, labels)
  return incident
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
  to?: string
  components?: readonly string[]
}

/** A window as scheduled `now`: times in the CLI's forms, ending after it starts and in the future. */
export function checkScheduleMaintenance (typed: TypedWindow, declaration: StatusDeclaration, now: number, labels: InputLabels): ScheduleMaintenance {
  const window = {
    title: checkTitle(labels.title, typed.title),
    message: checkMessage(labels.message, typed.message),
    startsAt: parseTimeInput(labels.from, typed.from, now),
    endsAt: parseTimeInput(labels.to, typed.to, now),
    components: checkMaintenanceComponents(labels.component, (typed.components ?? []).map(parseComponentReference), declaration)
  }
  checkWindow(window, now, labels.window ?? labels)
  return window
}

