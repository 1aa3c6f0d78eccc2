// The feeds' events over a long history: the newest MAX_FEED_EVENTS updates and window steps, exactly those a plain
// parse-and-sort of every one would list, in the same order, however the updates of old incidents interleave.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { IncidentsData } from '../../src/incidents/view.ts'
import { MAX_FEED_EVENTS, feedEvents } from '../../src/publish/feed-events.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const MINUTE = 60_000
const iso = (ms: number) => new Date(ms).toISOString()

/** A history where old incidents get late updates and many updates share a time, so a naive cut-off would miss some. */
function longHistory (incidents: number, windows: number): IncidentsData {
  let updateId = 0
  let seed = 7
  const random = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31 }
  return {
    incidents: Array.from({ length: incidents }, (_, i) => {
      const startedAt = T - (incidents - i) * 30 * MINUTE
      const times = [startedAt, startedAt + 10 * MINUTE]
      if (random() < 0.05) times.push(T - Math.floor(random() * 600) * MINUTE) // an old one updated lately
      if (random() < 0.2) times.push(times.at(-1)!) // two updates at the same instant
      const updates = times.sort((a, b) => b - a).map((at, u) => ({
        id: ++updateId, incident_id: i + 1, status: u === 0 ? 'resolved' : 'investigating', message: `Update ${u}`, created_at: iso(at), by: null
      })).sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
      return {
        id: i + 1, title: `Incident ${i}`, impact: 'minor', status: 'resolved', started_at: iso(startedAt), resolved_at: updates[0]!.created_at,
        updated_at: updates[0]!.created_at, updates, components: []
      }
    }),
    maintenances: Array.from({ length: windows }, (_, i) => {
      const startsAt = T - (windows - i) * 120 * MINUTE + 3 * 60 * MINUTE
      return {
        id: i + 1, title: `Window ${i}`, message: 'Planned.', starts_at: iso(startsAt), ends_at: iso(startsAt + 60 * MINUTE),
        ended_at: i % 7 === 0 ? iso(startsAt - 30 * MINUTE) : i % 5 === 0 ? iso(startsAt + 20 * MINUTE) : null, created_at: iso(startsAt - 24 * 60 * MINUTE), by: null, ended_by: null, series_id: null, remind_minutes: null, components: []
      }
    })
  }
}

/** Every event with its time parsed, sorted newest first (then by key), as the feeds promise. */
function reference (data: IncidentsData, now: number): Array<{ key: string, at: number }> {
  const all: Array<{ key: string, at: number }> = []
  for (const incident of data.incidents) {
    for (const update of incident.updates) all.push({ key: `incident/${incident.id}/update/${update.id}`, at: Date.parse(update.created_at) })
  }
  for (const row of data.maintenances) {
    const startsAt = Date.parse(row.starts_at)
    const endedAt = row.ended_at === null ? undefined : Date.parse(row.ended_at)
    const steps: Array<[string, number]> = [['scheduled', Date.parse(row.created_at)]]
    if (endedAt !== undefined && endedAt <= startsAt) steps.push(['ended', endedAt])
    else steps.push(['started', startsAt], ['ended', Math.min(endedAt ?? Infinity, Date.parse(row.ends_at))])
    for (const [step, at] of steps) if (at <= now) all.push({ key: `maintenance/${row.id}/${step}`, at })
  }
  return all.sort((a, b) => b.at - a.at || (a.key < b.key ? 1 : -1)).slice(0, MAX_FEED_EVENTS)
}

describe('feed events over a long history', () => {
  it('lists exactly the newest updates and window steps, in order', () => {
    for (const [incidents, windows] of [[3, 2], [400, 50], [5000, 800]] as const) {
      const data = longHistory(incidents, windows)
      const events = feedEvents(data, T)
      assert.deepEqual(events.map(({ key, at }) => ({ key, at })), reference(data, T), `${incidents} incidents, ${windows} windows`)
    }
  })

  it('counts a window ended early by when it ended, not by its planned end', () => {
    // Long windows ended early days ago, planned to end just now, beside incidents updated since: the incidents lead.
    const data = longHistory(150, 150)
    data.maintenances = data.maintenances.map((row, i) => ({
      ...row, starts_at: iso(T - 10 * 1440 * MINUTE + i * MINUTE), ended_at: iso(T - 10 * 1440 * MINUTE + i * MINUTE + 5), ends_at: iso(T - MINUTE), created_at: iso(T - 11 * 1440 * MINUTE)
    }))
    assert.deepEqual(feedEvents(data, T).map(({ key, at }) => ({ key, at })), reference(data, T))
  })

  it('lists at most the newest few hundred, and lists old incidents updated lately', () => {
    const data = longHistory(5000, 800)
    const events = feedEvents(data, T)
    assert.equal(events.length, MAX_FEED_EVENTS)
    assert.ok(events.some((event) => event.kind === 'incident' && event.incidentId < 4000), 'a late update of an old incident is listed')
  })
})
