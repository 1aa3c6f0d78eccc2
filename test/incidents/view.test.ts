// The served incidents body is built once and reused until the rows change or the clock crosses a boundary —
// to the millisecond, so reuse never shows a window late.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { incidentList, maintenanceState, nextChange, type IncidentsData } from '../../src/incidents/view.ts'
import { scheduleMaintenance } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp } from '../helper.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

describe('incidents view boundaries', () => {
  it('names the next instant the view can change: a start, an end, the 14-day horizon, the 90-day cut', () => {
    const data: IncidentsData = {
      maintenances: [{ id: 1, title: 't', message: 'm', starts_at: iso(T + 20 * DAY), ends_at: iso(T + 21 * DAY), ended_at: null, created_at: iso(T), by: null, ended_by: null, series_id: null, remind_minutes: null, components: [] }],
      incidents: [{ id: 1, title: 't', impact: 'minor', status: 'resolved', started_at: iso(T - 95 * DAY), resolved_at: iso(T - 89 * DAY), updated_at: iso(T), updates: [], components: [] }]
    }
    assert.equal(nextChange(data, T), T + DAY + 1, 'the resolved incident leaves the 90 days first')
    assert.equal(nextChange(data, T + DAY + 1), T + 6 * DAY, 'then the window enters the 14-day horizon')
    assert.equal(nextChange(data, T + 6 * DAY), T + 20 * DAY, 'then it starts')
    assert.equal(nextChange(data, T + 20 * DAY), T + 21 * DAY, 'then it ends')
    assert.equal(nextChange(data, T + 21 * DAY), Infinity)
  })

  it('compares stored times as text exactly as parsed times compare, over many rows and instants', () => {
    // The rebuild parses no row's time (src/incidents/view.ts): the answers must be those of parsing each one.
    let seed = 11
    const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return Math.floor(seed / 2 ** 31 * n) }
    const around = () => T + (random(240) - 120) * DAY / 2 + random(1000)
    const data: IncidentsData = {
      maintenances: Array.from({ length: 60 }, (_, i) => {
        const startsAt = around()
        const endedAt = random(3) === 0 ? startsAt + (random(5) - 2) * DAY / 4 : null
        return { id: i + 1, title: 't', message: 'm', starts_at: iso(startsAt), ends_at: iso(startsAt + DAY / 2), ended_at: endedAt === null ? null : iso(endedAt), created_at: iso(startsAt - DAY), by: null, ended_by: null, series_id: null, remind_minutes: null, components: [] }
      }),
      incidents: Array.from({ length: 200 }, (_, i) => {
        const startedAt = around() - 100 * DAY
        const resolvedAt = random(4) === 0 ? null : startedAt + random(200) * DAY / 2
        return { id: i + 1, title: 't', impact: 'minor', status: resolvedAt === null ? 'investigating' : 'resolved', started_at: iso(startedAt), resolved_at: resolvedAt === null ? null : iso(resolvedAt), updated_at: iso(startedAt), updates: [], components: [] }
      })
    }
    const referenceNext = (now: number) => Math.min(Infinity, ...[
      ...data.maintenances.flatMap((row) => [row.starts_at, row.ends_at, row.ended_at].filter((t) => t !== null).map(Date.parse).concat(Date.parse(row.starts_at) - 14 * DAY)),
      ...data.incidents.filter((row) => row.resolved_at !== null).map((row) => Date.parse(row.resolved_at!) + 90 * DAY + 1)
    ].filter((t) => t > now))
    const referenceState = (row: IncidentsData['maintenances'][number], now: number) => {
      const startsAt = Date.parse(row.starts_at)
      if (row.ended_at !== null && Date.parse(row.ended_at) <= now) return Date.parse(row.ended_at) <= startsAt ? 'cancelled' : 'ended'
      return now < startsAt ? 'scheduled' : now < Date.parse(row.ends_at) ? 'active' : 'ended'
    }
    const referenceList = (now: number) => {
      const byStart = (a: { started_at: string, id: number }, b: { started_at: string, id: number }) => Date.parse(b.started_at) - Date.parse(a.started_at) || b.id - a.id
      const open = data.incidents.filter((row) => row.resolved_at === null).sort(byStart)
      const resolved = data.incidents.filter((row) => row.resolved_at !== null && Date.parse(row.resolved_at) >= now - 90 * DAY).sort(byStart)
      return [...open, ...resolved].map((row) => row.id)
    }
    let now = T - 60 * DAY
    for (let step = 0; step < 300 && now !== Infinity; step++) {
      assert.equal(nextChange(data, now), referenceNext(now), `next change after ${iso(now)}`)
      for (const row of data.maintenances) assert.equal(maintenanceState(row, now), referenceState(row, now), `window ${row.id} at ${iso(now)}`)
      assert.deepEqual(incidentList(data, now).rows.map((row) => row.id), referenceList(now), `the list at ${iso(now)}`)
      // Each boundary, and a millisecond before it.
      const next = referenceNext(now)
      now = step % 2 === 0 && next - 1 > now ? next - 1 : next
    }
  })

  it('reuses the serialised body between boundaries and rebuilds it at the exact millisecond one is crossed', async (t) => {
    const clock = new ManualClock(T)
    const { context } = await buildTestApp(t, {}, { clock })
    await scheduleMaintenance(context.database.db, { title: 'Upgrade', message: 'Brief pause.', startsAt: T + 500, endsAt: T + 60_000 }, T)
    await context.incidents.refresh()
    const before = context.incidents.serialized()
    assert.equal(before.value.maintenance, null)
    clock.advance(499)
    assert.equal(context.incidents.serialized(), before, 'nothing changed: the same bytes')
    clock.advance(1)
    assert.equal(context.incidents.serialized().value.maintenance?.title, 'Upgrade')
    assert.equal(context.incidents.isMaintenanceActive(), true)
  })
})
