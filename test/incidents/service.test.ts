// Incidents and maintenance end to end in one process, on SQLite and PostgreSQL: operations write, the
// service reads into memory, the endpoint and the maintenance flag answer by the (manual) clock.
import assert from 'node:assert/strict'
import type { TestContext } from 'node:test'
import { describe, it } from 'node:test'
import { pino } from 'pino'
import type { IncidentsBody } from '../../src/api/incidents.ts'
import { endMaintenance, openIncident, resolveIncident, scheduleMaintenance, updateIncident } from '../../src/incidents/writes.ts'
import { createIncidentsService } from '../../src/incidents/service.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { openDatabase } from '../../src/store/database.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()

for (const backend of databaseBackends()) {
  describe(`incidents and maintenance on ${backend.name}`, { skip: backend.skip }, () => {
    async function setup (t: TestContext) {
      const clock = new ManualClock(T)
      const test = await buildTestApp(t, await backend.env(), { clock })
      const db = test.context.database.db
      /** The endpoint's body as served from memory now (no refresh). */
      const show = async (): Promise<IncidentsBody> => {
        const response = await test.app.inject('/api/v1/health/incidents')
        assert.equal(response.statusCode, 200, response.body)
        return response.json()
      }
      const refreshAndShow = async () => {
        await test.context.incidents.refresh()
        return show()
      }
      return { ...test, clock, db, show, refreshAndShow }
    }

    it('starts empty, with the cache headers of the contract and a working ETag', async (t) => {
      const { app } = await setup(t)
      const response = await app.inject('/api/v1/health/incidents')
      assert.equal(response.statusCode, 200)
      assert.deepEqual(response.json(), { maintenance: null, upcomingMaintenance: [], incidents: [], totals: { open: 0, resolved: 0 } })
      assert.match(String(response.headers['cache-control']), /^public, max-age=15, s-maxage=\d+, /)
      assert.match(response.headers['content-type'] as string, /^application\/json/)
      const etag = response.headers.etag as string
      assert.ok(etag)
      const again = await app.inject({ url: '/api/v1/health/incidents', headers: { 'if-none-match': etag } })
      assert.equal(again.statusCode, 304)
    })

    it('follows an incident through investigating → identified → monitoring → resolved, updates newest first', async (t) => {
      const { db, clock, refreshAndShow } = await setup(t)
      const id = await openIncident(db, { title: 'Slow replies', impact: 'major', status: 'investigating', message: 'Looking into it.' }, clock.now())
      let body = await refreshAndShow()
      assert.deepEqual(body.incidents, [{
        id, title: 'Slow replies', impact: 'major', status: 'investigating', startedAt: iso(T), resolvedAt: null, components: [],
        updates: [{ at: iso(T), status: 'investigating', message: 'Looking into it.' }]
      }])

      clock.advance(10 * MINUTE)
      assert.equal(await updateIncident(db, id, { status: 'identified', message: 'A database index is missing.' }, clock.now()), 'identified')
      clock.advance(10 * MINUTE)
      await updateIncident(db, id, { status: 'monitoring', message: 'Index added.' }, clock.now())
      clock.advance(MINUTE)
      assert.equal(await updateIncident(db, id, { message: 'Still watching.' }, clock.now()), 'monitoring', 'no status keeps the current one')
      body = await refreshAndShow()
      assert.equal(body.incidents[0]!.status, 'monitoring')
      assert.equal(body.incidents[0]!.resolvedAt, null)

      clock.advance(30 * MINUTE)
      await resolveIncident(db, id, undefined, clock.now())
      body = await refreshAndShow()
      assert.deepEqual(body.incidents, [{
        id, title: 'Slow replies', impact: 'major', status: 'resolved', startedAt: iso(T), resolvedAt: iso(T + 51 * MINUTE), components: [],
        updates: [
          { at: iso(T + 51 * MINUTE), status: 'resolved', message: 'This incident has been resolved.' },
          { at: iso(T + 21 * MINUTE), status: 'monitoring', message: 'Still watching.' },
          { at: iso(T + 20 * MINUTE), status: 'monitoring', message: 'Index added.' },
          { at: iso(T + 10 * MINUTE), status: 'identified', message: 'A database index is missing.' },
          { at: iso(T), status: 'investigating', message: 'Looking into it.' }
        ]
      }])
    })

    it('lists open incidents first, then resolved ones, newest first, cutting those resolved over 90 days ago', async (t) => {
      const { db, clock, show, refreshAndShow } = await setup(t)
      const incident = async (title: string, startedAgo: number, resolvedAgo?: number) => {
        const id = await openIncident(db, { title, impact: 'minor', status: 'investigating', message: title }, T - startedAgo)
        if (resolvedAgo !== undefined) await resolveIncident(db, id, `${title} resolved`, T - resolvedAgo)
        return id
      }
      await incident('too old', 100 * DAY, 95 * DAY)
      const oldest = await incident('resolved 89 days ago', 100 * DAY, 89 * DAY)
      const recent = await incident('resolved yesterday', 3 * DAY, 1 * DAY)
      const open = await incident('open since 5 days', 5 * DAY)
      const newest = await incident('open since an hour', HOUR)
      const twin = await incident('opened the same instant', HOUR)

      let body = await refreshAndShow()
      assert.deepEqual(body.incidents.map((i) => i.id), [twin, newest, open, recent, oldest])

      // The cut moves with the clock, from memory: exactly 90 days after resolution it still shows, a moment later not.
      clock.advance(1 * DAY)
      assert.deepEqual((await show()).incidents.map((i) => i.id), [twin, newest, open, recent, oldest])
      clock.advance(1)
      body = await show()
      assert.deepEqual(body.incidents.map((i) => i.id), [twin, newest, open, recent])
      assert.deepEqual((await refreshAndShow()).incidents.map((i) => i.id), [twin, newest, open, recent])
    })

    it('a maintenance window becomes upcoming 14 days ahead, starts and ends by the clock, and the health flag follows', async (t) => {
      const { db, clock, context, show, refreshAndShow } = await setup(t)
      const startsAt = T + 20 * DAY
      const endsAt = startsAt + 2 * HOUR
      const id = await scheduleMaintenance(db, { title: 'Database upgrade', message: 'Read-only for two hours.', startsAt, endsAt }, clock.now())
      const window = { id, title: 'Database upgrade', message: 'Read-only for two hours.', startsAt: iso(startsAt), endsAt: iso(endsAt), components: [], seriesId: null }

      assert.deepEqual(await refreshAndShow(), { maintenance: null, upcomingMaintenance: [], incidents: [], totals: { open: 0, resolved: 0 } })
      clock.set(startsAt - 14 * DAY - 1)
      assert.deepEqual((await show()).upcomingMaintenance, [])
      clock.set(startsAt - 14 * DAY)
      assert.deepEqual((await show()).upcomingMaintenance, [window])
      assert.equal(context.incidents.isMaintenanceActive(), false)

      clock.set(startsAt - 1)
      assert.equal((await show()).maintenance, null)
      clock.set(startsAt)
      assert.deepEqual(await show(), { maintenance: window, upcomingMaintenance: [], incidents: [], totals: { open: 0, resolved: 0 } })
      assert.equal(context.incidents.isMaintenanceActive(), true)

      clock.set(endsAt - 1)
      assert.equal(context.incidents.isMaintenanceActive(), true)
      clock.set(endsAt)
      assert.deepEqual(await show(), { maintenance: null, upcomingMaintenance: [], incidents: [], totals: { open: 0, resolved: 0 } })
      assert.equal(context.incidents.isMaintenanceActive(), false)
      assert.deepEqual(await refreshAndShow(), { maintenance: null, upcomingMaintenance: [], incidents: [], totals: { open: 0, resolved: 0 } })
    })

    it('lists what incidents and windows affect: the status each gives, replaced by an update that names them, kept by one that does not', async (t) => {
      const { db, clock, refreshAndShow } = await setup(t)
      // Ids as written, whether declared or not: the body is about what was written (checks are the front doors' job).
      const id = await openIncident(db, {
        title: 'Music stutters', impact: 'minor', status: 'investigating', message: 'Looking.',
        components: [{ id: 'music', status: 'major_outage' }, { id: 'bot' }, { id: 'Dashboard' }]
      }, clock.now())
      const window = await scheduleMaintenance(db, {
        title: 'Move', message: 'm', startsAt: T - MINUTE, endsAt: T + HOUR, components: ['website', 'dashboard', 'api']
      }, clock.now())
      const upcoming = await scheduleMaintenance(db, { title: 'Later', message: 'm', startsAt: T + DAY, endsAt: T + DAY + HOUR, components: ['tts'] }, clock.now())
      const informs = await scheduleMaintenance(db, { title: 'Notice', message: 'm', startsAt: T + 2 * DAY, endsAt: T + 2 * DAY + HOUR }, clock.now())
      let body = await refreshAndShow()
      assert.deepEqual(body.incidents[0]!.components, [
        { id: 'Dashboard', status: 'degraded_performance' }, { id: 'bot', status: 'degraded_performance' }, { id: 'music', status: 'major_outage' }
      ], 'code-unit order of the ids; minor gives degraded_performance unless a status was given')
      assert.deepEqual(body.maintenance, { id: window, title: 'Move', message: 'm', startsAt: iso(T - MINUTE), endsAt: iso(T + HOUR), components: ['api', 'dashboard', 'website'], seriesId: null })
      assert.deepEqual(body.upcomingMaintenance.map((m) => [m.id, m.components]), [[upcoming, ['tts']], [informs, []]])

      clock.advance(MINUTE)
      await updateIncident(db, id, { message: 'Only music now.', components: [{ id: 'music' }] }, clock.now())
      body = await refreshAndShow()
      assert.deepEqual(body.incidents[0]!.components, [{ id: 'music', status: 'degraded_performance' }], 'replaced; the status follows the impact again')
      await updateIncident(db, id, { status: 'identified', message: 'Found it.' }, clock.now())
      assert.deepEqual((await refreshAndShow()).incidents[0]!.components, [{ id: 'music', status: 'degraded_performance' }], 'kept when none are named')
      await resolveIncident(db, id, undefined, clock.now())
      assert.deepEqual((await refreshAndShow()).incidents[0]!.components, [{ id: 'music', status: 'degraded_performance' }], 'a resolved incident still lists them')

      const other = await openIncident(db, { title: 'Notice', impact: 'none', status: 'monitoring', message: 'm', components: [{ id: 'bot' }, { id: 'api', status: 'partial_outage' }] }, clock.now())
      body = await refreshAndShow()
      assert.deepEqual(body.incidents.find((i) => i.id === other)!.components, [{ id: 'api', status: 'partial_outage' }, { id: 'bot', status: 'operational' }],
        'impact none names components without changing them')
      await updateIncident(db, other, { message: 'Nothing affected after all.', components: [] }, clock.now())
      assert.deepEqual((await refreshAndShow()).incidents.find((i) => i.id === other)!.components, [], 'an empty list clears the set')
      assert.equal((await db.selectFrom('incident_components').select('component').where('incident_id', '=', other).execute()).length, 0)
    })

    it('lists upcoming windows soonest first, and shows the earliest-started of overlapping active windows', async (t) => {
      const { db, clock, refreshAndShow } = await setup(t)
      const schedule = (title: string, from: number, to: number) => scheduleMaintenance(db, { title, message: title, startsAt: T + from, endsAt: T + to }, clock.now())
      const later = await schedule('later', 10 * DAY, 11 * DAY)
      const sooner = await schedule('sooner', 2 * DAY, 3 * DAY)
      const running = await schedule('running', -HOUR, HOUR)
      await schedule('also running', -MINUTE, 2 * HOUR)
      const body = await refreshAndShow()
      assert.equal(body.maintenance?.id, running)
      assert.deepEqual(body.upcomingMaintenance.map((m) => m.id), [sooner, later])
    })

    it('ending a window early takes the banner down; ending a scheduled one cancels it', async (t) => {
      const { db, clock, context, refreshAndShow } = await setup(t)
      const active = await scheduleMaintenance(db, { title: 'now', message: 'm', startsAt: T - HOUR, endsAt: T + HOUR }, clock.now())
      const planned = await scheduleMaintenance(db, { title: 'planned', message: 'm', startsAt: T + DAY, endsAt: T + DAY + HOUR }, clock.now())
      await context.incidents.refresh()
      assert.equal(context.incidents.isMaintenanceActive(), true)

      clock.advance(MINUTE)
      assert.equal(await endMaintenance(db, active, clock.now()), 'active')
      assert.equal(await endMaintenance(db, planned, clock.now()), 'scheduled')
      assert.deepEqual(await refreshAndShow(), { maintenance: null, upcomingMaintenance: [], incidents: [], totals: { open: 0, resolved: 0 } })
      assert.equal(context.incidents.isMaintenanceActive(), false)
      clock.set(T + DAY + MINUTE)
      assert.equal(context.incidents.isMaintenanceActive(), false, 'a cancelled window never becomes active')
    })

    it('refuses unknown ids, resolved incidents, ended windows and impossible windows, writing nothing', async (t) => {
      const { db, clock } = await setup(t)
      const resolved = await openIncident(db, { title: 'done', impact: 'none', status: 'identified', message: 'm' }, clock.now())
      await resolveIncident(db, resolved, 'fixed', clock.now())
      const ended = await scheduleMaintenance(db, { title: 'w', message: 'm', startsAt: T - HOUR, endsAt: T + HOUR }, clock.now())
      await endMaintenance(db, ended, clock.now())
      const past = await scheduleMaintenance(db, { title: 'past', message: 'm', startsAt: T - HOUR, endsAt: T + MINUTE }, clock.now())
      clock.advance(HOUR)
      const rows = async () => ({
        incidents: await db.selectFrom('incidents').selectAll().orderBy('id').execute(),
        updates: await db.selectFrom('incident_updates').selectAll().orderBy('id').execute(),
        maintenances: await db.selectFrom('maintenances').selectAll().orderBy('id').execute(),
        incidentComponents: await db.selectFrom('incident_components').selectAll().orderBy('incident_id').orderBy('component').execute(),
        maintenanceComponents: await db.selectFrom('maintenance_components').selectAll().orderBy('maintenance_id').orderBy('component').execute()
      })
      const before = await rows()

      const refusal = (message: RegExp) => ({ name: 'InvalidInput', message })
      await assert.rejects(updateIncident(db, 999, { status: 'identified', message: 'm' }, clock.now()), refusal(/^there is no incident 999$/))
      await assert.rejects(resolveIncident(db, 999, undefined, clock.now()), refusal(/^there is no incident 999$/))
      await assert.rejects(updateIncident(db, resolved, { message: 'm' }, clock.now()), refusal(/was resolved at .*; open a new incident instead$/))
      await assert.rejects(updateIncident(db, resolved, { message: 'm', components: [{ id: 'bot' }] }, clock.now()), refusal(/was resolved at/))
      await assert.rejects(resolveIncident(db, resolved, undefined, clock.now()), refusal(/was resolved at/))
      await assert.rejects(endMaintenance(db, 999, clock.now()), refusal(/^there is no maintenance 999$/))
      await assert.rejects(endMaintenance(db, ended, clock.now()), refusal(/is already ended$/))
      await assert.rejects(endMaintenance(db, past, clock.now()), refusal(/is already ended$/))
      await assert.rejects(scheduleMaintenance(db, { title: 't', message: 'm', startsAt: T + 2 * HOUR, endsAt: T + HOUR }, clock.now()), refusal(/^--to .* must be after --from/))
      await assert.rejects(scheduleMaintenance(db, { title: 't', message: 'm', startsAt: T + HOUR, endsAt: T + HOUR }, clock.now()), refusal(/must be after/))
      await assert.rejects(scheduleMaintenance(db, { title: 't', message: 'm', startsAt: T - 2 * HOUR, endsAt: T - MINUTE }, clock.now()), refusal(/is in the past/))
      assert.deepEqual(await rows(), before)
    })

    it('stores and returns text verbatim: markup, quotes, line breaks and emoji reach the JSON unescaped', async (t) => {
      const { app, db, clock, context } = await setup(t)
      const title = '<script>alert("x")</script> & <b>Ünïcode</b> 🚑'
      const message = 'Line one\nLine two\twith tab, \'quotes\' and </p> '
      await openIncident(db, { title, impact: 'critical', status: 'investigating', message }, clock.now())
      await scheduleMaintenance(db, { title: '<img src=x onerror=alert(1)>', message: 'a < b > c', startsAt: T - MINUTE, endsAt: T + HOUR }, clock.now())
      await context.incidents.refresh()
      const response = await app.inject('/api/v1/health/incidents')
      assert.ok(response.body.includes('"title":"<script>alert(\\"x\\")</script> & <b>Ünïcode</b> 🚑"'), 'no HTML escaping in JSON')
      const body = response.json() as IncidentsBody
      assert.equal(body.incidents[0]!.title, title)
      assert.equal(body.incidents[0]!.updates[0]!.message, message)
      assert.equal(body.maintenance!.title, '<img src=x onerror=alert(1)>')
      assert.equal(body.maintenance!.message, 'a < b > c')
      assert.deepEqual(context.incidents.body(), body, 'the status page gets the same plain object')
    })

    it('the background refresher picks up a change made over another connection by itself', async (t) => {
      const { config, context } = await setup(t)
      // The interval timer is node:test's mock: the test moves it instead of waiting for it.
      t.mock.timers.enable({ apis: ['setInterval'] })
      const intervalMs = 10_000
      let reads = 0
      const counted = { ...context.database, get db () { reads++; return context.database.db } }
      const service = createIncidentsService({ database: counted, clock: new ManualClock(T), logger: pino({ level: 'silent' }), refreshIntervalMs: intervalMs })
      await service.refresh()
      service.start()
      t.after(() => service.stop())
      const writer = openDatabase(config)
      t.after(() => writer.close())
      await openIncident(writer.db, { title: 'from elsewhere', impact: 'minor', status: 'investigating', message: 'm' }, T)
      reads = 0
      t.mock.timers.tick(intervalMs - 1)
      assert.equal(reads, 0, 'no read before the interval is up')
      t.mock.timers.tick(1)
      assert.ok(reads > 0, 'the interval starts a read by itself')
      const started = reads
      await service.refresh() // joins the read in flight (one read at a time) and waits for it
      assert.equal(reads, started, 'no second read: the one the timer started is the one awaited')
      assert.equal(service.body().incidents[0]?.title, 'from elsewhere')

      service.stop()
      await openIncident(writer.db, { title: 'after stop', impact: 'minor', status: 'investigating', message: 'm' }, T)
      reads = 0
      t.mock.timers.tick(10 * intervalMs)
      assert.equal(reads, 0, 'stop() ends the refresher')
      assert.equal(service.body().incidents.length, 1)
    })

    it('keeps serving the last copy while the database fails', async (t) => {
      const { config } = await setup(t)
      const database = openDatabase(config)
      const logged: string[] = []
      const logger = pino({ level: 'warn' }, { write: (line: string) => { logged.push(line) } })
      const service = createIncidentsService({ database, clock: new ManualClock(T), logger })
      await openIncident(database.db, { title: 'kept', impact: 'minor', status: 'investigating', message: 'm' }, T)
      await service.refresh()
      assert.equal(service.isMaintenanceActive(), false)
      await database.close()
      await assert.rejects(service.refresh())
      await service.runOnce()
      await service.runOnce()
      assert.equal(logged.length, 1, 'runOnce logs the failure once instead of rejecting')
      assert.match(logged[0]!, /cannot read from the database; serving the last copy/)
      assert.equal(service.loaded, true)
      assert.equal(service.body().incidents[0]?.title, 'kept')
    })
  })
}
