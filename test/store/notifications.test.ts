// The outbox repository on SQLite and PostgreSQL: deduplicated events, fan-out once per target, leases that
// exclude other workers until they run out, delivery in order per subject, one announcement per status change.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { TestContext } from 'node:test'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import {
  claimDeliveries, fanOut, insertEvent, markAttemptFailed, markDelivered, recordStatusChange, registerTarget, retryDelivery, listDeliveries
} from '../../src/store/repositories/notifications.ts'
import { databaseBackends, testConfig } from '../helper.ts'

const at = (seconds: number) => new Date(Date.parse('2026-11-21T12:00:00.000Z') + seconds * 1000).toISOString()

for (const backend of databaseBackends()) {
  describe(`notification outbox on ${backend.name}`, { skip: backend.skip }, () => {
    const open = async (t: TestContext) => {
      const database = openDatabase(testConfig(t, await backend.env()))
      t.after(() => database.close())
      await migrate(database)
      return database
    }

    it('writes a keyed event once, and fans events out once per target from when the target was first seen', async (t) => {
      const database = await open(t)
      const { db } = database
      await insertEvent(db, { kind: 'incident.opened', subject: 'incident:1', payload: { a: 1 }, at: at(0) })
      const first = await insertEvent(db, { kind: 'maintenance.started', subject: 'maintenance:1', dedupeKey: 'maintenance:1:started', payload: {}, at: at(1) })
      const again = await insertEvent(db, { kind: 'maintenance.started', subject: 'maintenance:1', dedupeKey: 'maintenance:1:started', payload: {}, at: at(2) })
      assert.ok(first !== undefined)
      assert.equal(again, undefined, 'the same key writes nothing')

      assert.equal(await registerTarget(db, 'discord:a', at(1)), at(1))
      assert.equal(await registerTarget(db, 'discord:a', at(5)), at(1), 'first seen stays')
      assert.equal(await fanOut(db, 'discord:a', at(1), at(3), at(86_403)), 1, 'only the event written since the target was seen')
      assert.equal(await fanOut(db, 'discord:a', at(1), at(3), at(86_403)), 0, 'again: nothing new')
      assert.equal(await fanOut(db, 'webhook:b', at(0), at(3), at(86_403)), 2)
    })

    it('leases each delivery to one worker, in order per subject, until the lease runs out', async (t) => {
      const database = await open(t)
      const { db } = database
      for (const kind of ['incident.opened', 'incident.updated', 'incident.resolved']) {
        await insertEvent(db, { kind, subject: 'incident:7', payload: {}, at: at(0) })
      }
      await insertEvent(db, { kind: 'incident.opened', subject: 'incident:8', payload: {}, at: at(0) })
      await fanOut(db, 'webhook:b', at(0), at(0), at(86_400))

      const claim = (token: string, now: number) => claimDeliveries(database, { targets: ['webhook:b'], now: at(now), leaseUntil: at(now + 30), token, limit: 10 })
      const a = await claim('a', 1)
      assert.deepEqual(a.map((d) => [d.kind, d.subject]), [['incident.opened', 'incident:7'], ['incident.opened', 'incident:8']], 'the first of each subject')
      assert.deepEqual(await claim('b', 2), [], 'leased: nothing for another worker')
      const retaken = await claim('c', 40)
      assert.deepEqual(retaken.map((d) => d.eventId), a.map((d) => d.eventId), 'after the lease ran out another worker takes them')
      assert.equal(retaken[0]!.attempts, 2)

      // The old holder's late success counts (it was sent: nobody must send it again); its late failure does not.
      await markAttemptFailed(db, a[1]!, 'http 500', at(500))
      assert.equal((await listDeliveries(db, 'pending', 10)).find((d) => d.id === a[1]!.id)?.last_error, null, 'a late failure is ignored')
      await markDelivered(db, a[0]!, at(41))
      assert.equal((await listDeliveries(db, 'delivered', 10)).length, 1)
      await markDelivered(db, retaken[0]!, at(42))
      assert.equal((await listDeliveries(db, 'delivered', 10))[0]!.delivered_at, at(41), 'recorded once')
      await markAttemptFailed(db, retaken[1]!, 'http 500', at(100))
      const next = await claim('d', 42)
      assert.deepEqual(next.map((d) => d.kind), ['incident.updated'], 'the next of incident 7; incident 8 waits for its retry')
      await markAttemptFailed(db, next[0]!, 'http 404', undefined)
      assert.deepEqual((await claim('e', 43)).map((d) => d.kind), ['incident.resolved'], 'a failed one no longer holds its subject back')

      const failed = await listDeliveries(db, 'failed', 10)
      assert.equal(failed.length, 1)
      assert.equal(failed[0]!.last_error, 'http 404')
      assert.ok(await retryDelivery(db, failed[0]!.id, at(50), at(90_000)))
      assert.equal((await listDeliveries(db, 'failed', 10)).length, 0)
      assert.equal(await retryDelivery(db, 999_999, at(50), at(90_000)), false)
    })

    it('records a status change once however many replicas report it, and never an older one', async (t) => {
      const database = await open(t)
      const { db } = database
      const event = (to: string, seconds: number) => (from: string) => ({ kind: 'status.changed', subject: 'status', payload: { from, to }, at: at(seconds) })
      assert.equal(await recordStatusChange(database, { to: 'ok', at: at(0) }, event('ok', 0)), false, 'the first status is the baseline')
      assert.equal(await recordStatusChange(database, { to: 'down', at: at(10) }, event('down', 10)), true)
      assert.equal(await recordStatusChange(database, { to: 'down', at: at(12) }, event('down', 12)), false, 'another replica, same change')
      assert.equal(await recordStatusChange(database, { to: 'ok', at: at(60) }, event('ok', 60)), true)
      assert.equal(await recordStatusChange(database, { to: 'down', at: at(13) }, event('down', 13)), false, 'a late replica writes its old change after the recovery')
      const events = await db.selectFrom('notify_events').select(['kind', 'payload']).orderBy('id').execute()
      assert.deepEqual(events.map((e) => JSON.parse(e.payload)), [{ from: 'ok', to: 'down' }, { from: 'down', to: 'ok' }])
    })

    it('announces the very first status when it is not ok (from ok), once across replicas', async (t) => {
      const database = await open(t)
      const event = (to: string, seconds: number) => (from: string) => ({ kind: 'status.changed', subject: 'status', payload: { from, to }, at: at(seconds) })
      assert.equal(await recordStatusChange(database, { to: 'down', at: at(0) }, event('down', 0)), true, 'the first status, down, is news')
      assert.equal(await recordStatusChange(database, { to: 'down', at: at(1) }, event('down', 1)), false, 'another replica starting into the same outage')
      assert.equal(await recordStatusChange(database, { to: 'ok', at: at(60) }, event('ok', 60)), true)
      const events = await database.db.selectFrom('notify_events').select(['payload']).orderBy('id').execute()
      assert.deepEqual(events.map((e) => JSON.parse(e.payload)), [{ from: 'ok', to: 'down' }, { from: 'down', to: 'ok' }])
    })
  })
}
