// Our state as Atlassian Statuspage v2 documents (`/status/api/v2/…`): components from the health snapshot, incidents
// and maintenance windows from the incidents rows. Pure: the views, a base URL and a time in, the eight documents out.
import { createHash } from 'node:crypto'
import type { HealthBody } from '../api/health.ts'
import type {
  StatuspageComponent, StatuspageIncident, StatuspagePage, StatuspageScheduledMaintenance, StatuspageStatusField
} from '../api/statuspage.ts'
import type { IncidentImpact, IncidentStatus } from '../incidents/rules.ts'
import { maintenanceState, type IncidentsData } from '../incidents/view.ts'
import type { IncidentWithUpdates } from '../store/repositories/incidents.ts'
import type { MaintenanceRow } from '../store/repositories/maintenances.ts'
import { feedEvents, type FeedEvent, type MaintenanceStep } from './feed-events.ts'
import { incidentUrl, maintenanceUrl, statusUrl, type SiteLinks } from './links.ts'

/** The paths under `{base_url}/status/api/v2/`, as Statuspage names them. */
export const STATUSPAGE_DOCUMENTS = [
  'summary.json', 'status.json', 'components.json', 'incidents.json', 'incidents/unresolved.json',
  'scheduled-maintenances.json', 'scheduled-maintenances/upcoming.json', 'scheduled-maintenances/active.json'
] as const
export type StatuspageDocument = typeof STATUSPAGE_DOCUMENTS[number]

/** Statuspage lists this many of the most recent incidents or windows. */
const RECENT = 50

const PAGE_NAME = 'System status'

/** Our components in their fixed order: the id and position never change. */
const COMPONENTS = [
  { id: 'database', name: 'Database', description: 'The database that stores the bot\'s and the dashboard\'s data.', downIs: 'major_outage' },
  { id: 'cache', name: 'Cache', description: 'The shared cache; without it every replica answers from its own memory.', downIs: 'partial_outage' },
  { id: 'bot', name: 'Bot connection', description: 'The bot\'s connection to Discord (its shards).', downIs: 'major_outage' }
] as const

const INDICATOR_ORDER = ['none', 'minor', 'major', 'critical'] as const
type Indicator = typeof INDICATOR_ORDER[number]
const DESCRIPTIONS: Record<Indicator, string> = {
  none: 'All Systems Operational',
  minor: 'Minor Service Outage',
  major: 'Partial System Outage',
  critical: 'Major System Outage'
}

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
  health: HealthBody
  rows: IncidentsData
  now: number
}

export function buildStatuspageDocuments (input: StatuspageInput): Record<StatuspageDocument, unknown> {
  const page = statuspagePage(input)
  const components = statuspageComponents(input.health, page.id)
  const incidents = [...input.rows.incidents]
    .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || b.id - a.id)
    .map((row) => statuspageIncident(row, input, page.id))
  const unresolved = incidents.filter((incident) => incident.resolved_at === null)
  const maintenances = statuspageMaintenances(input, page.id)
  const upcoming = maintenances.filter((window) => window.status === 'scheduled').reverse()
  const active = maintenances.filter((window) => window.status === 'in_progress')
  const status = statuspageStatus(input.health, unresolved)
  return {
    'summary.json': { page, components, incidents: unresolved, scheduled_maintenances: [...active, ...upcoming], status },
    'status.json': { page, status },
    'components.json': { page, components },
    'incidents.json': { page, incidents: incidents.slice(0, RECENT) },
    'incidents/unresolved.json': { page, incidents: unresolved },
    'scheduled-maintenances.json': { page, scheduled_maintenances: maintenances.slice(0, RECENT) },
    'scheduled-maintenances/upcoming.json': { page, scheduled_maintenances: upcoming },
    'scheduled-maintenances/active.json': { page, scheduled_maintenances: active }
  }
}

function statuspagePage (input: StatuspageInput): StatuspagePage {
  return {
    // Statuspage page ids are 12 lowercase letters and digits; ours is derived from the base URL, so it is stable.
    id: createHash('sha256').update(input.baseUrl).digest('hex').slice(0, 12),
    name: PAGE_NAME,
    url: statusUrl(input, 'en'),
    time_zone: 'Etc/UTC',
    updated_at: input.health.checkedAt
  }
}

