// Operator input as typed, checked into what the operations take: one check for the CLI, the operator API and Discord,
// so all three refuse the same things in the same words (only the name of each input differs: --title, title).
import type { StatusDeclaration } from '../declaration/declaration.ts'
import type { IncidentUpdate, OpenIncident, ScheduleMaintenance } from './operations.ts'
import { checkWindow } from './operations.ts'
import {
  InvalidInput, checkImpact, checkIncidentComponents, checkMaintenanceComponents, checkMessage, checkStatus, checkTitle, parseComponentReference
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
    status: typed.status === undefined ? 'investigating' as const : checkStatus(labels.status, typed.status),
    message: checkMessage(labels.message, typed.message),
    components: checkIncidentComponents(labels.component, (typed.components ?? []).map(parseComponentReference), declaration)
  }
  if (incident.status === 'resolved') throw new InvalidInput(`${labels.status} resolved makes no sense for a new incident`)
  return incident
}

/** An update: the status unchanged when omitted; the components unchanged when omitted (undefined), replaced otherwise. */
export function checkIncidentUpdate (typed: Omit<TypedIncident, 'title' | 'impact'>, declaration: StatusDeclaration, labels: InputLabels): IncidentUpdate {
  return {
    status: typed.status === undefined ? undefined : checkStatus(labels.status, typed.status),
    message: checkMessage(labels.message, typed.message),
    components: typed.components === undefined ? undefined : checkIncidentComponents(labels.component, typed.components.map(parseComponentReference), declaration)
  }
}

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
  checkWindow(window, now, labels)
  return window
}

