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
      assert.deepEqual((await migrate(database)).applied, ['001-initial', '002-shard-clusters', '003-notifications', '005-affected-components'])
      assert.deepEqual((await migrate(database)).applied, [])
    })

    it('create every table of the design, usable with its keys', async (t) => {
      const config = testConfig(t, await backend.env())
      const database = openDatabase(config)
      t.after(() => database.close())
      await migrate(database)
      const { db } = database
      const now = new Date().toISOString()
      await db.insertInto('health_checks').values({ minute: 29_000_000, status: 'ok', database: 'ok', cache: 'ok', bot: 'unknown' }).execute()
      await assert.rejects(db.insertInto('health_checks').values({ minute: 29_000_000, status: 'ok', database: 'ok', cache: 'ok', bot: 'ok' }).execute())
      await db.insertInto('uptime_daily').values({ day: '2026-11-21', component: 'overall', checks: 1440, degraded: 0, down: 0 }).execute()
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
  })
}
