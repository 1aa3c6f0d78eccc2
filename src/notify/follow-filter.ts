// Which events a follower's component filter lets through (docs/en/architecture.md#follow): those naming one of its components (an incident's
// affected components, a window's, a status change's changed ones), and every later event of an incident or window it
// has a message of, so the message it shows is edited to the end. No filter: everything.
import type { EventPayload } from './events.ts'

/** The component ids an event names. */
export function componentsNamed (payload: EventPayload): string[] {
  if ('incident' in payload) return (payload.incident.components ?? []).map((component) => component.id)
  if ('maintenance' in payload) return payload.maintenance.components ?? []
  if ('status' in payload) return (payload.status.changed ?? []).map((change) => change.id)
  return []
}

export function followerWants (filter: string[], named: string[], hasEarlierOfSubject: boolean): boolean {
  return filter.length === 0 || hasEarlierOfSubject || named.some((id) => filter.includes(id))
}
