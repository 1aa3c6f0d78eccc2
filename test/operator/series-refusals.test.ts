// POST /v1/maintenance with `rrule`, refused on SQLite and PostgreSQL: a malformed or unsupported rule, an unknown time
// zone, a duration of 0 or over 7 days, occurrences that overlap, a first start the clocks skip or show twice, a rule
// of more than a thousand a year — a 400 problem+json whose one line names the field, and not a row written.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { loadConfig } from '../../src/config/index.ts'
import { openContext } from '../../src/context.ts'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import { databaseBackends } from '../helper.ts'
import { OPERATOR_TOKENS, STATUS_FILE, TOKENS } from './operator-process.ts'

const series = (extra: Record<string, unknown>) => ({ title: 'Restart', message: 'Bots restart.', from: '2027-01-03T03:00', timezone: 'Europe/Berlin', duration: '1h', rrule: 'FREQ=WEEKLY;BYDAY=SU', ...extra })

const CASES: Array<[string, Record<string, unknown>, RegExp]> = [
  ['garbage', { rrule: 'every sunday' }, /^rrule "every sunday" is not a recurrence rule; use an RFC 5545 rule such as FREQ=WEEKLY;BYDAY=SU/],
  ['no FREQ', { rrule: 'BYDAY=SU' }, /^rrule needs FREQ/],
  ['FREQ=SECONDLY', { rrule: 'FREQ=SECONDLY' }, /^rrule: FREQ=SECONDLY is not supported; use DAILY, WEEKLY or MONTHLY$/],
  ['FREQ=HOURLY (8,760 a year)', { rrule: 'FREQ=HOURLY' }, /^rrule: FREQ=HOURLY is not supported/],
  ['BYSETPOS', { rrule: 'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1' }, /^rrule: BYSETPOS is not supported/],
  ['BYHOUR (more than a thousand a year)', { rrule: 'FREQ=DAILY;BYHOUR=1,2,3' }, /^rrule: BYHOUR is not supported/],
  ['an ordinal beyond 5', { rrule: 'FREQ=MONTHLY;BYDAY=6SU' }, /^rrule: BYDAY=6SU: the number before the day must be 1 to 5/],
  ['COUNT and UNTIL', { rrule: 'FREQ=DAILY;COUNT=3;UNTIL=20271231' }, /^rrule: COUNT and UNTIL cannot both be given$/],
  ['an empty rule', { rrule: ' ' }, /^rrule is required/],
  ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, /^timezone "Mars\/Olympus_Mons" is not a time zone; use an IANA name/],
  ['duration 0', { duration: '0m' }, /^duration/],
  ['duration over 7 days', { duration: '169h' }, /^duration .* is longer than 7 days$/],
  ['overlapping occurrences', { rrule: 'FREQ=DAILY', duration: '25h' }, /^duration: occurrences would overlap/],
  ['a first start the clocks skip', { from: '2027-03-28T02:30', rrule: 'FREQ=MONTHLY;BYDAY=-1SU' }, /^from: 2027-03-28T02:30 does not exist in Europe\/Berlin \(the clocks skip that hour\)/],
  ['a first start shown twice', { from: '2027-10-31T02:30', rrule: 'FREQ=MONTHLY;BYDAY=-1SU' }, /^from: 2027-10-31T02:30 happens twice in Europe\/Berlin/],
  ['a later occurrence the clocks skip', { from: '2027-03-21T02:30', rrule: 'FREQ=WEEKLY;BYDAY=SU' }, /^rrule: 2027-03-28T02:30 does not exist in Europe\/Berlin/],
  ['no occurrence at all', { rrule: 'FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20270120' }, /^rrule "FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20270120" gives no occurrence/],
  ['remindMinutes over a week', { remindMinutes: 10081 }, /remindMinutes/],
  ['an unknown field', { every: 'week' }, /unknown field "every"/]
]

for (const backend of databaseBackends()) {
  describe(`series refusals at the operator API on ${backend.name}`, { skip: backend.skip }, () => {
    it('a one-line 400 problem naming the field, and nothing written', async (t) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'status-api-series-refusals-'))
      t.after(() => rmSync(dir, { recursive: true, force: true }))
      const statusFile = path.join(dir, 'status.yaml')
      writeFileSync(statusFile, STATUS_FILE)
      const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, STATUS_FILE: statusFile, OPERATOR_PORT: '1', OPERATOR_TOKENS, ...await backend.env() })
      const context = await openContext(config, { migrate: true })
      const app = await buildOperatorApp(context)
      t.after(async () => { await app.close(); await context.close() })
      const { db } = context.database
      const rows = async () => {
        const counts: number[] = []
        for (const table of ['maintenance_series', 'maintenances', 'maintenance_components', 'notify_events'] as const) {
          counts.push(Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n))
        }
        return counts
      }
      for (const [what, extra, detail] of CASES) {
        const response = await app.inject({ method: 'POST', url: '/v1/maintenance', headers: { authorization: `Bearer ${TOKENS.ci}` }, payload: series(extra) })
        assert.equal(response.statusCode, 400, `${what}: ${response.body}`)
        assert.match(response.headers['content-type'] as string, /^application\/problem\+json/, what)
        const problem = response.json() as { detail: string }
        assert.match(problem.detail, detail, what)
        assert.ok(!problem.detail.includes('\n'), `${what}: one line`)
      }
      assert.deepEqual(await rows(), [0, 0, 0, 0], 'nothing written')
      // The same body without the fault is accepted: the refusals are the faults', not the form's.
      const accepted = await app.inject({ method: 'POST', url: '/v1/maintenance', headers: { authorization: `Bearer ${TOKENS.ci}` }, payload: series({}) })
      assert.equal(accepted.statusCode, 201, accepted.body)
      assert.equal((await rows())[0], 1)
    })
  })
}
