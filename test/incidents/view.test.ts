// The served incidents body is built once and reused until the rows change or the clock crosses a boundary —
// to the millisecond, so reuse never shows a window late.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { nextChange, type IncidentsData } from '../../src/incidents/view.ts'
import { scheduleMaintenance } from '../../src/incidents/operations.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp } from '../helper.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

describe('incidents view boundaries', () => {
  it('names the next instant the view can change: a start, an end, the 14-day horizon, the 90-day cut', () => {
    const data: IncidentsData = {
      maintenances: [{ id: 1, title: 't', message: 'm', starts_at: iso(T + 20 * DAY), ends_at: iso(T + 21 * DAY), ended_at: null, created_at: iso(T), by: null, ended_by: null, components: [] }],
      incidents: [{ id: 1, title: 't', impact: 'minor', status: 'resolved', started_at: iso(T - 95 * DAY), resolved_at: iso(T - 89 * DAY), updated_at: iso(T), updates: [], components: [] }]
    }
    assert.equal(nextChange(data, T), T + DAY + 1, 'the resolved incident leaves the 90 days first')
    assert.equal(nextChange(data, T + DAY + 1), T + 6 * DAY, 'then the window enters the 14-day horizon')
    assert.equal(nextChange(data, T + 6 * DAY), T + 20 * DAY, 'then it starts')
    assert.equal(nextChange(data, T + 20 * DAY), T + 21 * DAY, 'then it ends')
    assert.equal(nextChange(data, T + 21 * DAY), Infinity)
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
