// Series occurrences (src/lib/recurrence.ts, on rrule-temporal) against an independent expansion: ical.js expands
// the same rule on wall times, and Intl turns each into an instant in the zone. Daylight saving changes in
// Europe/Berlin and America/New_York, BYDAY=-1FR, BYMONTHDAY=31; then the refusals, one line naming the field.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import ICAL from 'ical.js'
import { CLI_LABELS, checkWindowOrSeries } from '../../src/incidents/input.ts'
import { occurrenceStarts, nextStarts, type Recurrence } from '../../src/lib/recurrence.ts'
import { InvalidInput } from '../../src/incidents/rules.ts'
import { builtinDeclaration } from '../../src/declaration/declaration.ts'


/** The zone's offset (ms) at `instant`, as Intl writes the wall time there. */
function offsetAt (instant: number, timeZone: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit'
  }).formatToParts(instant).map((part) => [part.type, part.value]))
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - instant
}

/** The instant a wall time (as if UTC) shows in `timeZone`: the offset found, then checked once more at that instant. */
function instantOf (wallAsUtc: number, timeZone: string): number {
  const first = wallAsUtc - offsetAt(wallAsUtc, timeZone)
  return wallAsUtc - offsetAt(first, timeZone)
}

/** The occurrences ical.js gives for the rule from `start` (a wall time), in [from, to). */
function independent (recurrence: Recurrence, from: number, to: number): number[] {
  const iterator = ICAL.Recur.fromString(recurrence.rrule).iterator(ICAL.Time.fromDateTimeString(`${recurrence.start}:00`))
  const starts: number[] = []
  for (let time = iterator.next(); time !== null && time !== undefined; time = iterator.next()) {
    const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)
    const at = instantOf(wall, recurrence.timeZone)
    if (at >= to) break
    if (at >= from) starts.push(at)
  }
  return starts
}

const localTime = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant)

