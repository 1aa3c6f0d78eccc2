// /status/incidents/{id} and /status/maintenance/{id}, English and German, on SQLite and PostgreSQL: every update,
// the status page links there, unknown ids are 404, and the pages come from memory.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ManualClock } from '../../src/lib/clock.ts'
import { endMaintenance, openIncident, resolveIncident, scheduleMaintenance, updateIncident } from '../../src/incidents/writes.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'

const MINUTE = 60_000

for (const backend of databaseBackends()) {
  describe(`incident pages on ${backend.name}`, { skip: backend.skip }, () => {
    it('show one incident with every update in both languages, linked from the status page', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:00.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      const { db } = context.database
      const id = await openIncident(db, { title: 'Bot <offline>', impact: 'major', status: 'investigating', message: 'Shards are dropping.' }, clock.now())
      await updateIncident(db, id, { status: 'identified', message: 'A gateway node failed.' }, clock.now() + 5 * MINUTE)
      await resolveIncident(db, id, 'All shards are back.', clock.now() + 30 * MINUTE)
      clock.advance(60 * MINUTE)
      await context.incidents.refresh()
      await context.monitor.runOnce()

      const page = await app.inject(`/status/incidents/${id}`)
      assert.equal(page.statusCode, 200)
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8')
      assert.match(page.body, /<h1 class="incident-title">Bot &lt;offline&gt;<\/h1>/)
      const messages = ['All shards are back.', 'A gateway node failed.', 'Shards are dropping.']
      const positions = messages.map((message) => page.body.indexOf(message))
      assert.ok(positions.every((p) => p > 0), 'every update is there')
      assert.deepEqual([...positions].sort((a, b) => a - b), positions, 'newest first')
      assert.match(page.body, /<html lang="en">/)
      assert.match(page.body, new RegExp(`hreflang="de" href="[^"]*/de/status/incidents/${id}"`))
      const again = await app.inject({ url: `/status/incidents/${id}`, headers: { 'if-none-match': String(page.headers.etag) } })
      assert.equal(again.statusCode, 304)

      const german = await app.inject(`/de/status/incidents/${id}`)
      assert.equal(german.statusCode, 200)
      assert.match(german.body, /<html lang="de">/)
      assert.match(german.body, /Behoben/)
      assert.match(german.body, /Zurück zum Systemstatus/)

      const status = await app.inject('/status')
      assert.match(status.body, new RegExp(`<a href="/status/incidents/${id}">Details and all updates`))
      const statusDe = await app.inject('/de/status')
      assert.match(statusDe.body, new RegExp(`<a href="/de/status/incidents/${id}">Details und alle Meldungen`))
    })

    it('show a maintenance window through its life: scheduled, in progress, completed', async (t) => {
      const clock = new ManualClock('2026-11-21T12:00:00.000Z')
      const { app, context } = await buildTestApp(t, await backend.env(), { clock })
      const { db } = context.database
      const id = await scheduleMaintenance(db, { title: 'Database upgrade', message: 'The dashboard may be slow.', startsAt: clock.now() + 60 * MINUTE, endsAt: clock.now() + 120 * MINUTE }, clock.now())
      await context.incidents.refresh()
      const scheduled = await app.inject(`/status/maintenance/${id}`)
      assert.equal(scheduled.statusCode, 200)
      assert.match(scheduled.body, /Database upgrade/)
      assert.match(scheduled.body, /badge--unknown[^]*Scheduled/)
      clock.advance(90 * MINUTE)
      const during = await app.inject(`/status/maintenance/${id}`)
      assert.match(during.body, /In progress/)
      assert.match(during.body, /Started/)
      await endMaintenance(db, id, clock.now())
      clock.advance(MINUTE)
      await context.incidents.refresh()
      const ended = await app.inject(`/de/status/maintenance/${id}`)
      assert.equal(ended.statusCode, 200)
      assert.match(ended.body, /Abgeschlossen/)
      clock.advance(10 * 86_400_000)
      await context.incidents.refresh()
      assert.equal((await app.inject(`/status/maintenance/${id}`)).statusCode, 200, 'a page stays after the window ended')
    })

    it('answer 404 problem for unknown or malformed ids', async (t) => {
      const { app, context } = await buildTestApp(t, await backend.env())
      await context.incidents.refresh()
      for (const url of ['/status/incidents/999', '/status/incidents/abc', '/status/incidents/0', '/status/incidents/1e3', '/de/status/maintenance/5', '/status/maintenance/99999999999999999999']) {
        const response = await app.inject(url)
        assert.equal(response.statusCode, 404, url)
        assert.match(String(response.headers['content-type']), /^application\/problem\+json/, url)
      }
    })
  })
}
