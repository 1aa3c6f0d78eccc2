// The system clock stepping back an hour (NTP, an operator): freshness, ages and uptime are durations on the
// monotonic clock, so nothing waits an hour or reads 0; no minute is written for a time before the process started.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ManualClock } from '../../src/lib/clock.ts'
import { listComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { minuteOf } from '../../src/lib/minutes.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

const HOUR = 3_600_000

for (const backend of databaseBackends()) {
  describe(`the wall clock stepping back an hour (${backend.name})`, { skip: backend.skip }, () => {
    it('/health/discord stays fresh for at most 60 s and asks the upstream again after 60 s; uptime keeps counting; no minute before the start', async (t) => {
      const upstream = await StatuspageServer.start()
      t.after(() => upstream.close())
      const clock = new ManualClock('2026-11-21T12:00:05.000Z')
      const { app, context } = await buildTestApp(t, { ...await backend.env(), DISCORD_STATUS_URL: upstream.url }, { clock })
      const started = clock.now()
      await context.monitor.runOnce()

      const first = await app.inject('/api/v1/health/discord')
      assert.equal(first.statusCode, 200)
      assert.equal(upstream.requests, 1)

      clock.step(-HOUR)
      const afterStep = await app.inject('/api/v1/health/discord')
      const maxAge = Number(/max-age=(\d+)/.exec(String(afterStep.headers['cache-control']))?.[1])
      assert.ok(maxAge <= 60, `max-age=${maxAge} after the clock stepped back`)

      clock.advance(61_000)
      const later = await app.inject('/api/v1/health/discord')
      assert.equal(upstream.requests, 2, 'the upstream is asked again a minute later, not an hour later')
      assert.equal(later.json().stale, false)

      const body = await context.monitor.runOnce()
      assert.equal(body.uptimeSeconds, 61, 'uptime is the time since start, whatever the wall clock says')
      const rows = await listComponentChecks(context.database, minuteOf(started) - 120, minuteOf(started) + 120)
      assert.deepEqual([...new Set(rows.map((row) => row.minute))], [minuteOf(started)], 'no minute written for a time before the process started')
    })
  })
}
