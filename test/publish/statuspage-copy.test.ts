// The Statuspage v2 copy on a real listening instance, on SQLite and PostgreSQL: every document validates against the
// served OpenAPI document; our own platform client (a second instance with DISCORD_STATUS_URL pointed at the first)
// and the npm `statuspage.io` client read it, and what they read matches our state.
import assert from 'node:assert/strict'
import type { TestContext } from 'node:test'
import { describe, it } from 'node:test'
import { Statuspage } from 'statuspage.io'
import type { PlatformStatusBody } from '../../src/api/platform-status.ts'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import { openIncident, scheduleMaintenance, updateIncident, resolveIncident } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { STATUSPAGE_DOCUMENTS } from '../../src/publish/statuspage-copy.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { OpenApiContract } from '../discovery/openapi-contract.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE

for (const backend of databaseBackends()) {
  describe(`the Statuspage v2 copy on ${backend.name}`, { skip: backend.skip }, () => {
    async function setup (t: TestContext) {
      const clock = new ManualClock(T)
      const test = await buildTestApp(t, await backend.env(), { clock })
      const base = await test.app.listen({ port: 0, host: '127.0.0.1' })
      const db = test.context.database.db
      /** A health round with the bot's one shard just reported in. */
      const probe = async () => {
        await reportHeartbeat(test.context.database, { shard: 0, status: 'ready', pingMs: 41, guilds: 10, at: new Date(clock.now()) })
        await test.context.monitor.runOnce()
      }
      await probe()
      const contract = new OpenApiContract((await test.app.inject('/api/v1/openapi.json')).json())
      const get = async (name: string) => {
        const response = await fetch(`${base}/status/api/v2/${name}`)
        assert.equal(response.status, 200, name)
        return await response.json() as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      }
      return { ...test, clock, db, base, get, contract, probe }
    }

    it('serves all eight documents, each valid against the OpenAPI document, with stable ids and positions', async (t) => {
      const { app, db, clock, context, base, get, contract, probe } = await setup(t)
      const incident = await openIncident(db, { title: 'Slow replies', impact: 'major', status: 'investigating', message: 'Looking.' }, clock.now())
      clock.advance(5 * MINUTE)
      await updateIncident(db, incident, { status: 'monitoring', message: 'Fixed; watching.' }, clock.now())
      const old = await openIncident(db, { title: 'Old one', impact: 'minor', status: 'investigating', message: 'Hm.' }, clock.now() - HOUR)
      await resolveIncident(db, old, 'Gone.', clock.now())
      const upcoming = await scheduleMaintenance(db, { title: 'Upgrade', message: 'Read-only.', startsAt: T + 2 * HOUR, endsAt: T + 3 * HOUR }, clock.now())
      const running = await scheduleMaintenance(db, { title: 'Cache move', message: 'Blips.', startsAt: T + 6 * MINUTE, endsAt: T + HOUR }, clock.now())
      clock.advance(2 * MINUTE) // `running` has started
      await context.incidents.refresh()
      await probe()

      for (const name of STATUSPAGE_DOCUMENTS) {
        const response = await app.inject(`/status/api/v2/${name}`)
        const entry = contract.operations().find((operation) => operation.path === `/status/api/v2/${name}` && operation.method === 'get')
        assert.ok(entry !== undefined, `${name} is in the OpenAPI document`)
        assert.deepEqual(contract.check(entry, response), [], name)
        assert.match(String(response.headers['cache-control']), /^public, max-age=10, s-maxage=\d+, /)
        assert.equal((await app.inject({ url: `/status/api/v2/${name}`, headers: { 'if-none-match': response.headers.etag as string } })).statusCode, 304)
      }

      const summary = await get('summary.json')
      assert.deepEqual(Object.keys(summary).sort(), ['components', 'incidents', 'page', 'scheduled_maintenances', 'status'])
      assert.equal(summary.page.url, `${base}/status`)
      assert.equal(summary.page.time_zone, 'Etc/UTC')
      // A window that names no component informs and changes none (docs/en/architecture.md#status-model).
      assert.deepEqual(summary.components.map((c: any) => [c.id, c.position, c.status, c.group, c.group_id]), // eslint-disable-line @typescript-eslint/no-explicit-any
        [['database', 1, 'operational', false, null], ['cache', 2, 'operational', false, null], ['bot', 3, 'operational', false, null]])
      assert.deepEqual(summary.status, { indicator: 'major', description: 'Partial System Outage' }, 'the open major incident sets the indicator')
      assert.deepEqual(summary.incidents.map((i: any) => i.id), [String(incident)]) // eslint-disable-line @typescript-eslint/no-explicit-any
      const [open] = summary.incidents
      assert.equal(open.status, 'monitoring')
      assert.equal(open.monitoring_at, new Date(T + 5 * MINUTE).toISOString())
      assert.equal(open.shortlink, `${base}/status/incidents/${incident}`)
      assert.deepEqual(open.incident_updates.map((u: any) => [u.status, u.body]), [['monitoring', 'Fixed; watching.'], ['investigating', 'Looking.']]) // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.deepEqual(summary.scheduled_maintenances.map((m: any) => [m.id, m.status]), // eslint-disable-line @typescript-eslint/no-explicit-any
        [[`maintenance-${running}`, 'in_progress'], [`maintenance-${upcoming}`, 'scheduled']])
      const active = summary.scheduled_maintenances[0]
      assert.equal(active.scheduled_for, new Date(T + 6 * MINUTE).toISOString())
      assert.equal(active.scheduled_until, new Date(T + HOUR).toISOString())
      assert.equal(active.impact, 'maintenance')
      assert.deepEqual(active.incident_updates.map((u: any) => u.status), ['in_progress', 'scheduled']) // eslint-disable-line @typescript-eslint/no-explicit-any

      assert.deepEqual((await get('incidents.json')).incidents.map((i: any) => [i.id, i.status]), // eslint-disable-line @typescript-eslint/no-explicit-any
        [[String(incident), 'monitoring'], [String(old), 'resolved']])
      assert.deepEqual((await get('incidents/unresolved.json')).incidents.map((i: any) => i.id), [String(incident)]) // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.deepEqual((await get('scheduled-maintenances/upcoming.json')).scheduled_maintenances.map((m: any) => m.id), [`maintenance-${upcoming}`]) // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.deepEqual((await get('scheduled-maintenances/active.json')).scheduled_maintenances.map((m: any) => m.id), [`maintenance-${running}`]) // eslint-disable-line @typescript-eslint/no-explicit-any

      // After the window: completed, ids and positions unchanged.
      clock.advance(HOUR)
      await context.incidents.refresh()
      await probe()
      const after = await get('summary.json')
      assert.deepEqual(after.components.map((c: any) => [c.id, c.position, c.status]), // eslint-disable-line @typescript-eslint/no-explicit-any
        [['database', 1, 'operational'], ['cache', 2, 'operational'], ['bot', 3, 'operational']])
      assert.equal(after.page.id, summary.page.id)
      const all = (await get('scheduled-maintenances.json')).scheduled_maintenances
      const done = all.find((m: any) => m.id === `maintenance-${running}`) // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.equal(done.status, 'completed')
      assert.equal(done.resolved_at, new Date(T + HOUR).toISOString())
      assert.deepEqual(done.incident_updates.map((u: any) => u.status), ['completed', 'in_progress', 'scheduled']) // eslint-disable-line @typescript-eslint/no-explicit-any
    })

    it('is read by our own platform client through DISCORD_STATUS_URL, and its normalised result matches our state', async (t) => {
      const { db, clock, context, base } = await setup(t)
      const incident = await openIncident(db, { title: 'Gateway <errors> & retries', impact: 'critical', status: 'identified', message: 'Rolling back.' }, clock.now())
      await context.incidents.refresh()
      await context.monitor.runOnce()
      const health = context.monitor.health()!.value

      const reader = await buildTestApp(t, { DISCORD_STATUS_URL: `${base}/status/api/v2/summary.json` })
      const response = await reader.app.inject('/api/v1/health/discord')
      assert.equal(response.statusCode, 200, response.body)
      const read = response.json() as PlatformStatusBody
      assert.deepEqual({ ...read, fetchedAt: undefined }, {
        indicator: 'critical',
        description: 'Major System Outage',
        components: [{ name: 'Database', status: 'operational' }, { name: 'Cache', status: 'operational' }, { name: 'Bot connection', status: 'operational' }],
        incidents: [{
          name: 'Gateway <errors> & retries', status: 'identified', impact: 'critical', url: `${base}/status/incidents/${incident}`,
          startedAt: new Date(T).toISOString(), updatedAt: new Date(T).toISOString()
        }],
        pageUrl: `${base}/status`,
        updatedAt: health.checkedAt,
        fetchedAt: undefined,
        stale: false
      })
    })

    it('is read by the npm statuspage.io client pointed at {base_url}/status', async (t) => {
      const { db, clock, context, base } = await setup(t)
      await openIncident(db, { title: 'Slow replies', impact: 'minor', status: 'investigating', message: 'Looking.' }, clock.now())
      await scheduleMaintenance(db, { title: 'Upgrade', message: 'Read-only.', startsAt: T + HOUR, endsAt: T + 2 * HOUR }, clock.now())
      await context.incidents.refresh()
      const client = new Statuspage('unused')
      client.setApiUrl(`${base}/status`)
      const summary = await client.api.getSummary()
      assert.equal(summary.page.url, `${base}/status`)
      assert.deepEqual(summary.status, { indicator: 'minor', description: 'Minor Service Outage' })
      assert.deepEqual(summary.components.map((c) => c.name), ['Database', 'Cache', 'Bot connection'])
      assert.deepEqual(summary.incidents.map((i) => [i.name, i.status, i.impact]), [['Slow replies', 'investigating', 'minor']])
      assert.deepEqual(summary.scheduled_maintenances.map((m) => [m.name, m.status]), [['Upgrade', 'scheduled']])
      assert.equal((await client.api.getStatus()).status.indicator, 'minor')
      assert.equal((await client.api.getComponents()).components.length, 3)
      assert.equal((await client.api.incidents.getAll()).incidents.length, 1)
      assert.equal((await client.api.incidents.getUnresolved()).incidents.length, 1)
      assert.deepEqual((await client.api.scheduledMaintenances.getUpcoming()).scheduled_maintenances.map((m) => m.name), ['Upgrade'])
    })
  })
}

