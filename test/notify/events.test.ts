// Where events come from: the CLI writes them with the change it reports, the maintenance clocks of several
// replicas announce a window's start and end once each, and the status watch announces a held change once,
// after the database answers again if it was away.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { TestContext } from 'node:test'
import { pino } from 'pino'
import type { HealthBody } from '../../src/api/health.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { createMaintenanceClock } from '../../src/notify/maintenance-clock.ts'
import { createStatusWatch } from '../../src/notify/status-watch.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { endMaintenance, openIncident, resolveIncident, scheduleMaintenance, updateIncident } from '../../src/incidents/writes.ts'
import { databaseBackends, testConfig } from '../helper.ts'
import { runBinWith } from '../cli/run-bin.ts'

const quiet = pino({ level: 'silent' })

async function events (database: Database) {
  const rows = await database.db.selectFrom('notify_events').selectAll().orderBy('id').execute()
  return rows.map((row) => ({ kind: row.kind, subject: row.subject, payload: JSON.parse(row.payload), at: row.created_at }))
}

for (const backend of databaseBackends()) {
  describe(`notification events on ${backend.name}`, { skip: backend.skip }, () => {
    const open = async (t: TestContext) => {
      const config = testConfig(t, await backend.env())
      const database = openDatabase(config)
      t.after(() => database.close())
      await migrate(database)
      return { database, config }
    }

    it('are written by the incident and maintenance CLI with the change they report', async (t) => {
      const { database, config } = await open(t)
      const env = { DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '' }
      const opened = await runBinWith(env, ['incident', 'open', '--title', 'Replies slow', '--impact', 'major', '--message', 'Looking.'])
      assert.equal(opened.code, 0, opened.stderr)
      const id = /incident (\d+)/.exec(opened.stdout)![1]
      assert.equal((await runBinWith(env, ['incident', 'update', id!, '--status', 'identified', '--message', 'Found it.'])).code, 0)
      assert.equal((await runBinWith(env, ['incident', 'resolve', id!])).code, 0)
      const refused = await runBinWith(env, ['incident', 'update', id!, '--message', 'too late'])
      assert.equal(refused.code, 2, 'a refused change writes no event either')

      const written = await events(database)
      assert.deepEqual(written.map((e) => [e.kind, e.subject, e.payload.incident.status, e.payload.update.message]), [
        ['incident.opened', `incident:${id}`, 'investigating', 'Looking.'],
        ['incident.updated', `incident:${id}`, 'identified', 'Found it.'],
        ['incident.resolved', `incident:${id}`, 'resolved', 'This incident has been resolved.']
      ])
      assert.equal(written[2]!.payload.incident.title, 'Replies slow')
      assert.equal(written[2]!.payload.incident.impact, 'major')
      assert.equal(written[2]!.payload.incident.resolvedAt, written[2]!.at)
    })

    it('roll back with the change: nothing is written when the change is refused midway', async (t) => {
      const { database } = await open(t)
      const now = Date.parse('2026-11-21T12:00:00.000Z')
      const id = await openIncident(database.db, { title: 't', impact: 'minor', status: 'investigating', message: 'm' }, now)
      await resolveIncident(database.db, id, undefined, now + 1000)
      await assert.rejects(updateIncident(database.db, id, { message: 'again' }, now + 2000))
      assert.equal((await events(database)).length, 2)
    })

    it('name what incidents and windows affect: the components after each change, with the status an incident gives each', async (t) => {
      const { database } = await open(t)
      const clock = new ManualClock('2026-11-21T05:59:00.000Z')
      const id = await openIncident(database.db, {
        title: 'Music stutters', impact: 'major', status: 'investigating', message: 'Looking.', components: [{ id: 'music' }, { id: 'bot', status: 'degraded_performance' }]
      }, clock.now())
      await updateIncident(database.db, id, { message: 'Only music.', components: [{ id: 'music', status: 'major_outage' }] }, clock.now())
      await updateIncident(database.db, id, { status: 'monitoring', message: 'Fixed, watching.' }, clock.now())
      await resolveIncident(database.db, id, undefined, clock.now())
      const windowId = await scheduleMaintenance(database.db, {
        title: 'Move', message: 'm', startsAt: Date.parse('2026-11-21T06:00:00.000Z'), endsAt: Date.parse('2026-11-21T06:30:00.000Z'), components: ['website', 'dashboard']
      }, clock.now())
      const plain = await scheduleMaintenance(database.db, { title: 'Notice', message: 'm', startsAt: Date.parse('2026-11-22T06:00:00.000Z'), endsAt: Date.parse('2026-11-22T07:00:00.000Z') }, clock.now())
      clock.set('2026-11-21T06:00:00.000Z')
      await createMaintenanceClock({ database, clock, logger: quiet }).runOnce()
      clock.set('2026-11-21T06:10:00.000Z')
      await endMaintenance(database.db, windowId, clock.now())

      const written = await events(database)
      assert.deepEqual(written.filter((e) => e.kind.startsWith('incident.')).map((e) => [e.kind, e.payload.incident.components]), [
        ['incident.opened', [{ id: 'bot', status: 'degraded_performance' }, { id: 'music', status: 'partial_outage' }]],
        ['incident.updated', [{ id: 'music', status: 'major_outage' }]],
        ['incident.updated', [{ id: 'music', status: 'major_outage' }]],
        ['incident.resolved', [{ id: 'music', status: 'major_outage' }]]
      ])
      assert.deepEqual(written.filter((e) => e.kind.startsWith('maintenance.')).map((e) => [e.kind, e.payload.maintenance.id, e.payload.maintenance.components]), [
        ['maintenance.scheduled', windowId, ['dashboard', 'website']],
        ['maintenance.scheduled', plain, []],
        ['maintenance.started', windowId, ['dashboard', 'website']],
        ['maintenance.ended', windowId, ['dashboard', 'website']]
      ])
    })

    it('maintenance: scheduled by the CLI, started and ended by the clocks of two replicas once each, at the window\'s times', async (t) => {
      const { database } = await open(t)
      const clock = new ManualClock('2026-11-21T05:59:00.000Z')
      const windowId = await scheduleMaintenance(database.db, {
        title: 'Database upgrade', message: 'Slow for a minute.', startsAt: Date.parse('2026-11-21T06:00:00.000Z'), endsAt: Date.parse('2026-11-21T06:30:00.000Z')
      }, clock.now())
      const cancelledId = await scheduleMaintenance(database.db, {
        title: 'Cancelled', message: 'Never happens.', startsAt: Date.parse('2026-11-21T06:10:00.000Z'), endsAt: Date.parse('2026-11-21T06:20:00.000Z')
      }, clock.now())
      await endMaintenance(database.db, cancelledId, clock.now())
      const replicas = [createMaintenanceClock({ database, clock, logger: quiet, pollMs: 10_000 }), createMaintenanceClock({ database, clock, logger: quiet, pollMs: 10_000 })]

      clock.set('2026-11-21T05:59:55.000Z')
      assert.deepEqual(await Promise.all(replicas.map((r) => r.runOnce())), [5000, 5000], 'both wake up at 06:00')
      clock.set('2026-11-21T06:00:00.000Z')
      await Promise.all(replicas.map((r) => r.runOnce()))
      clock.set('2026-11-21T06:15:00.000Z')
      await Promise.all(replicas.map((r) => r.runOnce()))
      clock.set('2026-11-21T06:30:00.000Z')
      await Promise.all(replicas.map((r) => r.runOnce()))
      // A replica restarted later (fresh memory) does not announce them again.
      await createMaintenanceClock({ database, clock, logger: quiet }).runOnce()

      const written = await events(database)
      assert.deepEqual(written.map((e) => [e.kind, e.subject, e.at]), [
        ['maintenance.scheduled', `maintenance:${windowId}`, '2026-11-21T05:59:00.000Z'],
        ['maintenance.scheduled', `maintenance:${cancelledId}`, '2026-11-21T05:59:00.000Z'],
        ['maintenance.ended', `maintenance:${cancelledId}`, '2026-11-21T05:59:00.000Z'],
        ['maintenance.started', `maintenance:${windowId}`, '2026-11-21T06:00:00.000Z'],
        ['maintenance.ended', `maintenance:${windowId}`, '2026-11-21T06:30:00.000Z']
      ])
      assert.equal(written[2]!.payload.maintenance.cancelled, true)
      assert.equal(written[4]!.payload.maintenance.cancelled, false)
    })

    it('status: a change held for two rounds and the hold time is announced once by three replicas; a blip is not', async (t) => {
      const { database } = await open(t)
      const watches = [0, 1, 2].map(() => createStatusWatch({ database, logger: quiet, holdMs: 60_000 }))
      const body = (status: string, at: string) => ({ status, checkedAt: at, components: { database: { status: 'ok' }, cache: { status: 'ok' }, bot: { status } } }) as unknown as HealthBody
      const round = async (status: string, at: string, offset = 0) => {
        for (const [index, watch] of watches.entries()) await watch.observe(body(status, new Date(Date.parse(at) + index * 1000 + offset).toISOString()))
      }
      let minute = Date.parse('2026-11-21T12:00:00.000Z')
      const every15s = async (status: string, rounds: number) => {
        for (let i = 0; i < rounds; i++) { await round(status, new Date(minute).toISOString()); minute += 15_000 }
      }
      await every15s('ok', 6)
      await every15s('down', 2) // 15 s of down: a blip
      await every15s('ok', 3)
      await every15s('down', 6)
      await every15s('ok', 6)
      const written = await events(database)
      assert.deepEqual(written.map((e) => [e.kind, e.payload.status.from, e.payload.status.to]), [
        ['status.changed', 'ok', 'down'], ['status.changed', 'down', 'ok']
      ])
      assert.equal(written[0]!.payload.status.components.bot, 'down')
      assert.deepEqual(written.map((e) => e.payload.status.changed), [[{ id: 'bot', from: 'ok', to: 'down' }], [{ id: 'bot', from: 'down', to: 'ok' }]],
        'each names the component whose measured status changed')
    })
  })
}

