// Every published update as one event, newest first: incident updates and the lifecycle of maintenance windows
// (scheduled, started, ended or cancelled). What the feeds list; pure: rows and a time in, events out.
import type { IncidentsData } from '../incidents/view.ts'
import type { IncidentImpact, IncidentStatus } from '../incidents/rules.ts'

export type MaintenanceStep = 'scheduled' | 'started' | 'ended' | 'cancelled'

export type FeedEvent = {
  /** The stable part of the entry id after `tag:{host},2026:`. */
  key: string
  /** When it was published (ms). */
  at: number
  title: string
  message: string
  components: string[]
} & ({
  kind: 'incident'
  incidentId: number
  status: IncidentStatus
  impact: IncidentImpact
} | {
  kind: 'maintenance'
  maintenanceId: number
  step: MaintenanceStep
  startsAt: string
  endsAt: string
})

/** More than this many events are never listed (the newest win), however busy 90 days were. */
export const MAX_FEED_EVENTS = 500

export function feedEvents (data: IncidentsData, now: number): FeedEvent[] {
  // Candidates first (a time and how to build the event), the event itself only for the newest 500: a long history
  // costs a sort of numbers, not thousands of objects.
  const candidates: Array<{ at: number, key: string, build: () => FeedEvent }> = []
  for (const incident of data.incidents) {
    for (const update of incident.updates) {
      const key = `incident/${incident.id}/update/${update.id}`
      const at = Date.parse(update.created_at)
      candidates.push({
        at,
        key,
        build: () => ({
          kind: 'incident',
          key,
          at,
          title: incident.title,
          message: update.message,
          components: incident.components.map((component) => component.id),
          incidentId: incident.id,
          status: update.status as IncidentStatus,
          impact: incident.impact as IncidentImpact
        })
      })
    }
  }
  for (const row of data.maintenances) {
    const startsAt = Date.parse(row.starts_at)
    const endedAt = row.ended_at === null ? undefined : Date.parse(row.ended_at)
    const cancelled = endedAt !== undefined && endedAt <= startsAt
    const end = Math.min(endedAt ?? Infinity, Date.parse(row.ends_at))
    const steps: Array<[MaintenanceStep, number]> = [['scheduled', Date.parse(row.created_at)]]
    if (cancelled) steps.push(['cancelled', endedAt])
    else steps.push(['started', startsAt], ['ended', end])
    for (const [step, at] of steps) {
      if (at > now) continue
      // A cancelled window's last step has the id an ended one would: there is one end per window.
      const key = `maintenance/${row.id}/${step === 'cancelled' ? 'ended' : step}`
      candidates.push({
        at,
        key,
        build: () => ({
          kind: 'maintenance',
          key,
          at,
          title: row.title,
          message: row.message,
          components: row.components,
          maintenanceId: row.id,
          step,
          startsAt: row.starts_at,
          endsAt: row.ends_at
        })
      })
    }
  }
  return candidates.sort((a, b) => b.at - a.at || (a.key < b.key ? 1 : -1)).slice(0, MAX_FEED_EVENTS).map((candidate) => candidate.build())
}