describe('the Statuspage v2 copy of a long history', () => {
  it('lists the newest 50 incidents and windows, every open incident and each listed window with its whole lifecycle', async (t) => {
    const clock = new ManualClock(T)
    const { app, context } = await buildTestApp(t, {}, { clock })
    const db = context.database.db
    await reportHeartbeat(context.database, { shard: 0, status: 'ready', pingMs: 41, guilds: 10, at: new Date(clock.now()) })
    await context.monitor.runOnce()
    // 80 windows that have run (3 steps each: more steps than the feeds list) and 120 incidents, 2 of them long open.
    for (let i = 0; i < 80; i++) {
      await scheduleMaintenance(db, { title: `Window ${i}`, message: 'Planned.', startsAt: T - (80 - i) * 3 * HOUR, endsAt: T - (80 - i) * 3 * HOUR + HOUR }, T - 400 * HOUR)
    }
    for (let i = 0; i < 120; i++) {
      const id = await openIncident(db, { title: `Incident ${i}`, impact: 'minor', status: 'investigating', message: 'Looking.' }, T - (120 - i) * HOUR)
      if (i >= 2) await resolveIncident(db, id, 'Done.', T - (120 - i) * HOUR + MINUTE)
    }
    await context.incidents.refresh()
    const get = async (name: string) => (await app.inject(`/status/api/v2/${name}`)).json() as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    const incidents = (await get('incidents.json')).incidents as Array<{ name: string }>
    assert.equal(incidents.length, 50)
    assert.deepEqual(incidents.slice(0, 2).map((incident) => incident.name), ['Incident 119', 'Incident 118'])
    assert.deepEqual(((await get('incidents/unresolved.json')).incidents as Array<{ name: string }>).map((incident) => incident.name), ['Incident 1', 'Incident 0'])
    const windows = (await get('scheduled-maintenances.json')).scheduled_maintenances as Array<{ name: string, incident_updates: Array<{ status: string }> }>
    assert.equal(windows.length, 50)
    assert.equal(windows[0]!.name, 'Window 79')
    for (const window of windows) assert.deepEqual(window.incident_updates.map((update) => update.status), ['completed', 'in_progress', 'scheduled'], window.name)
  })
})

describe('the Statuspage v2 copy before the first health check', () => {
  it('answers 503 problem+json, not a guess', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject('/status/api/v2/summary.json')
    assert.equal(response.statusCode, 503)
    assert.match(response.headers['content-type'] as string, /^application\/problem\+json/)
  })
})
