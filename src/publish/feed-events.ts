// Every published update as one event, newest first: incident updates and the lifecycle of maintenance windows
// (scheduled, started, ended or cancelled). What the feeds list; pure: rows and a time in, events out.
import type { IncidentsData } from '../incidents/view.ts'
import type { IncidentImpact, IncidentStatus } from '../incidents/rules.ts'
import type { MaintenanceRow } from '../store/repositories/maintenances.ts'
import { storedTime } from '../lib/stored-time.ts'
import type { PageLanguage } from '../lib/locale.ts'

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

/**
 * The rows that name at least one of `components` (a feed's `?component=`): incidents by the components they affect,
 * windows by theirs. A row that names none is about no component in particular and is left out of a filtered feed.
 */
export function rowsNaming (data: IncidentsData, components: ReadonlySet<string>): IncidentsData {
  return {
    incidents: data.incidents.filter((incident) => incident.components.some((component) => components.has(component.id))),
    maintenances: data.maintenances.filter((row) => row.components.some((id) => components.has(id)))
  }
}

/** More than this many events are never listed (the newest win), however busy 90 days were. */
export const MAX_FEED_EVENTS = 100

/** In `lang`, an incident opened from a template has its title and first message in that language where the template gave them. */
export function feedEvents (data: IncidentsData, now: number, lang: PageLanguage = 'en'): FeedEvent[] {
  // Times compared as stored text (src/lib/stored-time.ts); only the listed events are parsed and built. Only an
  // incident or window whose newest event is at least as new as the MAX_FEED_EVENTS-th newest such event can have a
  // listed one (those newest events alone are that many), so a long history costs one sort of strings.
  const threshold = newestEventThreshold(data, now)
  const candidates: Array<{ at: string, key: string, build: (at: number) => FeedEvent }> = []
  for (const incident of data.incidents) {
    if (newestUpdate(incident) < threshold) continue
    const text = lang === 'en' ? undefined : incident.texts?.[lang]
    const first = incident.updates.at(-1)
    for (const update of incident.updates) {
      if (update.created_at < threshold) break // newest first
      const key = `incident/${incident.id}/update/${update.id}`
      candidates.push({
        at: update.created_at,
        key,
        build: (at) => ({
          kind: 'incident',
          key,
          at,
          title: text?.title ?? incident.title,
          message: update === first ? text?.message ?? update.message : update.message,
          components: incident.components.map((component) => component.id),
          incidentId: incident.id,
          status: update.status as IncidentStatus,
          impact: incident.impact as IncidentImpact
        })
      })
    }
  }
  for (const row of data.maintenances) {
    if (newestStep(row, now) < threshold) continue
    for (const { step, at } of maintenanceSteps(row, now)) {
      // A cancelled window's last step has the id an ended one would: there is one end per window.
      const key = `maintenance/${row.id}/${step === 'cancelled' ? 'ended' : step}`
      candidates.push({
        at,
        key,
        build: (parsed) => ({
          kind: 'maintenance',
          key,
          at: parsed,
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
  return candidates.sort((a, b) => a.at === b.at ? (a.key < b.key ? 1 : -1) : (a.at < b.at ? 1 : -1))
    .slice(0, MAX_FEED_EVENTS)
    .map((candidate) => candidate.build(Date.parse(candidate.at)))
}

/**
 * The steps of one window's lifecycle published by `now`, oldest first, each at its stored time: scheduled, then
 * started and ended (as planned, or early), or cancelled when it ended before it began.
 */
export function maintenanceSteps (row: MaintenanceRow, now: number): Array<{ step: MaintenanceStep, at: string }> {
  const nowText = storedTime(now)
  const cancelled = row.ended_at !== null && row.ended_at <= row.starts_at
  const end = row.ended_at !== null && row.ended_at < row.ends_at ? row.ended_at : row.ends_at
  const steps: Array<{ step: MaintenanceStep, at: string }> = [{ step: 'scheduled', at: row.created_at }]
  if (cancelled) steps.push({ step: 'cancelled', at: row.ended_at! })
  else steps.push({ step: 'started', at: row.starts_at }, { step: 'ended', at: end })
  return steps.filter((step) => step.at <= nowText)
}

const newestUpdate = (incident: IncidentsData['incidents'][number]) => incident.updates[0]?.created_at ?? ''

/** The time of a window's newest step published by `now` ('' when none is). */
function newestStep (row: MaintenanceRow, now: number): string {
  let newest = ''
  for (const { at } of maintenanceSteps(row, now)) if (at > newest) newest = at
  return newest
}

/** The newest event time of the MAX_FEED_EVENTS-th most recently active incident or window ('' when there are fewer). */
function newestEventThreshold (data: IncidentsData, now: number): string {
  if (data.incidents.length + data.maintenances.length <= MAX_FEED_EVENTS) return ''
  const newest = data.incidents.map(newestUpdate).concat(data.maintenances.map((row) => newestStep(row, now))).sort()
  return newest[newest.length - MAX_FEED_EVENTS]!
}
