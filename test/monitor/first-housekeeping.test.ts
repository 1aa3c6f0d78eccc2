// The first rollups wait FIRST_HOUSEKEEPING_AFTER_MS after start, so that they do not hold start-up back; meanwhile the
// histories read the days not yet rolled up from their raw rows (counts and latencies), so they say the same before
// and after.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ManualClock } from '../../src/lib/clock.ts'
import { MINUTES_PER_DAY, dayOfMinute, minuteOf } from '../../src/lib/minutes.ts'
import { FIRST_HOUSEKEEPING_AFTER_MS } from '../../src/monitor/monitor.ts'
import { OVERALL, upsertComponentChecks, type ComponentCheckRow } from '../../src/store/repositories/component-checks.ts'
import { listUptimeDaily } from '../../src/store/repositories/uptime-daily.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

for (const backend of databaseBackends()) {
  describe(`the first rollups after start (${backend.name})`, { skip: backend.skip }, () => {
    it('wait until FIRST_HOUSEKEEPING_AFTER_MS has passed; the history shows the same day before and after', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:05.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      // Two days ago, complete and not rolled up: 1,440 minutes, 60 of them down.
      const day = dayOfMinute(minuteOf(clock.now())) - 2
      const rows: ComponentCheckRow[] = []
      for (let minute = day * MINUTES_PER_DAY; minute < (day + 1) * MINUTES_PER_DAY; minute++) {
        const status = minute - day * MINUTES_PER_DAY < 60 ? 'down' : 'ok'
        rows.push({ minute, component: OVERALL, status, latencyMs: null }, { minute, component: 'database', status, latencyMs: minute % 2 === 0 ? 3 : 9 })
      }
      await upsertComponentChecks(context.database, rows)
      const date = new Date(day * MINUTES_PER_DAY * 60_000).toISOString().slice(0, 10)
      const dayOf = async () => {
        const history = await app.inject('/api/v1/health/history')
        const component = await app.inject('/api/v1/health/components/database')
        assert.deepEqual([history.statusCode, component.statusCode], [200, 200])
        const overall = (history.json().uptime.daily as Array<{ date: string, downChecks: number }>).find((entry) => entry.date === date)
        const database = (component.json().history.uptime.daily as Array<{ date: string, latencyP50Ms: number | null, latencyP95Ms: number | null }>).find((entry) => entry.date === date)
        return { overall, database }
      }

      await context.monitor.runOnce()
      assert.deepEqual(await listUptimeDaily(context.database, day, day + 1), [], 'nothing rolled up in the first round')
      const before = await dayOf()
      assert.equal(before.overall?.downChecks, 60, 'the day is in the history, read from its raw rows')
      assert.deepEqual([before.database?.latencyP50Ms, before.database?.latencyP95Ms], [3, 9], 'and so are its latencies')

      clock.advance(FIRST_HOUSEKEEPING_AFTER_MS - 1000)
      await context.monitor.runOnce()
      assert.deepEqual(await listUptimeDaily(context.database, day, day + 1), [], 'not before the delay')

      clock.advance(1000)
      await context.monitor.runOnce()
      const rolledUp = await listUptimeDaily(context.database, day, day + 1)
      assert.deepEqual(rolledUp.map((r) => [r.component, r.checks, r.down]).sort(), [['database', 1440, 60], [OVERALL, 1440, 60]])
      assert.deepEqual(await dayOf(), before, 'the history says the same once the day is rolled up')
    })
  })
}
