// 008-follows on a database that already holds notification events: those are marked handed over, so a follow made
// later never gets the backlog; an event written after it is waiting for the followers. SQLite and PostgreSQL.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Migrator } from 'kysely/migration'
import { byCodeUnits } from '../../src/lib/code-unit-order.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { initialMigration } from '../../src/store/migrations/001-initial.ts'
import { shardClustersMigration } from '../../src/store/migrations/002-shard-clusters.ts'
import { notificationsMigration } from '../../src/store/migrations/003-notifications.ts'
import { componentChecksMigration } from '../../src/store/migrations/004-component-checks.ts'
import { affectedComponentsMigration } from '../../src/store/migrations/005-affected-components.ts'
import { checkResultsMigration } from '../../src/store/migrations/006-check-results.ts'
import { operatorMigration } from '../../src/store/migrations/007-operator.ts'
import { eventsForFollowers, findFollow, insertFollow } from '../../src/store/repositories/discord-follows.ts'
import { insertEvent } from '../../src/store/repositories/notifications.ts'
import { databaseBackends, testConfig } from '../helper.ts'

for (const backend of databaseBackends()) {
  describe(`008-follows on ${backend.name}`, { skip: backend.skip }, () => {
    it('marks the events written before it as handed over; stores follows, one per channel', async (t) => {
      const database = openDatabase(testConfig(t, await backend.env()))
      t.after(() => database.close())
      const dialect = database.dialect
      const before = {
        '001-initial': initialMigration(dialect), '002-shard-clusters': shardClustersMigration(), '003-notifications': notificationsMigration(dialect),
        '004-component-checks': componentChecksMigration(dialect), '005-affected-components': affectedComponentsMigration(), '006-check-results': checkResultsMigration(),
        '007-operator': operatorMigration()
      }
      const old = new Migrator({ db: database.db, provider: { getMigrations: async () => before }, nameComparator: byCodeUnits })
      assert.equal((await old.migrateToLatest()).error, undefined)
      const at = new Date(Date.now() - 60_000).toISOString()
      await database.db.insertInto('notify_events').values({ kind: 'status.changed', subject: 'status', payload: '{}', created_at: at }).execute()

      assert.equal((await migrate(database)).applied[0], '008-follows', 'the first migration after 007 applies')
      assert.deepEqual(await eventsForFollowers(database.db, 10), [], 'the backlog is not handed to anyone')
      const id = await insertEvent(database.db, { kind: 'status.changed', subject: 'status', payload: {}, at: new Date().toISOString() })
      assert.deepEqual((await eventsForFollowers(database.db, 10)).map((event) => event.id), [id])

      const follow = { guildId: '1200000000000000777', channelId: '1500000000000000101', webhookId: '1700000000000000001', webhookToken: 'secret', components: ['music'], by: 'test', at }
      const first = await insertFollow(database.db, follow)
      assert.equal(typeof first, 'number')
      assert.equal(await insertFollow(database.db, { ...follow, webhookId: '1700000000000000002' }), undefined, 'one follow per channel')
      assert.deepEqual(await findFollow(database.db, follow.channelId), { id: first, guildId: follow.guildId, channelId: follow.channelId, components: ['music'], language: 'en', languageChosen: false, webhookId: '1700000000000000001', webhookToken: 'secret' })
    })
  })
}