describe('the status watch while the database is away', () => {
  it('keeps changes in memory and writes them in order when it answers', async (t) => {
    const config = testConfig(t)
    const database = openDatabase(config)
    t.after(() => database.close())
    await migrate(database)
    let away = false
    const flaky: Database = {
      ...database,
      db: new Proxy(database.db, {
        get (target, property) {
          if (away && property === 'transaction') return () => { throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }) }
          const value = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        }
      })
    }
    const watch = createStatusWatch({ database: flaky, logger: quiet, holdMs: 2000 })
    const body = (status: string, seconds: number) => ({ status, checkedAt: new Date(Date.parse('2026-11-21T12:00:00.000Z') + seconds * 1000).toISOString(), components: {} }) as unknown as HealthBody
    await watch.observe(body('ok', 0))
    await watch.observe(body('ok', 2))
    away = true
    for (let s = 3; s <= 9; s++) await watch.observe(body('down', s))
    for (let s = 10; s <= 15; s++) await watch.observe(body('ok', s))
    assert.equal(watch.buffered, 2, 'down and ok wait')
    away = false
    await watch.observe(body('ok', 16))
    assert.equal(watch.buffered, 0)
    const written = await events(database)
    assert.deepEqual(written.map((e) => [e.payload.status.from, e.payload.status.to, e.at]), [
      ['ok', 'down', '2026-11-21T12:00:03.000Z'], ['down', 'ok', '2026-11-21T12:00:10.000Z']
    ])
  })
})
