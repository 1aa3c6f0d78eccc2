// The one public status (docs/en/architecture.md#status-model): from what was declared, what was measured, the unresolved incidents and the
// active maintenance windows, every component's status, each group's, and the page indicator. Pure: every surface
// (page, Markdown, Statuspage copy, badges, feeds, MCP, metrics, notifications) renders this value and computes nothing.
import type { ComponentsBody, PublicComponent, PublicGroup } from '../api/components.ts'
import { severity } from '../api/status-severity.ts'
import type { DeclaredComponent, StatusDeclaration } from '../declaration/declaration.ts'
import type { Measurement, PublicComponentStatus } from '../monitor/measure.ts'

/** Statuspage's page indicator, and `maintenance` while a window affects components and nothing is worse. */
export type Indicator = 'none' | 'minor' | 'major' | 'critical' | 'maintenance'
export type IncidentImpact = 'none' | 'minor' | 'major' | 'critical'
/** Statuspage's five values, and `unknown` for a component nothing is known of (not configured, not yet measured). */
export type ShownStatus = PublicComponentStatus | 'unknown'
/** The statuses an incident can give a component. */
export type OutageStatus = Exclude<PublicComponentStatus, 'under_maintenance'>

/** An unresolved incident, with the status it gives each component it names (already resolved from its impact). */
export interface AffectingIncident {
  id: number
  impact: IncidentImpact
  components: ReadonlyArray<{ id: string, status: OutageStatus }>
}

/** An active maintenance window and the components it names. */
export interface ActiveWindow {
  id: number
  components: readonly string[]
}

export interface ModelInput {
  declaration: StatusDeclaration
  /** Each declared component's latest measurement; undefined (or a missing id) before the first round: `unknown`. */
  measurements: ReadonlyMap<string, Measurement> | undefined
  incidents: readonly AffectingIncident[]
  windows: readonly ActiveWindow[]
}

/** The model's value: the body of GET /api/v1/health/components without its time (src/api/components.ts). */
export type PublicStatus = Omit<ComponentsBody, 'updatedAt'>
export type ComponentView = PublicComponent
export type GroupView = PublicGroup

const INDICATOR_RANK: Record<Indicator, number> = { none: 0, maintenance: 1, minor: 2, major: 3, critical: 4 }
const INDICATOR_OF: Record<ShownStatus, Indicator> = {
  unknown: 'none', operational: 'none', under_maintenance: 'maintenance', degraded_performance: 'minor', partial_outage: 'major', major_outage: 'critical'
}

/** Statuspage's words for each indicator (its `status.description`), when every component has reported. */
export const INDICATOR_DESCRIPTIONS: Record<Indicator, string> = {
  none: 'All Systems Operational',
  minor: 'Minor Service Outage',
  major: 'Partial System Outage',
  critical: 'Major System Outage',
  maintenance: 'Service Under Maintenance'
}

/** The worse of two statuses in the one severity order (src/api/status-severity.ts: `under_maintenance` between operational and any outage). */
export function worstStatus<T extends ShownStatus> (a: T, b: T): T {
  return severity(b) > severity(a) ? b : a
}

function worstIndicator (a: Indicator, b: Indicator): Indicator {
  return INDICATOR_RANK[b] > INDICATOR_RANK[a] ? b : a
}

/**
 * The indicator in Statuspage's words; but `none` with components that have not reported yet says so instead of "All
 * Systems Operational" (docs/en/status-definitions.md#indicator): what is not known is not claimed to work.
 */
export function describeIndicator (indicator: Indicator, unknownComponents: number, components: number): string {
  if (indicator !== 'none' || unknownComponents === 0) return INDICATOR_DESCRIPTIONS[indicator]
  if (unknownComponents >= components) return 'No Component Has Reported Yet'
  return `All Reporting Systems Operational; ${unknownComponents} ${unknownComponents === 1 ? 'Component Has' : 'Components Have'} Not Reported Yet`
}

export function computeStatus (input: ModelInput): PublicStatus {
  const components = input.declaration.components.map((component) => componentView(component, input))
  const groups: GroupView[] = []
  for (const group of input.declaration.groups) {
    const members = components.filter((component) => component.group === group.id)
    if (members.length === 0) continue
    groups.push({
      id: group.id,
      name: group.name,
      collapsed: group.collapsed,
      status: members.map((member) => member.status).reduce(worstStatus, 'unknown' as ShownStatus),
      components: members.map((member) => member.id)
    })
  }
  let indicator: Indicator = 'none'
  for (const component of components) indicator = worstIndicator(indicator, INDICATOR_OF[component.status])
  for (const incident of input.incidents) indicator = worstIndicator(indicator, incident.impact)
  const unknownComponents = components.filter((component) => component.status === 'unknown').length
  return { indicator, description: describeIndicator(indicator, unknownComponents, components.length), unknownComponents, components, groups }
}

/**
 * While an active window names it, a component is `under_maintenance` — unless an incident names it too, whose status
 * then shows (the work went wrong); measurements during the window do not. Otherwise it is the worst of its measured
 * status and the incidents naming it, and `unknown` when neither says anything.
 */
function componentView (component: DeclaredComponent, input: ModelInput): ComponentView {
  const measurement = input.measurements?.get(component.id)
  const incidents: number[] = []
  let fromIncidents: ShownStatus = 'unknown'
  for (const incident of input.incidents) {
    const named = incident.components.find((affected) => affected.id === component.id)
    if (named === undefined) continue
    incidents.push(incident.id)
    fromIncidents = worstStatus(fromIncidents, named.status)
  }
  const maintenances = input.windows.filter((window) => window.components.includes(component.id)).map((window) => window.id)
  const measured: ShownStatus = measurement?.public ?? 'unknown'
  const status = maintenances.length > 0
    ? worstStatus<ShownStatus>('under_maintenance', fromIncidents)
    : worstStatus(measured, fromIncidents)
  return {
    id: component.id,
    name: component.name,
    description: component.description ?? null,
    group: component.group ?? null,
    status,
    message: measurement?.message ?? null,
    latencyMs: measurement?.latencyMs ?? null,
    incidents,
    maintenance: maintenances
  }
}
