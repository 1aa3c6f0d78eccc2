// `status-api maintenance …` while the server runs on the same SQLite file or PostgreSQL database: a real child
// process schedules a window (the smoke test), the rest runs the same dispatch in-process; windows show, start and
// end on the endpoint and the maintenance flag; bad input exits 2.
import assert from 'node:assert/strict'
import type { TestContext } from 'node:test'
import { describe, it } from 'node:test'
import type { IncidentsBody } from '../../src/api/incidents.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { assertRefusals, declaring, incidentRows, refreshedBody, runAll, runBin, runCommand, runInProcess } from './run-bin.ts'

const HOUR = 3_600_000

for (const backend of databaseBackends()) {
  describe(`status-api maintenance on ${backend.name}, with the server running`, { skip: backend.skip }, () => {
    const serve = async (t: TestContext) => buildTestApp(t, await backend.env())
    const idOf = (stdout: string) => /^maintenance (\d+) scheduled/.exec(stdout)?.[1]

    it('schedules (a child process) an active and an upcoming window, lists them, ends one and cancels the other', async (t) => {
      const server = await serve(t)
      const before = Date.now()
      // The real bin, in its own process; the other steps run the same dispatch in this one.
      const now = await runBin(server, ['maintenance', 'schedule', '--title', 'Database <upgrade>', '--message', 'Read-only & slow.', '--from', 'now', '--to', '+2h'])
      assert.equal(now.code, 0, now.stderr)
      const nowId = Number(idOf(now.stdout))
      const start = new Date(Date.now() + 24 * HOUR)
      const from = start.toISOString().replace(/:\d\d\.\d{3}Z$/, 'Z') // minutes precision, e.g. 2026-11-22T12:34Z
      const to = new Date(Date.parse(from) + HOUR).toISOString().replace('Z', '+00:00')
      const later = await runCommand(server, ['maintenance', 'schedule', '--title', 'Cache move', '--message', 'Brief blips.', '--from', from, '--to', to])
      assert.equal(later.code, 0, later.stderr)
      const laterId = Number(idOf(later.stdout))

      let body: IncidentsBody = await refreshedBody(server)
      assert.equal(body.maintenance?.id, nowId)
      assert.equal(body.maintenance?.title, 'Database <upgrade>')
      assert.equal(body.maintenance?.message, 'Read-only & slow.')
      const startsAt = Date.parse(body.maintenance!.startsAt)
      assert.ok(startsAt >= before && startsAt <= Date.now(), '--from now is the time of the command')
      assert.equal(Date.parse(body.maintenance!.endsAt) - startsAt, 2 * HOUR)
      assert.deepEqual(body.upcomingMaintenance.map((m) => [m.id, m.startsAt, m.endsAt]),
        [[laterId, new Date(Date.parse(from)).toISOString(), new Date(Date.parse(from) + HOUR).toISOString()]])
      assert.equal(server.context.incidents.isMaintenanceActive(), true)

      const list = await runCommand(server, ['maintenance', 'list'])
      assert.equal(list.code, 0, list.stderr)
      const lines = list.stdout.trim().split('\n')
      assert.match(lines[0]!, /^ID\s+STATE\s+FROM\s+TO\s+COMPONENTS\s+BY\s+TITLE$/)
      assert.match(lines[1]!, new RegExp(`^${nowId}\\s+active\\s+\\S+Z\\s+\\S+Z\\s+-\\s+-\\s+Database <upgrade>$`))
      assert.match(lines[2]!, new RegExp(`^${laterId}\\s+scheduled\\s+.*Cache move$`))

      const ended = await runCommand(server, ['maintenance', 'end', String(nowId)])
      assert.equal(ended.code, 0, ended.stderr)
      assert.equal(ended.stdout.trim(), `maintenance ${nowId} ended`)
      const cancelled = await runCommand(server, ['maintenance', 'end', String(laterId)])
      assert.equal(cancelled.stdout.trim(), `maintenance ${laterId} cancelled (it had not started)`)
      body = await refreshedBody(server)
      assert.deepEqual(body, { maintenance: null, upcomingMaintenance: [], incidents: [], totals: { open: 0, resolved: 0 } })
      assert.equal(server.context.incidents.isMaintenanceActive(), false)
    })

    it('names the components a window affects, on the banner, the upcoming list and maintenance list', async (t) => {
      const server = await serve(t)
      const config = declaring(server, 'bot', 'music', 'dashboard', 'website')
      const now = await runInProcess(config, ['maintenance', 'schedule', '--title', 'Web move', '--message', 'm', '--from', 'now', '--to', '+1h',
        '--component', 'website', '--component', 'dashboard'])
      assert.equal(now.code, 0, now.stderr)
      const later = await runInProcess(config, ['maintenance', 'schedule', '--title', 'Music update', '--message', 'm', '--from', '+1d', '--to', '+25h', '--component=music'])
      const notice = await runInProcess(config, ['maintenance', 'schedule', '--title', 'Notice', '--message', 'm', '--from', '+2d', '--to', '+49h'])
      const [nowId, laterId, noticeId] = [now, later, notice].map((result) => Number(idOf(result.stdout)))

      const body: IncidentsBody = await refreshedBody(server)
      assert.deepEqual([body.maintenance?.id, body.maintenance?.components], [nowId, ['dashboard', 'website']])
      assert.deepEqual(body.upcomingMaintenance.map((m) => [m.id, m.components]), [[laterId, ['music']], [noticeId, []]])

      // Listed by a later file that no longer declares the website: as written.
      const list = await runInProcess(declaring(server, 'bot'), ['maintenance', 'list'])
      assert.equal(list.code, 0, list.stderr)
      const lines = list.stdout.trim().split('\n')
      assert.match(lines[1]!, new RegExp(`^${nowId}\\s+active\\s+\\S+Z\\s+\\S+Z\\s+dashboard,website\\s+-\\s+Web move$`))
      assert.match(lines[2]!, new RegExp(`^${laterId}\\s+scheduled\\s+\\S+Z\\s+\\S+Z\\s+music\\s+-\\s+Music update$`))
      assert.match(lines[3]!, new RegExp(`^${noticeId}\\s+scheduled\\s+\\S+Z\\s+\\S+Z\\s+-\\s+-\\s+Notice$`))

      // The built-in model without a status file, through the real bin.
      const builtin = await runBin(server, ['maintenance', 'schedule', '--title', 'Cache', '--message', 'm', '--from', '+3d', '--to', '+73h', '--component', 'cache'])
      assert.equal(builtin.code, 0, builtin.stderr)
      assert.deepEqual((await refreshedBody(server)).upcomingMaintenance.at(-1).components, ['cache'])
    })

    it('refuses every kind of bad input with one line on stderr and exit code 2, writing nothing', async (t) => {
      const server = await serve(t)
      const ended = idOf((await runCommand(server, ['maintenance', 'schedule', '--title', 't', '--message', 'm', '--from', 'now', '--to', '+1h'])).stdout)!
      assert.equal((await runCommand(server, ['maintenance', 'end', ended])).code, 0)
      const before = await incidentRows(server)
      const bodyBefore = await refreshedBody(server)

      const schedule = (overrides: Record<string, string>) => {
        const options = { title: 'Upgrade', message: 'm', from: '+1h', to: '+2h', ...overrides }
        return ['maintenance', 'schedule', ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, value])]
      }
      const cases: Array<[string[], RegExp]> = [
        [schedule({ from: '+3h', to: '+1h' }), /^maintenance schedule: --to \(\S+\) must be after --from \(\S+\)$/],
        [schedule({ from: '2030-01-01T10:00Z', to: '2030-01-01T10:00+00:00' }), /must be after --from/],
        [schedule({ from: 'tomorrow' }), /^maintenance schedule: --from "tomorrow" is not a time; use an ISO 8601 time with a zone/],
        [schedule({ to: '2030-02-30T10:00Z' }), /^maintenance schedule: --to "2030-02-30T10:00Z" is not a time/],
        [schedule({ from: '2030-01-01T10:00' }), /^maintenance schedule: --from "2030-01-01T10:00" has no time zone; add Z for UTC or an offset such as \+01:00$/],
        [schedule({ from: '2020-01-01T00:00Z', to: '2020-01-02T00:00Z' }), /^maintenance schedule: --to \(\S+\) is in the past/],
        [schedule({ title: '' }), /^maintenance schedule: --title must not be empty$/],
        [schedule({ title: 'ü'.repeat(201) }), /^maintenance schedule: --title is 201 characters long; at most 200 are allowed$/],
        [schedule({ message: 'm'.repeat(5001) }), /^maintenance schedule: --message is 5001 characters long; at most 5000 are allowed$/],
        [['maintenance', 'schedule', '--title', 't', '--message', 'm', '--to', '+1h'], /^maintenance schedule: --from is required/],
        [['maintenance', 'schedule', '--title', 't', '--message', 'm', '--from', '-1h', '--to', '+1h'], /^maintenance schedule: a value of --from that starts with a dash must be written --from=VALUE/],
        [['maintenance', 'end', '999'], /^maintenance end: there is no maintenance 999$/],
        [['maintenance', 'end', ended], /^maintenance end: maintenance \d+ is already ended$/],
        [['maintenance', 'end', '0'], /^maintenance end: "0" is not a valid maintenance id/],
        [['maintenance', 'end'], /^maintenance end: the maintenance id is missing$/],
        [['maintenance', 'postpone', ended], /^maintenance: unknown action "postpone"/],
        [schedule({ component: 'music' }), /^maintenance schedule: --component "music" is not a declared component \(declared: database, cache, bot\)$/],
        [[...schedule({ component: 'cache' }), '--component', 'cache'], /^maintenance schedule: --component "cache" is given twice$/],
        [schedule({ component: 'cache=partial_outage' }), /^maintenance schedule: --component "cache=partial_outage": a maintenance window's components take no status \(they are under_maintenance while it is active\)$/],
        [[...schedule({}), '--to', '+3h'], /^maintenance schedule: --to is given twice; it takes one value$/],
        [['maintenance', 'end', ended, '--component', 'cache'], /^maintenance end: Unknown option '--component'$/]
      ]
      assertRefusals(cases, await runAll(server, cases.map(([args]) => args)), assert.ok)
      const declared: Array<[string[], RegExp]> = [
        [schedule({ component: 'musik' }), /^maintenance schedule: --component "musik" is not a declared component \(declared: bot, music, dashboard\)$/]
      ]
      const config = declaring(server, 'bot', 'music', 'dashboard')
      assertRefusals(declared, [await runInProcess(config, declared[0]![0])], assert.ok)
      assert.deepEqual(await incidentRows(server), before, 'nothing was written')
      assert.deepEqual(await refreshedBody(server), bodyBefore)
    })
  })
}
