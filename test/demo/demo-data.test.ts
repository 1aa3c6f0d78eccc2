// The demo's data tells one story: every day its history shows down has an incident, and each incident shows.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { writeDemoData } from '../../src/demo/demo-data.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp } from '../helper.ts'

describe('demo data', () => {
  it('has an incident on every day its history shows down, and the major incident\'s day is down', async (t) => {
    const clock = new ManualClock('2026-11-21T12:00:30.000Z')
    const { context } = await buildTestApp(t, {}, { clock })
    await writeDemoData(context.database, clock.now(), context.config.status)
    await context.incidents.refresh()
    const history = (await context.monitor.history.get()).value
    const incidents = context.incidents.body().incidents
    const touches = (date: string) => {
      const from = Date.parse(`${date}T00:00:00Z`)
      return incidents.filter((i) => Date.parse(i.startedAt) < from + 86_400_000 && (i.resolvedAt === null || Date.parse(i.resolvedAt) >= from))
    }
    const downDays = history.uptime.daily.filter((day) => day.status === 'down')
    assert.ok(downDays.length >= 1)
    for (const day of downDays) assert.ok(touches(day.date).length > 0, `${day.date} is down without an incident`)
    const major = incidents.find((i) => i.impact === 'major')!
    const majorDay = history.uptime.daily.find((day) => day.date === major.startedAt.slice(0, 10))!
    assert.equal(majorDay.status, 'down')
    assert.ok(majorDay.downChecks >= 40 && majorDay.downChecks <= 46, String(majorDay.downChecks))
    assert.ok(history.uptime.daily.some((day) => day.status === 'no_data'), 'the silent day still shows')
  })
})
