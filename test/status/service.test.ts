// The running model: incidents and windows written through the operations show on /api/v1/health/components and in
// the health body's indicator at once (by the clock, without a new probe), on SQLite and PostgreSQL.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { openIncident, resolveIncident, scheduleMaintenance } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

for (const backend of databaseBackends()) {
  describe(`the public status on ${backend.name}`, { skip: backend.skip }, () => {
    it('an incident naming the cache and a window naming the database: minor, then maintenance, then none', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:00.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      const statuses = async () => {
        const body = (await app.inject('/api/v1/health/components')).json()
        return { indicator: body.indicator, ...Object.fromEntries(body.components.map((c: { id: string, status: string }) => [c.id, c.status])) }
      }
      await context.monitor.runOnce()
      assert.deepEqual(await statuses(), { indicator: 'none', database: 'operational', cache: 'operational', bot: 'unknown' })

      const db = context.database.db
      const incident = await openIncident(db, { title: 'Slow cache', impact: 'minor', status: 'investigating', message: 'Looking.', components: [{ id: 'cache' }] }, clock.now())
      await scheduleMaintenance(db, { title: 'Upgrade', message: 'Brief pause.', startsAt: clock.now() + 60_000, endsAt: clock.now() + 120_000, components: ['database'] }, clock.now())
      await context.incidents.refresh()
      assert.deepEqual(await statuses(), { indicator: 'minor', database: 'operational', cache: 'degraded_performance', bot: 'unknown' })
      assert.equal((await app.inject('/api/v1/health')).json().indicator, 'minor')

      clock.advance(60_000) // the window starts: no probe, no refresh needed
      assert.deepEqual(await statuses(), { indicator: 'minor', database: 'under_maintenance', cache: 'degraded_performance', bot: 'unknown' })
      await resolveIncident(db, incident, undefined, clock.now())
      await context.incidents.refresh()
      assert.deepEqual(await statuses(), { indicator: 'maintenance', database: 'under_maintenance', cache: 'operational', bot: 'unknown' })
      const health = (await app.inject('/api/v1/health')).json()
      assert.deepEqual([health.indicator, health.status, health.maintenance], ['maintenance', 'ok', true])

      clock.advance(60_000) // the window ends
      const after = await app.inject('/api/v1/health/components')
      assert.equal(after.json().indicator, 'none')
      assert.match(String(after.headers['cache-control']), /^public, max-age=10, s-maxage=\d+, /)
      assert.equal((await app.inject({ url: '/api/v1/health/components', headers: { 'if-none-match': after.headers.etag as string } })).statusCode, 304)
    })

    it('one component by id: the model\'s view of it and its history from memory; 404 problem for an undeclared id', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:00.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      await context.monitor.runOnce()
      await openIncident(context.database.db, { title: 'Slow cache', impact: 'major', status: 'investigating', message: 'Looking.', components: [{ id: 'cache' }] }, clock.now())
      await context.incidents.refresh()
      const response = await app.inject('/api/v1/health/components/cache')
      assert.equal(response.statusCode, 200)
      assert.match(String(response.headers['cache-control']), /^public, max-age=60, s-maxage=\d+, /)
      const body = response.json()
      assert.deepEqual([body.component.id, body.component.status, body.component.incidents], ['cache', 'partial_outage', [1]])
      assert.deepEqual(body.history.checks.map((c: { at: string, status: string }) => [c.at, c.status]), [['2026-11-21T12:00:00.000Z', 'ok']])
      assert.equal(body.history.uptime.daily.length, 90)
      assert.equal(body.history.uptime.daily.at(-1).checks, 1)
      assert.equal((await app.inject('/api/v1/health/components/cache')).body, response.body, 'the same bytes until something changes')
      for (const id of ['nope', 'overall', 'x'.repeat(150)]) {
        const missing = await app.inject(`/api/v1/health/components/${id}`)
        assert.equal(missing.statusCode, 404, id)
        assert.match(missing.headers['content-type'] as string, /^application\/problem\+json/)
      }
    })
  })
}
