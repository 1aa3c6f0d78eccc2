// Our state as Atlassian Statuspage v2 documents (`/status/api/v2/…`): components, groups and the indicator from the one
// public status (src/status/model.ts), incidents and maintenance windows from the incidents rows. Pure: the views, a base
// URL and a time in, the eight documents out; nothing here decides a status.
import { createHash } from 'node:crypto'
import type { ComponentsBody } from '../api/components.ts'
import type { HealthBody } from '../api/health.ts'
import type {
  StatuspageComponent, StatuspageIncident, StatuspagePage, StatuspageScheduledMaintenance, StatuspageStatusField
} from '../api/statuspage-copy.ts'
import type { IncidentImpact, IncidentStatus } from '../incidents/rules.ts'
import { OPEN_SHOWN, maintenanceState, type IncidentsData } from '../incidents/view.ts'
import type { IncidentWithUpdates } from '../store/repositories/incidents.ts'
import type { MaintenanceRow, MaintenanceWithComponents } from '../store/repositories/maintenances.ts'
import { maintenanceSteps, type MaintenanceStep } from './feed-events.ts'
import { newestFirstBy } from '../lib/stored-time.ts'
import { componentLayout } from '../view/status-view.js'
import { incidentUrl, maintenanceUrl, statusUrl, type SiteLinks } from '../view/status-links.js'

/** The paths under `{base_url}/status/api/v2/`, as Statuspage names them. */
export const STATUSPAGE_DOCUMENTS = [
  'summary.json', 'status.json', 'components.json', 'incidents.json', 'incidents/unresolved.json',
  'scheduled-maintenances.json', 'scheduled-maintenances/upcoming.json', 'scheduled-maintenances/active.json'
] as const
export type StatuspageDocument = typeof STATUSPAGE_DOCUMENTS[number]

/** Statuspage lists this many of the most recent incidents or windows. */
const RECENT = 50

/** The page's name without a status file (and before one names the product). */
const GENERIC_PAGE_NAME = 'System status'

/**
 * A group's id in the copy. Statuspage has one id space for groups and components, the status file two (a group and a
 * component may both be called `bot`), so a group's id carries a prefix no component id can have.
 */
const statuspageGroupId = (groupId: string) => `group:${groupId}`

/** Statuspage's default words for a window's lifecycle; the operator's message goes with `scheduled`. */
const STEP_BODY: Record<Exclude<MaintenanceStep, 'scheduled'>, string> = {
  started: 'Scheduled maintenance is currently in progress.',
  ended: 'The scheduled maintenance has been completed.',
  cancelled: 'The scheduled maintenance has been cancelled.'
}
const STEP_STATUS: Record<MaintenanceStep, StatuspageScheduledMaintenance['status']> = {
  scheduled: 'scheduled', started: 'in_progress', ended: 'completed', cancelled: 'completed'
}

export interface StatuspageInput extends SiteLinks {
  /** The one public status: every component's and group's status, and the indicator. */
  status: ComponentsBody
  /** The measured snapshot: only its times (`startedAt`, `checkedAt`) are read. */
  health: HealthBody
  rows: IncidentsData
  now: number
  /** The declared product's name; undefined without a status file. */
  productName?: string | undefined
}

