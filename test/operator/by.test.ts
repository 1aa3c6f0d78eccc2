// Who made a change (`by`): stored with the incident's updates, the window and its notification event by the shared
// operations, shown by `notify list`, and never in a notification's payload.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { endMaintenance, openIncident, resolveIncident, scheduleMaintenance } from '../../src/incidents/writes.ts'
import { buildTestApp } from '../helper.ts'
import { runCommand } from '../cli/run-bin.ts'

describe('by', () => {
  it('is stored by the operations, listed by notify list, and absent from every event payload', async (t) => {
    const test = await buildTestApp(t)
    const { db } = test.context.database
    const now = Date.now()
    const id = await openIncident(db, { title: 'Slow', impact: 'minor', status: 'investigating', message: 'Looking.', by: 'ops' }, now)
    await resolveIncident(db, id, undefined, now + 1000, 'discord:alice')
    const window = await scheduleMaintenance(db, { title: 'Upgrade', message: 'm', startsAt: now + 3_600_000, endsAt: now + 7_200_000, by: 'ci' }, now)
    await endMaintenance(db, window, now + 2000, 'ops')
    assert.deepEqual((await db.selectFrom('incident_updates').select('by').orderBy('id').execute()).map((row) => row.by), ['ops', 'discord:alice'])
    assert.deepEqual(await db.selectFrom('maintenances').select(['by', 'ended_by']).execute(), [{ by: 'ci', ended_by: 'ops' }])
    const events = await db.selectFrom('notify_events').select(['id', 'by', 'payload']).orderBy('id').execute()
    assert.deepEqual(events.map((event) => event.by), ['ops', 'discord:alice', 'ci', 'ops'])
    for (const event of events) assert.ok(!/"by"|ops|alice|"ci"/.test(event.payload), event.payload)

    for (const event of events) {
      await db.insertInto('notify_deliveries').values({
        event_id: event.id, target: 'discord:abc', subject: 'x', state: 'pending', attempts: 0, next_attempt_at: new Date(now).toISOString(),
        retry_until: new Date(now + 86_400_000).toISOString(), lease_token: null, lease_until: null, last_error: null, delivered_at: null
      }).execute()
    }
    const listed = await runCommand(test, ['notify', 'list'])
    assert.equal(listed.code, 0, listed.stderr)
    const lines = listed.stdout.trim().split('\n')
    assert.match(lines[0]!, /^ID\s+STATE\s+EVENT\s+SUBJECT\s+BY\s+TARGET/)
    assert.deepEqual(lines.slice(1).map((line) => line.split(/\s{2,}/)[4]), ['ops', 'ci', 'discord:alice', 'ops'])
  })
})
