// The status file's series in the database on SQLite and PostgreSQL: written at the first round with the file's id,
// once however many replicas start; an edit changes the occurrences from then on (those announced or running stay);
// a series taken out of the file ends; an operator's series of the same id is left alone.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { syncFileSeries } from '../../src/incidents/file-series.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { maintenanceEvent } from '../../src/notify/events.ts'
import { insertEvent } from '../../src/store/repositories/notifications.ts'
import { buildTestApp, databaseBackends, tempDir } from '../helper.ts'

const COMPONENTS = 'components:\n  - { id: bot, builtin: bot }\n  - { id: music, name: Music, check: { manual: true } }\n'
const series = (rrule: string, start: string, extra = '') =>
  `${COMPONENTS}maintenance:\n  - { id: weekly-restart, title: Restart, message: Bots restart., rrule: "${rrule}", start: "${start}", timezone: Europe/Berlin, duration: 1h, components: [bot]${extra} }\n`
const berlin = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.parse(iso))

for (const backend of databaseBackends()) {
  describe(`the status file's series on ${backend.name}`, { skip: backend.skip }, () => {
    it('written once at the first round; an edit changes future occurrences only; taken out, it ends', async (t) => {
      const dir = tempDir(t)
      const file = path.join(dir, 'status.yaml')
      writeFileSync(file, series('FREQ=WEEKLY;BYDAY=SU', '03:00'))
      const clock = new ManualClock('2026-12-03T12:00:00.000Z') // a Thursday
      const env = { ...await backend.env(), STATUS_FILE: file }
      const test = await buildTestApp(t, env, { clock })
      const db = test.context.database.db
      await test.context.series.runOnce()
      const row = await db.selectFrom('maintenance_series').selectAll().where('id', '=', 'weekly-restart').executeTakeFirstOrThrow()
      assert.deepEqual([row.source, row.start_local, row.rrule, row.timezone, row.duration_ms, row.components], ['file', '2026-12-03T03:00', 'FREQ=WEEKLY;BYDAY=SU', 'Europe/Berlin', 3_600_000, '["bot"]'])
      const occurrences = () => db.selectFrom('maintenances').select(['id', 'starts_at', 'ended_at']).where('series_id', '=', 'weekly-restart').orderBy('starts_at').execute()
      const first = await occurrences()
      assert.deepEqual(first.map((o) => berlin(o.starts_at)), ['Sun 03:00', 'Sun 03:00'], 'the Sundays of the next 15 days')
      assert.equal(first[0]!.starts_at, '2026-12-06T02:00:00.000Z')

      // A second replica starting with the same file, and a later restart: nothing more is written.
      const declared = loadStatusFile(file, {}).maintenance!
      assert.deepEqual(await syncFileSeries(db, declared, clock.now() + 60_000), { created: [], changed: [], ended: [], skipped: [] })
      clock.advance(86_400_000)
      assert.deepEqual(await syncFileSeries(db, declared, clock.now()), { created: [], changed: [], ended: [], skipped: [] }, 'a time-only start keeps its first day')
      assert.deepEqual(await occurrences(), first)

      // The next Sunday's reminder went out; then the file moves the series to Saturdays at 04:00.
      const [announced] = await db.selectFrom('maintenances as m').leftJoin('maintenance_components as c', 'c.maintenance_id', 'm.id')
        .select(['m.id', 'm.title', 'm.message', 'm.starts_at', 'm.ends_at', 'm.ended_at', 'm.created_at', 'm.by', 'm.ended_by', 'm.series_id', 'm.remind_minutes'])
        .where('m.id', '=', first[0]!.id).execute()
      await insertEvent(db, maintenanceEvent('maintenance.reminder', { ...announced!, components: ['bot'] }, new Date(clock.now()).toISOString()))
      writeFileSync(file, series('FREQ=WEEKLY;BYDAY=SA', '04:00', ', remind: 15'))
      const edit = await syncFileSeries(db, loadStatusFile(file, {}).maintenance!, clock.now())
      assert.deepEqual(edit.changed, ['weekly-restart'])
      const after = await occurrences()
      const kept = after.filter((o) => o.id === first[0]!.id)
      assert.deepEqual(kept, [first[0]], 'the occurrence already announced stays as it was')
      const rewritten = after.filter((o) => o.id !== first[0]!.id)
      assert.deepEqual(rewritten.map((o) => berlin(o.starts_at)), ['Sat 04:00', 'Sat 04:00', 'Sat 04:00'])
      assert.ok(rewritten.every((o) => Date.parse(o.starts_at) > clock.now()))
      assert.ok(!after.some((o) => o.id === first[1]!.id), 'the Sundays nobody heard of are gone')
      const changed = await db.selectFrom('maintenance_series').selectAll().where('id', '=', 'weekly-restart').executeTakeFirstOrThrow()
      assert.deepEqual([changed.rrule, changed.start_local, changed.remind_minutes], ['FREQ=WEEKLY;BYDAY=SA', `${'2026-12-04'}T04:00`, 15])

      // Taken out of the file: the series ends, future occurrences nobody heard of go, the announced one stays.
      writeFileSync(file, COMPONENTS)
      const removed = await syncFileSeries(db, loadStatusFile(file, {}).maintenance ?? [], clock.now())
      assert.deepEqual(removed.ended, ['weekly-restart'])
      assert.deepEqual((await occurrences()).map((o) => o.id), [first[0]!.id])
      assert.notEqual((await db.selectFrom('maintenance_series').select('ended_at').where('id', '=', 'weekly-restart').executeTakeFirstOrThrow()).ended_at, null)
    })

    it('leaves an operator\'s series of the same id alone', async (t) => {
      const file = path.join(tempDir(t), 'status.yaml')
      writeFileSync(file, series('FREQ=DAILY', '03:00'))
      const test = await buildTestApp(t, await backend.env())
      const db = test.context.database.db
      const at = new Date().toISOString()
      await db.insertInto('maintenance_series').values({
        id: 'weekly-restart', title: 'Operator', message: 'm', rrule: 'FREQ=WEEKLY', start_local: '2026-12-06T03:00', timezone: 'UTC', duration_ms: 60_000,
        remind_minutes: null, components: '[]', source: 'operator', created_at: at, changed_at: at, by: null, ended_at: null, ended_by: null
      }).execute()
      assert.deepEqual((await syncFileSeries(db, loadStatusFile(file, {}).maintenance!, Date.now())).skipped, ['weekly-restart'])
      assert.equal((await db.selectFrom('maintenance_series').select('title').executeTakeFirstOrThrow()).title, 'Operator')
    })
  })
}