export function buildStatuspageDocuments (input: StatuspageInput): Record<StatuspageDocument, unknown> {
  const page = statuspagePage(input)
  const components = statuspageComponents(input.status, input.health, page.id)
  const byId = new Map(components.map((component) => [component.id, component]))
  // Sorted as stored text (src/lib/stored-time.ts); only what a document lists is built: a long history costs a sort.
  const incidentRows = [...input.rows.incidents].sort(newestFirstBy('started_at'))
  const incident = (row: IncidentWithUpdates) => statuspageIncident(row, input, page.id, byId)
  const incidents = incidentRows.slice(0, RECENT).map(incident)
  // The newest OPEN_SHOWN unresolved ones, as every surface shows them; the route's Link header names the rest.
  const unresolved: StatuspageIncident[] = []
  for (const row of incidentRows) {
    if (unresolved.length === OPEN_SHOWN) break
    if (row.resolved_at === null) unresolved.push(incident(row))
  }
  const windowRows = [...input.rows.maintenances].sort(newestFirstBy('starts_at'))
  const maintenance = (row: MaintenanceWithComponents) => statuspageMaintenance(row, input, page.id, byId)
  const maintenances = windowRows.slice(0, RECENT).map(maintenance)
  const upcoming = windowRows.filter((row) => maintenanceState(row, input.now) === 'scheduled').reverse().map(maintenance)
  const active = windowRows.filter((row) => maintenanceState(row, input.now) === 'active').map(maintenance)
  const status = statuspageStatus(input.status)
  return {
    'summary.json': { page, components, incidents: unresolved, scheduled_maintenances: [...active, ...upcoming], status },
    'status.json': { page, status },
    'components.json': { page, components },
    'incidents.json': { page, incidents },
    'incidents/unresolved.json': { page, incidents: unresolved },
    'scheduled-maintenances.json': { page, scheduled_maintenances: maintenances },
    'scheduled-maintenances/upcoming.json': { page, scheduled_maintenances: upcoming },
    'scheduled-maintenances/active.json': { page, scheduled_maintenances: active }
  }
}

function statuspagePage (input: StatuspageInput): StatuspagePage {
  return {
    // Statuspage page ids are 12 lowercase letters and digits; ours is derived from the base URL, so it is stable.
    id: createHash('sha256').update(input.baseUrl).digest('hex').slice(0, 12),
    name: input.productName === undefined ? GENERIC_PAGE_NAME : `${input.productName} status`,
    url: statusUrl(input, 'en'),
    time_zone: 'Etc/UTC',
    updated_at: input.health.checkedAt
  }
}

/**
 * The model's components in page order, each group as a Statuspage group component (`group: true`, its members' ids in
 * `components`) placed where its first member is, followed by its members (`group_id`). Positions count 1, 2, 3… in that
 * order. A component whose status is `unknown` is left out, as is a group none of whose members is shown: Statuspage has
 * no word for it and "operational" would be a guess.
 */
function statuspageComponents (status: ComponentsBody, health: Pick<HealthBody, 'startedAt' | 'checkedAt'>, pageId: string): StatuspageComponent[] {
  const result: StatuspageComponent[] = []
  const shown = status.components.filter((component) => component.status !== 'unknown')
  const entry = (fields: Pick<StatuspageComponent, 'id' | 'name' | 'status' | 'description' | 'group_id' | 'group'> & { components?: string[] }): StatuspageComponent => ({
    id: fields.id,
    name: fields.name,
    status: fields.status,
    created_at: health.startedAt,
    updated_at: health.checkedAt,
    position: result.length + 1,
    description: fields.description,
    showcase: true,
    start_date: null,
    group_id: fields.group_id,
    page_id: pageId,
    group: fields.group,
    only_show_if_degraded: false,
    ...(fields.components === undefined ? {} : { components: fields.components })
  })
  const member = (component: ComponentsBody['components'][number]) => entry({
    id: component.id,
    name: component.name.en,
    status: component.status as StatuspageComponent['status'],
    description: component.description?.en ?? null,
    group_id: component.group === null ? null : statuspageGroupId(component.group),
    group: false
  })
  // The page's layout (one rule for every surface), over the components the copy shows.
  for (const item of componentLayout({ ...status, components: shown })) {
    if (item.group === undefined) {
      result.push(member({ ...item.component, group: null }))
      continue
    }
    result.push(entry({
      id: statuspageGroupId(item.group.id),
      name: item.group.name.en,
      // A group with a shown member is never `unknown` in the model: its status is the worst of its members'.
      status: item.group.status as StatuspageComponent['status'],
      description: null,
      group_id: null,
      group: true,
      components: item.members.map((candidate) => candidate.id)
    }))
    for (const candidate of item.members) result.push(member(candidate))
  }
  return result
}