const cases: Array<{ name: string, recurrence: Recurrence, clock: string, count?: number }> = [
  { name: 'every Sunday 03:00 Berlin, over both changes of 2026', recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SU', start: '2026-03-01T03:00', timeZone: 'Europe/Berlin', durationMs: 3_600_000 }, clock: '03:00' },
  { name: 'daily 09:15 New York, over both changes of 2026', recurrence: { rrule: 'FREQ=DAILY', start: '2026-03-01T09:15', timeZone: 'America/New_York', durationMs: 1_800_000 }, clock: '09:15' },
  { name: 'the last Friday 22:00 Berlin', recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=-1FR', start: '2026-01-30T22:00', timeZone: 'Europe/Berlin', durationMs: 7_200_000 }, clock: '22:00' },
  { name: 'the first Sunday 03:00 New York', recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=1SU', start: '2026-01-04T03:00', timeZone: 'America/New_York', durationMs: 3_600_000 }, clock: '03:00' },
  { name: 'every 2 weeks on Tuesday 04:00 Berlin', recurrence: { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', start: '2026-01-06T04:00', timeZone: 'Europe/Berlin', durationMs: 3_600_000 }, clock: '04:00' },
  { name: 'the 31st 01:30 New York (months without one skipped)', recurrence: { rrule: 'FREQ=MONTHLY;BYMONTHDAY=31', start: '2026-01-31T01:30', timeZone: 'America/New_York', durationMs: 3_600_000 }, clock: '01:30', count: 7 },
  { name: 'COUNT=5 on Monday and Thursday, Berlin', recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=5', start: '2026-03-23T03:00', timeZone: 'Europe/Berlin', durationMs: 3_600_000 }, clock: '03:00', count: 5 },
  { name: 'UNTIL, daily 03:00 Berlin', recurrence: { rrule: 'FREQ=DAILY;UNTIL=20261030T000000Z', start: '2026-10-20T03:00', timeZone: 'Europe/Berlin', durationMs: 3_600_000 }, clock: '03:00', count: 10 }
]

describe('series occurrences in their time zone', () => {
  const from = Date.parse('2025-12-01T00:00Z')
  const to = Date.parse('2027-01-01T00:00Z')
  for (const { name, recurrence, clock, count } of cases) {
    it(`${name}: the same instants as ical.js + Intl, each at ${clock} local`, () => {
      const ours = occurrenceStarts(recurrence, from, to)
      const theirs = independent(recurrence, from, to)
      assert.ok(ours.length > 0)
      assert.deepEqual(ours.map((ms) => new Date(ms).toISOString()), theirs.map((ms) => new Date(ms).toISOString()))
      if (count !== undefined) assert.equal(ours.length, count)
      for (const start of ours) assert.equal(localTime(start, recurrence.timeZone), clock)
    })
  }

  it('keeps 03:00 Berlin across the spring change: UTC 02:00 before, 01:00 after', () => {
    const [before, after] = occurrenceStarts(cases[0]!.recurrence, Date.parse('2026-03-22T00:00Z'), Date.parse('2026-03-30T00:00Z'))
    assert.equal(new Date(before!).toISOString(), '2026-03-22T02:00:00.000Z')
    assert.equal(new Date(after!).toISOString(), '2026-03-29T01:00:00.000Z')
  })

  it('gives the next occurrences from a time, a running one first when asked from before its end', () => {
    const next = nextStarts(cases[0]!.recurrence, Date.parse('2026-10-25T02:30Z') - 3_600_000 + 1, 3)
    assert.deepEqual(next.map((ms) => new Date(ms).toISOString()), ['2026-10-25T02:00:00.000Z', '2026-11-01T02:00:00.000Z', '2026-11-08T02:00:00.000Z'])
  })
})

describe('series refusals: one line naming the field, before anything is written', () => {
  const declaration = builtinDeclaration()
  const now = Date.parse('2026-12-01T12:00Z')
  const base = { title: 'Restart', message: 'Bots restart.', from: '2026-12-06T03:00', timezone: 'Europe/Berlin', duration: '1h', rrule: 'FREQ=WEEKLY;BYDAY=SU' }
  const refused: Array<[Record<string, string | undefined>, RegExp]> = [
    [{ rrule: 'FREQ=SECONDLY' }, /^--repeat: FREQ=SECONDLY is not supported; use DAILY, WEEKLY or MONTHLY$/],
    [{ rrule: 'FREQ=HOURLY' }, /^--repeat: FREQ=HOURLY is not supported/],
    [{ rrule: 'FREQ=YEARLY' }, /^--repeat: FREQ=YEARLY is not supported/],
    [{ rrule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1' }, /^--repeat: BYSETPOS is not supported/],
    [{ rrule: 'FREQ=DAILY;BYHOUR=3,4' }, /^--repeat: BYHOUR is not supported/],
    [{ rrule: 'every sunday' }, /^--repeat "every sunday" is not a recurrence rule/],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=XX' }, /^--repeat: BYDAY=XX must list days/],
    [{ rrule: 'INTERVAL=2' }, /^--repeat needs FREQ/],
    [{ timezone: 'Mars/Olympus' }, /^--timezone "Mars\/Olympus" is not a time zone/],
    [{ duration: '0m' }, /^--duration must be at least 1m$/],
    [{ duration: '169h' }, /^--duration 169h is longer than 7 days$/],
    [{ duration: 'long' }, /^--duration "long" is not a duration/],
    [{ rrule: 'FREQ=DAILY', duration: '24h' }, /^--duration: occurrences would overlap/],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=SU,MO', duration: '25h' }, /^--duration: occurrences would overlap/],
    [{ from: '2027-03-28T02:30' }, /^--from: 2027-03-28T02:30 does not exist in Europe\/Berlin/],
    [{ from: '2026-12-06T02:30', rrule: 'FREQ=WEEKLY;BYDAY=SU' }, /^--repeat: 2027-03-28T02:30 does not exist in Europe\/Berlin/],
    [{ from: '2027-10-31T02:30' }, /^--from: 2027-10-31T02:30 happens twice in Europe\/Berlin/],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=SU;UNTIL=20261101' }, /^--repeat "FREQ=WEEKLY;BYDAY=SU;UNTIL=20261101" gives no occurrence/],
    [{ from: '2026-01-04T03:00', rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3' }, /^--repeat gives no occurrence after now/],
    [{ remind: '169h' }, /^--remind must be at most 10080 minutes/],
    [{ remind: '90s' }, /^--remind "90s" must be whole minutes/],
    [{ duration: undefined }, /^--duration \(or --to\) is required for a repeating window/]
  ]
  for (const [change, expected] of refused) {
    it(`refuses ${JSON.stringify(change)}`, () => {
      assert.throws(() => checkWindowOrSeries({ ...base, ...change }, declaration, now, CLI_LABELS),
        (error: unknown) => error instanceof InvalidInput && expected.test(error.message) && !error.message.includes('\n'))
    })
  }

  it('accepts the weekly rule: a local start read in the zone, the rule written in upper case', () => {
    const checked = checkWindowOrSeries({ ...base, rrule: 'freq=weekly;byday=su', remind: '60m' }, declaration, now, CLI_LABELS)
    assert.deepEqual(checked.series, {
      title: 'Restart', message: 'Bots restart.', rrule: 'FREQ=WEEKLY;BYDAY=SU', start: '2026-12-06T03:00', timeZone: 'Europe/Berlin',
      durationMs: 3_600_000, remindMinutes: 60, components: []
    })
  })

  it('refuses a local start without a zone when no --timezone is given', () => {
    assert.throws(() => checkWindowOrSeries({ ...base, timezone: undefined }, declaration, now, CLI_LABELS), (error: unknown) => error instanceof InvalidInput && /^--from "2026-12-06T03:00" has no time zone/.test(error.message))
  })
})
