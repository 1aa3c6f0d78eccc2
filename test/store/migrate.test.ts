// Migrations: from empty and again (idempotent), on SQLite and PostgreSQL, with every table usable, and a later
// migration applied to a database that already holds rows.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Migrator } from 'kysely/migration'
import type { IncidentsBody } from '../../src/api/incidents.ts'
import { byCodeUnits } from '../../src/lib/code-unit-order.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { initialMigration } from '../../src/store/migrations/001-initial.ts'
import { shardClustersMigration } from '../../src/store/migrations/002-shard-clusters.ts'
import { notificationsMigration } from '../../src/store/migrations/003-notifications.ts'
import { buildTestApp, databaseBackends, testConfig } from '../helper.ts'
import { refreshedBody } from '../cli/run-bin.ts'

for (const backend of databaseBackends()) {
  describe(`migrations on ${backend.name}`, { skip: backend.skip }, () => {
    it('apply from empty, then find nothing to do', async (t) => {
      const config = testConfig(t, await backend.env())
      const database = openDatabase(config)
      t.after(() => database.close())
      assert.deepEqual((await migrate(database)).applied, ['001-initial', '002-shard-clusters', '003-notifications', '004-component-checks', '005-affected-components', '006-check-results', '007-operator', '008-follows', '009-idempotent-answers', '010-shard-total', '012-edge-state', '014-maintenance-series', '016-follow-language', '017-incident-texts'])
      assert.deepEqual((await migrate(database)).applied, [])
    })

    it('create every table (docs/en/architecture.md#data), usable with its keys', async (t) => {
      const config = testConfig(t, await backend.env())
      const database = openDatabase(config)
      t.after(() => database.close())
      await migrate(database)
      const { db } = database
      const now = new Date().toISOString()
      await db.insertInto('component_checks').values({ minute: 29_000_000, component: 'database', status: 'ok', latency_ms: 1.25 }).execute()
      await db.insertInto('component_checks').values({ minute: 29_000_000, component: 'overall', status: 'ok', latency_ms: null }).execute()
      await assert.rejects(db.insertInto('component_checks').values({ minute: 29_000_000, component: 'database', status: 'down', latency_ms: null }).execute())
      const latency = await db.selectFrom('component_checks').select('latency_ms').where('component', '=', 'database').executeTakeFirstOrThrow()
      assert.equal(latency.latency_ms, 1.25, 'latencies keep their fraction')
      await db.insertInto('uptime_daily').values({ day: '2026-11-21', component: 'overall', checks: 1440, degraded: 0, down: 0, latency_p50_ms: null, latency_p95_ms: null }).execute()
      await db.insertInto('uptime_daily').values({ day: '2026-11-21', component: 'database', checks: 1440, degraded: 0, down: 0, latency_p50_ms: 1.4, latency_p95_ms: 3.75 }).execute()
      const incident = await db.insertInto('incidents').values({ title: 'Ünïcode ✓', impact: 'minor', status: 'investigating', started_at: now, resolved_at: null, updated_at: now })
        .returning('id').executeTakeFirstOrThrow()
      const second = await db.insertInto('incidents').values({ title: 'two', impact: 'none', status: 'resolved', started_at: now, resolved_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow()
      assert.ok(second.id > incident.id, 'ids are generated and increase')
      await db.insertInto('incident_updates').values({ incident_id: incident.id, status: 'investigating', message: 'looking', created_at: now }).execute()
      const window = await db.insertInto('maintenances').values({ title: 't', message: 'm', starts_at: now, ends_at: now, ended_at: null, created_at: now })
        .returning('id').executeTakeFirstOrThrow()
      await db.insertInto('incident_components').values([
        { incident_id: incident.id, component: 'music', status: 'partial_outage' }, { incident_id: incident.id, component: 'bot', status: null }
      ]).execute()
      await assert.rejects(db.insertInto('incident_components').values({ incident_id: incident.id, component: 'bot', status: 'major_outage' }).execute(), 'one row per component')
      await assert.rejects(db.insertInto('incident_components').values({ incident_id: 999_999, component: 'bot', status: null }).execute(), 'an incident that exists')
      await db.insertInto('maintenance_components').values({ maintenance_id: window.id, component: 'dashboard' }).execute()
      await assert.rejects(db.insertInto('maintenance_components').values({ maintenance_id: window.id, component: 'dashboard' }).execute())
      await db.insertInto('incident_components').values({ incident_id: second.id, component: 'bot', status: null }).execute()
      await db.deleteFrom('incidents').where('id', '=', second.id).execute()
      await db.deleteFrom('maintenances').where('id', '=', window.id).execute()
      assert.deepEqual(await db.selectFrom('incident_components').select(['incident_id', 'component']).orderBy('component').execute(),
        [{ incident_id: incident.id, component: 'bot' }, { incident_id: incident.id, component: 'music' }], 'deleting an incident deletes its components')
      assert.deepEqual(await db.selectFrom('maintenance_components').selectAll().execute(), [])
      await db.insertInto('bot_heartbeats').values({ shard_id: 0, status: 'ready', ping_ms: 40, guilds: 1000, reported_at: now, cluster_id: null }).execute()
      await db.insertInto('bot_heartbeats').values({ shard_id: 1, status: 'ready', ping_ms: 40, guilds: 1000, reported_at: now, cluster_id: 3 }).execute()
      const title = await db.selectFrom('incidents').select('title').where('id', '=', incident.id).executeTakeFirstOrThrow()
      assert.equal(title.title, 'Ünïcode ✓')
    })

    it('005-affected-components: applies to a database written before it; incidents and windows show no components', async (t) => {
      const config = testConfig(t, await backend.env())
      const database = openDatabase(config)
      t.after(() => database.close())
      // The schema as it was before incidents named components.
      const before = { '001-initial': initialMigration(database.dialect), '002-shard-clusters': shardClustersMigration(), '003-notifications': notificationsMigration(database.dialect) }
      const old = new Migrator({ db: database.db, provider: { getMigrations: async () => before }, nameComparator: byCodeUnits })
      assert.equal((await old.migrateToLatest()).error, undefined)
      const at = new Date(Date.now() - 60_000).toISOString()
      const later = new Date(Date.now() + 3_600_000).toISOString()
      const { id } = await database.db.insertInto('incidents').values({ title: 'old', impact: 'major', status: 'investigating', started_at: at, resolved_at: null, updated_at: at })
        .returning('id').executeTakeFirstOrThrow()
      await database.db.insertInto('incident_updates').values({ incident_id: id, status: 'investigating', message: 'written before', created_at: at }).execute()
      await database.db.insertInto('maintenances').values({ title: 'old window', message: 'm', starts_at: at, ends_at: later, ended_at: null, created_at: at }).execute()

      assert.ok((await migrate(database)).applied.includes('005-affected-components'))
      assert.deepEqual((await migrate(database)).applied, [])
      await database.close()

      const server = await buildTestApp(t, { DATA_DIR: config.dataDir, ...config.databaseUrl === undefined ? {} : { DATABASE_URL: config.databaseUrl } })
      const body: IncidentsBody = await refreshedBody(server)
      assert.deepEqual(body.incidents.map((incident) => [incident.title, incident.components, incident.updates.length]), [['old', [], 1]])
      assert.deepEqual([body.maintenance?.title, body.maintenance?.components], ['old window', []])
    })
  })
}
