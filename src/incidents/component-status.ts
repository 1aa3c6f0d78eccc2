// The status an incident gives a component it names (docs/en/architecture.md#status-model): what the status model and every view use.
import type { AffectedComponentStatus, ComponentOutage, IncidentImpact } from './rules.ts'

const FROM_IMPACT: Record<IncidentImpact, AffectedComponentStatus> = {
  none: 'operational',
  minor: 'degraded_performance',
  major: 'partial_outage',
  critical: 'major_outage'
}

/**
 * The status the operator gave the component (`--component music=partial_outage`), else the one that follows from the
 * incident's impact: minor → degraded_performance, major → partial_outage, critical → major_outage. An incident of
 * impact none lists its components as affected without changing their status: operational. Pure; it says nothing
 * about whether the incident is still unresolved (the caller decides whether it counts).
 */
export function componentStatusOf (impact: IncidentImpact, explicit: ComponentOutage | null | undefined): AffectedComponentStatus {
  return explicit ?? FROM_IMPACT[impact]
}

/** An incident's stored components with the status it gives each, in the order given. */
export function affectedComponents (
  impact: IncidentImpact, components: ReadonlyArray<{ id: string, status: string | null }>
): Array<{ id: string, status: AffectedComponentStatus }> {
  // Stored statuses were checked against the vocabulary when they were written (checkIncidentComponents).
  return components.map((component) => ({ id: component.id, status: componentStatusOf(impact, component.status as ComponentOutage | null) }))
}
