// Series in /status/maintenance.ics on SQLite and PostgreSQL: one VEVENT with RRULE, DTSTART;TZID and the zone's
// VTIMEZONE, expanded by ical.js (an independent reader) to every occurrence our expansion writes, at the same
// instants across daylight saving changes in Berlin and New York; a cancelled occurrence an EXDATE, an ended series
// stopped by UNTIL; lines folded at 75 octets without a split character.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import ICAL from 'ical.js'
import { createSeries, endSeries } from '../../src/incidents/series.ts'
import { endMaintenance } from '../../src/incidents/writes.ts'
import { occurrenceStarts } from '../../src/lib/recurrence.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { checkLines } from './ics-lines.ts'

const DAY = 86_400_000
const HOUR = 3_600_000
const YEAR = 365 * DAY
const clockIn = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms)

/** Every start ical.js finds for the series' VEVENT in [from, to), with the feed's VTIMEZONEs registered. */
function expand (ics: string, seriesId: string, from: number, to: number): number[] {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  ICAL.TimezoneService.reset()
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  const vevent = calendar.getAllSubcomponents('vevent').find((event) => String(event.getFirstPropertyValue('uid')).startsWith(`maintenance-series-${seriesId}@`))
  assert.ok(vevent !== undefined, `the series ${seriesId} is in the feed`)
  const event = new ICAL.Event(vevent)
  const iterator = event.iterator()
  const starts: number[] = []
  for (let next = iterator.next(); next !== undefined && next !== null; next = iterator.next()) {
    const ms = next.toJSDate().getTime()
    if (ms >= to) break
    if (ms >= from) starts.push(ms)
  }
  return starts
}

for (const backend of databaseBackends()) {
  describe(`series in the maintenance calendar on ${backend.name}`, { skip: backend.skip }, () => {
    it('every occurrence at the right instant across daylight saving, cancelled ones excluded, an ended series stopped', async (t) => {
      const clock = new ManualClock('2027-03-01T12:00:00.000Z')
      const test = await buildTestApp(t, { ...await backend.env(), PUBLIC_BASE_URL: 'https://status.example.com' }, { clock })
      const db = test.context.database.db
      const berlin = { title: 'Wöchentlicher Neustart – alle Shards 🚀 mit einem Titel, der länger ist als eine Zeile', message: 'Die Bots starten neu.', rrule: 'FREQ=WEEKLY;BYDAY=SU', start: '2027-03-07T03:00', timeZone: 'Europe/Berlin', durationMs: HOUR, remindMinutes: null, components: ['bot'] }
      const newYork = { title: 'Last Friday', message: 'Database.', rrule: 'FREQ=MONTHLY;BYDAY=-1FR', start: '2027-01-29T22:30', timeZone: 'America/New_York', durationMs: 90 * 60_000, remindMinutes: null, components: [] }
      const monthEnd = { title: 'The 31st', message: 'Reports.', rrule: 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=5', start: '2027-01-31T01:00', timeZone: 'Europe/Berlin', durationMs: HOUR, remindMinutes: null, components: [] }
      const b = await createSeries(db, berlin, clock.now())
      const n = await createSeries(db, newYork, clock.now())
      const m = await createSeries(db, monthEnd, clock.now())
      await test.context.incidents.refresh()
      const from = clock.now()
      const to = from + YEAR

      const response = await test.app.inject('/status/maintenance.ics')
      assert.equal(response.statusCode, 200, response.body)
      const lines = checkLines(response.rawPayload)
      assert.ok(lines.includes('DTSTART;TZID=Europe/Berlin:20270307T030000'), lines.join('\n'))
      assert.ok(lines.includes('RRULE:FREQ=WEEKLY;BYDAY=SU'))
      assert.ok(lines.includes('TZID:Europe/Berlin') && lines.includes('TZID:America/New_York'), 'a VTIMEZONE for each zone')
      assert.equal(lines.filter((line) => line === 'BEGIN:VTIMEZONE').length, 2, 'once each')
      assert.ok(!response.body.includes(`maintenance-${b.first}@`), 'the occurrences are not listed one by one as well')

      for (const [series, id] of [[berlin, b.id], [newYork, n.id], [monthEnd, m.id]] as const) {
        const ours = occurrenceStarts(series, from, to)
        const theirs = expand(response.body, id, from, to)
        assert.deepEqual(theirs.map((ms) => new Date(ms).toISOString()), ours.map((ms) => new Date(ms).toISOString()), series.title)
      }
      const sundays = expand(response.body, b.id, from, to)
      assert.ok(sundays.length >= 52)
      for (const ms of sundays) assert.equal(clockIn(ms, 'Europe/Berlin'), 'Sun 03:00', new Date(ms).toISOString())
      assert.ok(sundays.some((ms) => new Date(ms).toISOString() === '2027-03-28T01:00:00.000Z'), 'after the clocks go forward: 01:00Z')
      assert.ok(sundays.some((ms) => new Date(ms).toISOString() === '2027-03-21T02:00:00.000Z'), 'before: 02:00Z')
      for (const ms of expand(response.body, n.id, from, to)) assert.equal(clockIn(ms, 'America/New_York'), 'Fri 22:30')
      assert.equal(expand(response.body, m.id, 0, Infinity).length, 5, 'COUNT=5: the 31sts of January, March, May, July, August')

      // One occurrence cancelled: the expansion no longer finds it; the others stay.
      const [cancelled] = await db.selectFrom('maintenances').select(['id', 'starts_at']).where('series_id', '=', b.id).orderBy('starts_at').limit(1).offset(1).execute()
      await endMaintenance(db, cancelled!.id, clock.now())
      await test.context.incidents.refresh()
      const afterCancel = (await test.app.inject('/status/maintenance.ics')).body
      assert.match(afterCancel, /\r\nEXDATE;TZID=Europe\/Berlin:20270314T030000\r\n/)
      const left = expand(afterCancel, b.id, from, to)
      assert.equal(left.length, sundays.length - 1)
      assert.ok(!left.includes(Date.parse(cancelled!.starts_at)))

      // The series ended a month on: nothing after its end.
      clock.set('2027-04-01T12:00:00.000Z')
      await endSeries(db, b.id, clock.now())
      await test.context.incidents.refresh()
      const afterEnd = (await test.app.inject('/status/maintenance.ics')).body
      checkLines(Buffer.from(afterEnd))
      const ended = expand(afterEnd, b.id, from, to)
      assert.deepEqual(ended.map((ms) => new Date(ms).toISOString()), ['2027-03-07T02:00:00.000Z', '2027-03-21T02:00:00.000Z', '2027-03-28T01:00:00.000Z'])
      assert.equal(expand(afterEnd, n.id, from, to).length, 12, 'the other series go on')
    })
  })
}