/**
 * ok → operational, degraded → degraded_performance, down → major_outage (the cache: partial_outage, as the service
 * keeps answering from memory). While a maintenance window is active every component is under_maintenance. A component
 * that is not configured (`unknown`) is left out: Statuspage has no word for it and "operational" would be a guess.
 */
export function statuspageComponents (health: HealthBody, pageId: string): StatuspageComponent[] {
  const result: StatuspageComponent[] = []
  COMPONENTS.forEach((component, index) => {
    const status = health.components[component.id].status
    if (status === 'unknown') return
    result.push({
      id: component.id,
      name: component.name,
      status: health.maintenance ? 'under_maintenance' : status === 'ok' ? 'operational' : status === 'degraded' ? 'degraded_performance' : component.downIs,
      created_at: health.startedAt,
      updated_at: health.checkedAt,
      position: index + 1,
      description: component.description,
      showcase: true,
      start_date: null,
      group_id: null,
      page_id: pageId,
      group: false,
      only_show_if_degraded: false
    })
  })
  return result
}

/** The worst of the health (degraded → minor, down → critical) and the impact of any unresolved incident. */
export function statuspageStatus (health: HealthBody, unresolved: Array<Pick<StatuspageIncident, 'impact'>>): StatuspageStatusField {
  const fromHealth: Indicator = health.status === 'down' ? 'critical' : health.status === 'degraded' ? 'minor' : 'none'
  const indicator = [fromHealth, ...unresolved.map((incident) => incident.impact)]
    .reduce((worst, next) => INDICATOR_ORDER.indexOf(next) > INDICATOR_ORDER.indexOf(worst) ? next : worst, 'none' as Indicator)
  return { indicator, description: indicator === 'none' && health.maintenance ? 'Service Under Maintenance' : DESCRIPTIONS[indicator] }
}

function statuspageIncident (row: IncidentWithUpdates, links: SiteLinks, pageId: string): StatuspageIncident {
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
    components: [],
    incident_updates: row.updates.map((update) => ({
      id: String(update.id),
      status: update.status as IncidentStatus,
      body: update.message,
      incident_id: id,
      created_at: update.created_at,
      updated_at: update.created_at,
      display_at: update.created_at,
      affected_components: null
    }))
  }
}

/** Every window, latest start first, with its lifecycle as updates (the same events the feeds list). */
function statuspageMaintenances (input: StatuspageInput, pageId: string): StatuspageScheduledMaintenance[] {
  const events = feedEvents({ incidents: [], maintenances: input.rows.maintenances }, input.now)
  return [...input.rows.maintenances]
    .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at) || b.id - a.id)
    .map((row) => {
      const id = `maintenance-${row.id}`
      const steps = events.filter((event): event is Extract<FeedEvent, { kind: 'maintenance' }> => event.kind === 'maintenance' && event.maintenanceId === row.id)
      const state = maintenanceState(row, input.now)
      const ended = state === 'ended' || state === 'cancelled'
      return {
        id,
        name: row.title,
        status: state === 'scheduled' ? 'scheduled' : state === 'active' ? 'in_progress' : 'completed',
        impact: 'maintenance',
        created_at: row.created_at,
        updated_at: new Date(steps[0]?.at ?? Date.parse(row.created_at)).toISOString(),
        monitoring_at: null,
        resolved_at: ended ? windowEnd(row) : null,
        shortlink: maintenanceUrl(input, 'en', row.id),
        started_at: row.starts_at,
        page_id: pageId,
        components: [],
        scheduled_for: row.starts_at,
        scheduled_until: row.ends_at,
        incident_updates: steps.map(({ step, at: ms }) => {
          const at = new Date(ms).toISOString()
          return {
            id: `${id}-${step}`,
            status: STEP_STATUS[step],
            body: step === 'scheduled' ? row.message : STEP_BODY[step],
            incident_id: id,
            created_at: at,
            updated_at: at,
            display_at: at,
            affected_components: null
          }
        })
      }
    })
}

/** When a window ended: ended early, else as planned. */
function windowEnd (row: MaintenanceRow): string {
  return row.ended_at !== null && Date.parse(row.ended_at) < Date.parse(row.ends_at) ? row.ended_at : row.ends_at
}
