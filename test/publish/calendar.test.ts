// The maintenance calendar (/status/maintenance.ics) end to end on SQLite and PostgreSQL: read by a real iCalendar
// parser (ical.js) and checked line by line against RFC 5545 (CRLF, folded at 75 octets, no UTF-8 sequence split).
import assert from 'node:assert/strict'
import type { TestContext } from 'node:test'
import { describe, it } from 'node:test'
import ICAL from 'ical.js'
import { endMaintenance, scheduleMaintenance } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { foldLine, icsDateTime, icsText } from '../../src/lib/icalendar.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { checkLines } from './ics-lines.ts'

const T = Date.parse('2026-11-21T12:00:00.000Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const BASE = 'https://status.example.com'
const LONG_TITLE = 'Wartung: Größere Umstellung der Datenbank – Schlüssel, Indizes; Übergänge 🚀🚀 und “Anführungszeichen” für alle Shards in Europa'
const MESSAGE = 'Read-only; commands answer slowly, then recover.\nBack\\slash stays.'

for (const backend of databaseBackends()) {
  describe(`the maintenance calendar on ${backend.name}`, { skip: backend.skip }, () => {
    async function setup (t: TestContext) {
      const clock = new ManualClock(T)
      const test = await buildTestApp(t, { ...await backend.env(), PUBLIC_BASE_URL: BASE }, { clock })
      return { ...test, clock, db: test.context.database.db }
    }

    it('lists each planned and active window once, parsed by ical.js, with CRLF lines folded at 75 octets', async (t) => {
      const { app, db, clock, context, config } = await setup(t)
      const planned = await scheduleMaintenance(db, { title: LONG_TITLE, message: MESSAGE, startsAt: T + 2 * HOUR, endsAt: T + 3 * HOUR, components: ['bot', 'database'] }, clock.now())
      const active = await scheduleMaintenance(db, { title: 'Cache restart', message: 'Short.', startsAt: T + 30 * MINUTE, endsAt: T + 4 * HOUR }, clock.now())
      const done = await scheduleMaintenance(db, { title: 'Done early', message: 'x', startsAt: T + 10 * MINUTE, endsAt: T + 5 * HOUR }, clock.now())
      const cancelled = await scheduleMaintenance(db, { title: 'Cancelled', message: 'x', startsAt: T + 6 * HOUR, endsAt: T + 7 * HOUR }, clock.now())
      clock.advance(45 * MINUTE) // the second and third have started
      await endMaintenance(db, done, clock.now())
      await endMaintenance(db, cancelled, clock.now())
      await context.incidents.refresh()

      const response = await app.inject('/status/maintenance.ics')
      assert.equal(response.statusCode, 200, response.body)
      assert.equal(response.headers['content-type'], 'text/calendar; charset=utf-8')
      assert.match(String(response.headers['cache-control']), /^public, max-age=60, s-maxage=10, stale-while-revalidate=\d+, stale-if-error=86400$/)
      const lines = checkLines(response.rawPayload)
      assert.ok(response.rawPayload.toString().includes('\r\n '), 'the long title was folded')
      assert.deepEqual([lines[0], lines[1], lines.at(-1)], ['BEGIN:VCALENDAR', 'VERSION:2.0', 'END:VCALENDAR'])
      assert.ok(lines.some((line) => line.startsWith('PRODID:')))

      const calendar = new ICAL.Component(ICAL.parse(response.body))
      assert.equal(calendar.getFirstPropertyValue('version'), '2.0')
      const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
      assert.deepEqual(events.map((event) => event.uid), [`maintenance-${active}@status.example.com`, `maintenance-${planned}@status.example.com`], 'active and planned, soonest first; ended and cancelled left out')
      const [now, later] = events as [ICAL.Event, ICAL.Event]
      assert.equal(later.summary, LONG_TITLE, 'the summary unfolds and unescapes to the title')
      assert.equal(later.startDate.toJSDate().getTime(), T + 2 * HOUR)
      assert.equal(later.endDate.toJSDate().getTime(), T + 3 * HOUR)
      assert.equal(later.startDate.zone.tzid, 'UTC')
      assert.ok(later.description.startsWith(`${MESSAGE}\n\nAffected: `), later.description)
      assert.ok(later.description.endsWith(`Details: ${BASE}/status/maintenance/${planned}`), later.description)
      assert.equal(now.summary, 'Cache restart')
      for (const vevent of calendar.getAllSubcomponents('vevent')) {
        assert.equal((vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().getTime(), T, 'DTSTAMP: when it was scheduled')
      }
      assert.ok(lines.includes(`DTSTART:${icsDateTime(T + 2 * HOUR)}`) && lines.includes('DTSTART:20261121T140000Z'), 'UTC date-times')

      // The German calendar: the same events and UIDs, in German words, linking the German pages.
      const german = await app.inject(`${config.germanPrefix}/status/maintenance.ics`)
      checkLines(german.rawPayload)
      const germanEvents = new ICAL.Component(ICAL.parse(german.body)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
      assert.deepEqual(germanEvents.map((event) => event.uid), events.map((event) => event.uid))
      assert.match(germanEvents[1]!.description, new RegExp(`Betroffen: .*Details: ${BASE}${config.germanPrefix}/status/maintenance/${planned}$`, 's'))

      // ETag and 304, HEAD; then the active window ends by the clock and leaves the calendar.
      const etag = response.headers.etag as string
      assert.equal((await app.inject({ url: '/status/maintenance.ics', headers: { 'if-none-match': etag } })).statusCode, 304)
      assert.equal((await app.inject({ method: 'HEAD', url: '/status/maintenance.ics' })).statusCode, 200)
      clock.advance(4 * HOUR) // past both windows' ends
      const later2 = await app.inject('/status/maintenance.ics')
      assert.notEqual(later2.headers.etag, etag)
      assert.equal(new ICAL.Component(ICAL.parse(later2.body)).getAllSubcomponents('vevent').length, 0)
    })
  })
}

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT; other control characters cannot be carried', () => {
    assert.equal(icsText('a\\b;c,d\ne\r\nf\rg'), 'a\\\\b\\;c\\,d\\ne\\nf\\ng')
    assert.equal(icsText('tab\tok\u0007bell'), 'tab\tok bell')
  })

  it('folds at 75 octets, continuations start with a space, and never splits a UTF-8 sequence', () => {
    assert.equal(foldLine('x'.repeat(75)), 'x'.repeat(75), '75 octets fit')
    assert.equal(foldLine('x'.repeat(76)), `${'x'.repeat(75)}\r\n x`)
    assert.equal(foldLine(`${'x'.repeat(74)}ä`), `${'x'.repeat(74)}\r\n ä`, 'the two octets of ä stay together')
    assert.equal(foldLine(`${'x'.repeat(73)}🚀`), `${'x'.repeat(73)}\r\n 🚀`, 'the four octets of an emoji stay together')
    const folded = foldLine(`SUMMARY:${'Größe 🚀 '.repeat(40)}`)
    for (const line of folded.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line)
    assert.equal(folded.replace(/\r\n /g, ''), `SUMMARY:${'Größe 🚀 '.repeat(40)}`, 'unfolding gives the line back')
  })
})
