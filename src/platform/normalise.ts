// Turns a validated Statuspage summary into the PlatformStatusBody shape of docs/en/api.md#discord (without `stale`, which
// depends on when it is served). Throws UpstreamError('invalid_body') when a value we pass on is unusable.
import type { PlatformStatusBody } from '../api/platform-status.ts'
import type { StatuspageComponent, StatuspageIncident, StatuspageSummary } from './statuspage-summary.ts'
import { UpstreamError } from './upstream-error.ts'

export type NormalisedStatus = Omit<PlatformStatusBody, 'stale'>

const UNRESOLVED = new Set(['investigating', 'identified', 'monitoring'])
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

export function normaliseSummary (summary: StatuspageSummary, fetchedAt: Date): NormalisedStatus {
  const pageUrl = httpUrl(summary.page.url)
  if (pageUrl === null) throw new UpstreamError('invalid_body', '/page/url is not an http(s) URL')
  return {
    indicator: summary.status.indicator,
    description: summary.status.description,
    components: flattenComponents(summary.components),
    incidents: summary.incidents.filter((incident) => UNRESOLVED.has(incident.status)).map(normaliseIncident),
    pageUrl,
    updatedAt: isoTimestamp(summary.page.updated_at, '/page/updated_at'),
    fetchedAt: fetchedAt.toISOString()
  }
}

/**
 * Statuspage groups hold components (`group: true`, children point back with `group_id`). A group's own
 * status only summarises its children, so the group is left out and each child is named "Group: Child",
 * in the page's order. A group without listed children stands for itself. Components the page only shows
 * while degraded are left out while they are operational, as on the page itself.
 */
function flattenComponents (components: StatuspageComponent[]): NormalisedStatus['components'] {
  const byPosition = [...components].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
  const groups = new Map(byPosition.filter((c) => c.group === true).map((c) => [c.id, c]))
  const childrenOf = new Map<string, StatuspageComponent[]>()
  const visible = (c: StatuspageComponent) => !(c.only_show_if_degraded === true && c.status === 'operational')
  for (const component of byPosition) {
    const group = component.group_id == null ? undefined : groups.get(component.group_id)
    if (group === undefined || component.group === true) continue
    childrenOf.set(group.id, [...(childrenOf.get(group.id) ?? []), component])
  }
  const result: NormalisedStatus['components'] = []
  for (const component of byPosition) {
    if (component.group_id != null && groups.has(component.group_id) && component.group !== true) continue
    const children = childrenOf.get(component.id)
    if (component.group === true && children !== undefined) {
      for (const child of children.filter(visible)) result.push({ name: `${component.name}: ${child.name}`, status: child.status })
    } else if (visible(component)) {
      result.push({ name: component.name, status: component.status })
    }
  }
  return result
}

function normaliseIncident (incident: StatuspageIncident): NormalisedStatus['incidents'][number] {
  const startedAt = incident.started_at ?? incident.created_at
  return {
    name: incident.name,
    status: incident.status,
    impact: incident.impact,
    url: incident.shortlink == null ? null : httpUrl(incident.shortlink),
    startedAt: isoTimestamp(startedAt, '/incidents/started_at'),
    updatedAt: isoTimestamp(incident.updated_at ?? startedAt, '/incidents/updated_at')
  }
}

function isoTimestamp (value: string, where: string): string {
  const ms = ISO_8601.test(value) ? Date.parse(value) : Number.NaN
  if (Number.isNaN(ms)) throw new UpstreamError('invalid_body', `${where} is not a timestamp`)
  return new Date(ms).toISOString()
}

function httpUrl (value: string): string | null {
  if (!URL.canParse(value)) return null
  const url = new URL(value)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  // Keep the page's own spelling ("https://discordstatus.com") unless parsing had to clean it up.
  return url.href === value || url.href === `${value}/` ? value : url.href
}