/** The model's indicator and Statuspage's words for it. */
function statuspageStatus (status: Pick<ComponentsBody, 'indicator' | 'description'>): StatuspageStatusField {
  return { indicator: status.indicator, description: status.description }
}

/**
 * The components an incident or a window names, as Statuspage components from this copy (an id the copy does not show,
 * one the file no longer declares or one whose status is unknown, is left out). Updates keep `affected_components: null`:
 * the service records which components an incident names, not each update's before and after.
 */
function namedComponents (ids: readonly string[], byId: ReadonlyMap<string, StatuspageComponent>): StatuspageComponent[] {
  return ids.flatMap((id) => {
    const component = byId.get(id)
    return component === undefined ? [] : [component]
  })
}

function statuspageIncident (row: IncidentWithUpdates, links: SiteLinks, pageId: string, byId: ReadonlyMap<string, StatuspageComponent>): StatuspageIncident {
  const id = String(row.id)
  const monitoring = row.updates.filter((update) => update.status === 'monitoring').at(-1)
  return {
    id,
    name: row.title,
    status: row.status as IncidentStatus,
    impact: row.impact as IncidentImpact,
    created_at: row.started_at,
    updated_at: row.updates[0]?.created_at ?? row.started_at,
    monitoring_at: monitoring?.created_at ?? null,
    resolved_at: row.resolved_at,
    shortlink: incidentUrl(links, 'en', row.id),
    started_at: row.started_at,
    page_id: pageId,
    components: namedComponents(row.components.map((component) => component.id), byId),
    incident_updates: row.updates.map((update) => ({
      id: String(update.id),
      status: update.status as IncidentStatus,
      body: update.message,
      incident_id: id,
      created_at: update.created_at,
      updated_at: update.created_at,
      display_at: update.created_at,
      affected_components: null
    })),
    // Statuspage's names for an incident's post-mortem: its text (Markdown here) and when it was last written.
    postmortem_body: row.postmortem?.markdown ?? null,
    postmortem_body_last_updated_at: row.postmortem?.updated_at ?? null
  }
}

/** One window, with its lifecycle as updates (the steps the feeds list), newest first. */
function statuspageMaintenance (row: MaintenanceWithComponents, input: StatuspageInput, pageId: string, byId: ReadonlyMap<string, StatuspageComponent>): StatuspageScheduledMaintenance {
  const id = `maintenance-${row.id}`
  const steps = maintenanceSteps(row, input.now).reverse()
  const state = maintenanceState(row, input.now)
  const ended = state === 'ended' || state === 'cancelled'
  return {
    id,
    name: row.title,
    status: state === 'scheduled' ? 'scheduled' : state === 'active' ? 'in_progress' : 'completed',
    impact: 'maintenance',
    created_at: row.created_at,
    updated_at: steps[0]?.at ?? row.created_at,
    monitoring_at: null,
    resolved_at: ended ? windowEnd(row) : null,
    shortlink: maintenanceUrl(input, 'en', row.id),
    started_at: row.starts_at,
    page_id: pageId,
    components: namedComponents(row.components, byId),
    scheduled_for: row.starts_at,
    scheduled_until: row.ends_at,
    incident_updates: steps.map(({ step, at }) => ({
      id: `${id}-${step}`,
      status: STEP_STATUS[step],
      body: step === 'scheduled' ? row.message : STEP_BODY[step],
      incident_id: id,
      created_at: at,
      updated_at: at,
      display_at: at,
      affected_components: null
    }))
  }
}

/** When a window ended: ended early, else as planned. */
function windowEnd (row: MaintenanceRow): string {
  return row.ended_at !== null && Date.parse(row.ended_at) < Date.parse(row.ends_at) ? row.ended_at : row.ends_at
}
