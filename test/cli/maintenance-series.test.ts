// `status-api maintenance schedule --repeat` on SQLite and PostgreSQL with the server running: a series in its time zone
// materialised 14+ days ahead as ordinary windows, once each however many replicas write; list, show-series, ending one
// occurrence leaves the rest, end-series; the refusals, one line each with nothing written.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { materialiseAll } from '../../src/incidents/series.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { assertRefusals, refreshedBody, runAll, runCommand } from './run-bin.ts'

const DAY = 86_400_000

/** Tomorrow's date in `timeZone`, YYYY-MM-DD. */
const tomorrowIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now() + DAY)
const berlinClock = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.parse(iso))

for (const backend of databaseBackends()) {
  describe(`maintenance series on ${backend.name}`, { skip: backend.skip }, () => {
    it('schedules a daily series at 03:00 Berlin: windows for the next 14 days and more, each 03:00 local, written once', async (t) => {
      const server = await buildTestApp(t, await backend.env())
      const from = `${tomorrowIn('Europe/Berlin')}T03:00`
      const scheduled = await runCommand(server, ['maintenance', 'schedule', '--title', 'Nightly restart', '--message', 'Bots restart.',
        '--from', from, '--timezone', 'Europe/Berlin', '--duration', '1h', '--repeat', 'FREQ=DAILY', '--remind', '30m', '--component', 'bot'])
      assert.equal(scheduled.code, 0, scheduled.stderr)
      const seriesId = /^maintenance series (ms-[0-9a-f]{8}) scheduled: FREQ=DAILY at 03:00 Europe\/Berlin for 1h$/m.exec(scheduled.stdout)?.[1]
      assert.ok(seriesId !== undefined, scheduled.stdout)
      const firstId = Number(/^first occurrence: maintenance (\d+) from/m.exec(scheduled.stdout)?.[1])

      // Two more replicas materialise at the same time: nothing is written twice (one window per series and start).
      const written = await Promise.all([materialiseAll(server.context.database.db, Date.now()), server.context.series.runOnce()])
      assert.deepEqual(written, [0, 0])
      const rows = await server.context.database.db.selectFrom('maintenances').selectAll().where('series_id', '=', seriesId).orderBy('starts_at').execute()
      assert.ok(rows.length >= 14, `${rows.length} occurrences written`)
      assert.equal(rows[0]!.id, firstId)
      assert.ok(Date.parse(rows.at(-1)!.starts_at) >= Date.now() + 14 * DAY - DAY, 'at least 14 days ahead')
      for (const row of rows) {
        assert.equal(berlinClock(row.starts_at), '03:00', row.starts_at)
        assert.equal(Date.parse(row.ends_at) - Date.parse(row.starts_at), 3_600_000)
        assert.equal(row.remind_minutes, 30)
      }

      const body = await refreshedBody(server)
      assert.ok(body.upcomingMaintenance.length >= 13, 'the next 14 days are on the page')
      assert.deepEqual(body.upcomingMaintenance[0]!.components, ['bot'])
      assert.ok(body.upcomingMaintenance.every((window: { seriesId: string | null }) => window.seriesId === seriesId), 'each occurrence names its series in the public body')

      const list = await runCommand(server, ['maintenance', 'list'])
      assert.equal(list.code, 0, list.stderr)
      assert.match(list.stdout, new RegExp(`^SERIES\\s+RULE\\s+ZONE\\s+DURATION\\s+NEXT\\s+TITLE\\n${seriesId}\\s+FREQ=DAILY\\s+Europe/Berlin\\s+1h\\s+${rows[0]!.starts_at.replace('.', '\\.')}\\s+Nightly restart$`, 'm'))

      const show = await runCommand(server, ['maintenance', 'show-series', seriesId])
      assert.equal(show.code, 0, show.stderr)
      assert.equal(show.stdout.trim().split('\n').length, 12, show.stdout) // the line, the header, 10 occurrences

      // Ending one occurrence (a cancellation: it had not started) leaves the others.
      const ended = await runCommand(server, ['maintenance', 'end', String(firstId)])
      assert.equal(ended.stdout.trim(), `maintenance ${firstId} cancelled (it had not started)`)
      const left = await server.context.database.db.selectFrom('maintenances').select('id').where('series_id', '=', seriesId).where('ended_at', 'is', null).execute()
      assert.equal(left.length, rows.length - 1)
      await server.context.series.runOnce()
      assert.equal((await server.context.database.db.selectFrom('maintenances').select('id').where('series_id', '=', seriesId).execute()).length, rows.length, 'the cancelled one is not written again')

      const endSeries = await runCommand(server, ['maintenance', 'end-series', seriesId])
      assert.equal(endSeries.code, 0, endSeries.stderr)
      assert.match(endSeries.stdout, new RegExp(`^maintenance series ${seriesId} ended at \\S+Z$`, 'm'))
      await server.context.series.runOnce()
      const after = await server.context.database.db.selectFrom('maintenances').select('id').where('series_id', '=', seriesId).where('ended_at', 'is', null).execute()
      assert.deepEqual(after, [], 'no occurrence left, none written after the end')
      assert.deepEqual((await refreshedBody(server)).upcomingMaintenance, [])
      const again = await runCommand(server, ['maintenance', 'end-series', seriesId])
      assert.match(again.stderr, /was ended at/)
    })

    it('refuses bad rules, zones, durations and local times with one line, writing nothing', async (t) => {
      const server = await buildTestApp(t, await backend.env())
      const schedule = (overrides: Record<string, string>) => {
        const options = { title: 'Restart', message: 'm', from: `${tomorrowIn('Europe/Berlin')}T03:00`, timezone: 'Europe/Berlin', duration: '1h', repeat: 'FREQ=WEEKLY;BYDAY=SU', ...overrides }
        return ['maintenance', 'schedule', ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, value])]
      }
      const cases: Array<[string[], RegExp]> = [
        [schedule({ repeat: 'FREQ=SECONDLY' }), /^maintenance schedule: --repeat: FREQ=SECONDLY is not supported; use DAILY, WEEKLY or MONTHLY$/],
        [schedule({ repeat: 'FREQ=HOURLY' }), /^maintenance schedule: --repeat: FREQ=HOURLY is not supported/],
        [schedule({ repeat: 'FREQ=YEARLY' }), /^maintenance schedule: --repeat: FREQ=YEARLY is not supported/],
        [schedule({ repeat: 'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1' }), /^maintenance schedule: --repeat: BYSETPOS is not supported/],
        [schedule({ repeat: 'every sunday' }), /^maintenance schedule: --repeat "every sunday" is not a recurrence rule/],
        [schedule({ timezone: 'Europe/Atlantis' }), /^maintenance schedule: --timezone "Europe\/Atlantis" is not a time zone/],
        [schedule({ duration: '0m' }), /^maintenance schedule: --duration must be at least 1m$/],
        [schedule({ duration: '200h' }), /^maintenance schedule: --duration 200h is longer than 7 days$/],
        [schedule({ repeat: 'FREQ=DAILY', duration: '24h' }), /^maintenance schedule: --duration: occurrences would overlap/],
        [schedule({ from: '2027-03-28T02:30', repeat: 'FREQ=MONTHLY;BYMONTHDAY=28' }), /^maintenance schedule: --from: 2027-03-28T02:30 does not exist in Europe\/Berlin/],
        [schedule({ from: '2027-10-31T02:30', repeat: 'FREQ=MONTHLY;BYMONTHDAY=31' }), /^maintenance schedule: --from: 2027-10-31T02:30 happens twice in Europe\/Berlin/]
      ]
      assertRefusals(cases, await runAll(server, cases.map(([args]) => args)), assert.ok)
      assert.deepEqual(await server.context.database.db.selectFrom('maintenance_series').selectAll().execute(), [])
      assert.deepEqual(await server.context.database.db.selectFrom('maintenances').selectAll().execute(), [])
    })
  })
}
