// Migrations: from empty and again (idempotent), on SQLite and PostgreSQL, with every table usable.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { databaseBackends, testConfig } from '../helper.ts'

for (const backend of databaseBackends()) {
  describe(`migrations on ${backend.name}`, { skip: backend.skip }, () => {
    it('apply from empty, then find nothing to do', async (t) => {
      const config = testConfig(t, await backend.env())
      const database = openDatabase(config)
      t.after(() => database.close())
      assert.deepEqual((await migrate(database)).applied, ['001-initial', '002-shard-clusters', '003-notifications', '004-component-checks'])
      assert.deepEqual((await migrate(database)).applied, [])
    })

    it('create every table of the design, usable with its keys', async (t) => {
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
      await db.insertInto('maintenances').values({ title: 't', message: 'm', starts_at: now, ends_at: now, ended_at: null, created_at: now }).execute()
      await db.insertInto('bot_heartbeats').values({ shard_id: 0, status: 'ready', ping_ms: 40, guilds: 1000, reported_at: now, cluster_id: null }).execute()
      await db.insertInto('bot_heartbeats').values({ shard_id: 1, status: 'ready', ping_ms: 40, guilds: 1000, reported_at: now, cluster_id: 3 }).execute()
      const title = await db.selectFrom('incidents').select('title').where('id', '=', incident.id).executeTakeFirstOrThrow()
      assert.equal(title.title, 'Ünïcode ✓')
    })
  })
}
