// `status-api incident …` while the server runs on the same SQLite file or PostgreSQL database: a real child
// process opens an incident (the smoke test), the rest runs the same dispatch in-process; the lifecycle shows on
// the endpoint after a refresh; bad input exits 2, writing nothing.
import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { TestContext } from 'node:test'
import { describe, it } from 'node:test'
import type { IncidentsBody } from '../../src/api/incidents.ts'
import { buildTestApp, databaseBackends, tempDir } from '../helper.ts'
import { assertRefusals, declaring, incidentRows, refreshedBody, runAll, runBin, runCommand, runCommandWith, runInProcess } from './run-bin.ts'

describe('status-api incident and maintenance, without a database', () => {
  it('print their help, and refuse to create a database where none is (a mistyped DATA_DIR)', async (t) => {
    const dir = path.join(tempDir(t), 'typo')
    const incidentHelp = await runCommandWith({ DATA_DIR: dir }, ['incident', '--help'])
    const maintenanceHelp = await runCommandWith({ DATA_DIR: dir }, ['maintenance', 'schedule', '--help'])
    const open = await runCommandWith({ DATA_DIR: dir }, ['incident', 'open', '--title', 't', '--impact', 'minor', '--message', 'm'])
    const list = await runCommandWith({ DATA_DIR: dir }, ['maintenance', 'list'])
    assert.equal(incidentHelp.code, 0)
    assert.match(incidentHelp.stdout, /^status-api incident <action>/)
    assert.match(incidentHelp.stdout, /\n {2}open --template ID \[--title TEXT\] \[--impact IMPACT\] \[--message TEXT\] \[--status STATUS\] \[--component COMPONENT\]\.\.\.\n/)
    assert.match(incidentHelp.stdout, /the options given override its own/)
    assert.match(maintenanceHelp.stdout, /--from TIME \(--to TIME \| --duration DURATION\)/)
    for (const result of [open, list]) {
      assert.equal(result.code, 1)
      assert.match(result.stderr, /^status-api: no database at .*typo\/status\.db; set DATA_DIR/)
    }
    assert.ok(!existsSync(dir) || readdirSync(dir).length === 0, 'nothing created')
  })
})

for (const backend of databaseBackends()) {
  describe(`status-api incident on ${backend.name}, with the server running`, { skip: backend.skip }, () => {
    const serve = async (t: TestContext) => buildTestApp(t, await backend.env())

    it('opens (a child process), updates, resolves and lists an incident, each step visible on the endpoint', async (t) => {
      const server = await serve(t)
      const title = '<script>alert(1)</script> Replies are "slow" 🐢'
      // The real bin, in its own process; the other steps run the same dispatch in this one.
      const opened = await runBin(server, ['incident', 'open', '--title', title, '--impact', 'major', '--message', 'We are looking into it.\nMore soon.'])
      assert.equal(opened.code, 0, opened.stderr)
      const id = Number(/^incident (\d+) opened \(major, investigating\)$/m.exec(opened.stdout)?.[1])
      assert.ok(id > 0, opened.stdout)

      let body: IncidentsBody = await refreshedBody(server)
      assert.equal(body.incidents.length, 1)
      assert.equal(body.incidents[0]!.title, title, 'stored and served verbatim')
      assert.equal(body.incidents[0]!.status, 'investigating')
      assert.equal(body.incidents[0]!.updates[0]!.message, 'We are looking into it.\nMore soon.')

      const updated = await runCommand(server, ['incident', 'update', String(id), '--status', 'identified', '--message', 'A bad deploy.'])
      assert.equal(updated.code, 0, updated.stderr)
      assert.match(updated.stdout, new RegExp(`^incident ${id} updated \\(identified\\)`))
      body = await refreshedBody(server)
      assert.equal(body.incidents[0]!.status, 'identified')
      assert.deepEqual(body.incidents[0]!.updates.map((u) => u.message), ['A bad deploy.', 'We are looking into it.\nMore soon.'])

      const monitoring = await runCommand(server, ['incident', 'update', String(id), '--status=monitoring', '--message=Rolled back.'])
      assert.equal(monitoring.code, 0, monitoring.stderr)
      const resolved = await runCommand(server, ['incident', 'resolve', String(id), '--message', 'All good since 12:40 UTC.'])
      assert.equal(resolved.code, 0, resolved.stderr)
      body = await refreshedBody(server)
      const incident = body.incidents[0]!
      assert.equal(incident.status, 'resolved')
      assert.ok(incident.resolvedAt !== null && Date.parse(incident.resolvedAt) >= Date.parse(incident.startedAt))
      assert.deepEqual(incident.updates.map((u) => [u.status, u.message]), [
        ['resolved', 'All good since 12:40 UTC.'], ['monitoring', 'Rolled back.'], ['identified', 'A bad deploy.'],
        ['investigating', 'We are looking into it.\nMore soon.']
      ])

      const list = await runCommand(server, ['incident', 'list'])
      assert.equal(list.code, 0, list.stderr)
      const lines = list.stdout.trim().split('\n')
      assert.match(lines[0]!, /^ID\s+STATUS\s+IMPACT\s+STARTED\s+RESOLVED\s+COMPONENTS\s+BY\s+TITLE$/)
      assert.match(lines[1]!, new RegExp(`^${id}\\s+resolved\\s+major\\s+\\S+Z\\s+\\S+Z\\s+-\\s+-\\s+<script>alert\\(1\\)</script> Replies`))
    })

    it('names the components an incident affects: opened with them, replaced by an update that names others, kept by one that names none', async (t) => {
      const server = await serve(t)
      const config = declaring(server, 'bot', 'music', 'dashboard')
      const opened = await runInProcess(config, ['incident', 'open', '--title', 'Music stutters', '--impact', 'major', '--message', 'Looking.',
        '--component', 'music', '--component=bot=degraded_performance'])
      assert.equal(opened.code, 0, opened.stderr)
      const id = Number(/^incident (\d+) opened \(major, investigating\)$/m.exec(opened.stdout)?.[1])
      let body: IncidentsBody = await refreshedBody(server)
      assert.deepEqual(body.incidents[0]!.components, [{ id: 'bot', status: 'degraded_performance' }, { id: 'music', status: 'partial_outage' }])

      const replaced = await runInProcess(config, ['incident', 'update', String(id), '--message', 'The dashboard too.',
        '--component', 'dashboard=major_outage', '--component', 'music'])
      assert.equal(replaced.code, 0, replaced.stderr)
      body = await refreshedBody(server)
      assert.deepEqual(body.incidents[0]!.components, [{ id: 'dashboard', status: 'major_outage' }, { id: 'music', status: 'partial_outage' }], 'bot is no longer affected')

      const kept = await runInProcess(config, ['incident', 'update', String(id), '--status', 'monitoring', '--message', 'Rolled back.'])
      assert.equal(kept.code, 0, kept.stderr)
      body = await refreshedBody(server)
      assert.deepEqual(body.incidents[0]!.components, [{ id: 'dashboard', status: 'major_outage' }, { id: 'music', status: 'partial_outage' }])
      assert.equal(body.incidents[0]!.updates.length, 3)

      // A later status file that no longer declares dashboard: the incident still lists it, as written.
      const later = declaring(server, 'bot', 'music')
      const list = await runInProcess(later, ['incident', 'list'])
      assert.equal(list.code, 0, list.stderr)
      assert.match(list.stdout.trim().split('\n')[1]!, new RegExp(`^${id}\\s+monitoring\\s+major\\s+\\S+Z\\s+-\\s+dashboard=major_outage,music=partial_outage\\s+-\\s+Music stutters$`))
      assert.deepEqual((await refreshedBody(server)).incidents[0]!.components.map((c: { id: string }) => c.id), ['dashboard', 'music'])
      const refused = await runInProcess(later, ['incident', 'update', String(id), '--message', 'm', '--component', 'dashboard'])
      assert.equal(refused.code, 2)
      assert.equal(refused.stderr, 'status-api: incident update: --component "dashboard" is not a declared component (declared: bot, music)\n')

      // The built-in model without a status file, through the real bin: database, cache and bot.
      const builtin = await runBin(server, ['incident', 'open', '--title', 'Cache slow', '--impact', 'none', '--message', 'm', '--component', 'cache'])
      assert.equal(builtin.code, 0, builtin.stderr)
      body = await refreshedBody(server)
      assert.deepEqual(body.incidents[0]!.components, [{ id: 'cache', status: 'operational' }], 'impact none: named, status unchanged')
    })

    it('refuses unknown, repeated and badly written components with exit code 2, writing nothing', async (t) => {
      const server = await serve(t)
      const config = declaring(server, 'bot', 'music', 'dashboard')
      const open = await runInProcess(config, ['incident', 'open', '--title', 'Open one', '--impact', 'minor', '--message', 'm', '--component', 'bot'])
      const openId = /incident (\d+)/.exec(open.stdout)![1]!
      const before = await incidentRows(server)
      assert.equal(before.incidentComponents.length, 1)
      const bodyBefore = await refreshedBody(server)

      const opening = (...components: string[]) => ['incident', 'open', '--title', 't', '--impact', 'minor', '--message', 'm', ...components.flatMap((c) => ['--component', c])]
      const updating = (...components: string[]) => ['incident', 'update', openId, '--message', 'm', ...components.flatMap((c) => ['--component', c])]
      const cases: Array<[string[], RegExp]> = [
        [opening('musik'), /^incident open: --component "musik" is not a declared component \(declared: bot, music, dashboard\)$/],
        [opening('music', 'musik=partial_outage'), /^incident open: --component "musik" is not a declared component/],
        [opening('music', 'music=major_outage'), /^incident open: --component "music" is given twice$/],
        [opening('music=down'), /^incident open: --component "music=down": the status must be one of degraded_performance, partial_outage, major_outage \(or none, to follow the impact\)$/],
        [opening('music=operational'), /the status must be one of/],
        [opening(''), /^incident open: --component "" names no component \(write ID or ID=STATUS\)$/],
        [[...opening(), '--component'], /^incident open: Option '--component <value>' argument missing$/],
        [[...opening('music'), '--title', 'again'], /^incident open: --title is given twice; it takes one value$/],
        [updating('dashboard', 'nope'), /^incident update: --component "nope" is not a declared component \(declared: bot, music, dashboard\)$/],
        [updating('bot', 'bot'), /^incident update: --component "bot" is given twice$/],
        [updating('bot=partial'), /^incident update: --component "bot=partial": the status must be one of/],
        [['incident', 'update', '999', '--message', 'm', '--component', 'bot'], /^incident update: there is no incident 999$/],
        [['incident', 'resolve', openId, '--component', 'bot'], /^incident resolve: Unknown option '--component'$/]
      ]
      const results = []
      for (const [args] of cases) results.push(await runInProcess(config, args))
      assertRefusals(cases, results, assert.ok)
      // Checked against the instance's own declaration (built in here: database, cache, bot).
      const builtin: Array<[string[], RegExp]> = [[opening('music'), /^incident open: --component "music" is not a declared component \(declared: database, cache, bot\)$/]]
      assertRefusals(builtin, await runAll(server, builtin.map(([args]) => args)), assert.ok)
      assert.deepEqual(await incidentRows(server), before, 'nothing was written: no incident, update, component or event')
      assert.deepEqual(await refreshedBody(server), bodyBefore)
    })

    it('refuses every kind of bad input with one line on stderr and exit code 2, writing nothing', async (t) => {
      const server = await serve(t)
      const open = await runCommand(server, ['incident', 'open', '--title', 'Open one', '--impact', 'minor', '--message', 'm'])
      const openId = /incident (\d+)/.exec(open.stdout)![1]!
      const done = await runCommand(server, ['incident', 'open', '--title', 'Done', '--impact', 'none', '--message', 'm'])
      const doneId = /incident (\d+)/.exec(done.stdout)![1]!
      assert.equal((await runCommand(server, ['incident', 'resolve', doneId])).code, 0)
      const before = await incidentRows(server)
      const bodyBefore = await refreshedBody(server)

      const cases: Array<[string[], RegExp]> = [
        [['incident', 'update', '999', '--status', 'identified', '--message', 'm'], /^incident update: there is no incident 999$/],
        [['incident', 'resolve', '999'], /^incident resolve: there is no incident 999$/],
        [['incident', 'resolve', doneId], /^incident resolve: incident \d+ was resolved at \S+; open a new incident instead$/],
        [['incident', 'update', doneId, '--message', 'm'], /^incident update: incident \d+ was resolved at/],
        [['incident', 'update', openId, '--status', 'fixed', '--message', 'm'], /^incident update: --status must be one of investigating, identified, monitoring, resolved \(got "fixed"\)$/],
        [['incident', 'update', 'abc', '--message', 'm'], /^incident update: "abc" is not a valid incident id/],
        [['incident', 'update', '--message', 'm'], /^incident update: the incident id is missing$/],
        [['incident', 'update', openId], /^incident update: --message is required$/],
        [['incident', 'open', '--title', '', '--impact', 'minor', '--message', 'm'], /^incident open: --title must not be empty$/],
        [['incident', 'open', '--title', '   ', '--impact', 'minor', '--message', 'm'], /^incident open: --title must not be empty$/],
        [['incident', 'open', '--title', 'x'.repeat(201), '--impact', 'minor', '--message', 'm'], /^incident open: --title is 201 characters long; at most 200 are allowed$/],
        [['incident', 'open', '--title', 't', '--impact', 'minor', '--message', 'y'.repeat(5001)], /^incident open: --message is 5001 characters long; at most 5000 are allowed$/],
        [['incident', 'open', '--title', 'a\nb', '--impact', 'minor', '--message', 'm'], /^incident open: --title must be a single line/],
        [['incident', 'open', '--title', 't', '--impact', 'huge', '--message', 'm'], /^incident open: --impact must be one of none, minor, major, critical/],
        [['incident', 'open', '--title', 't', '--message', 'm'], /^incident open: --impact is required/],
        [['incident', 'open', '--title', 't', '--impact', 'minor', '--message', 'm', '--status', 'resolved'], /^incident open: --status resolved makes no sense/],
        [['incident', 'open', '--title', 't', '--impact', 'minor', '--message', 'm', '--severity', 'x'], /^incident open: Unknown option '--severity'$/],
        [['incident', 'open', '--title', 't', '--impact', 'minor', '--message', 'm', '--component', 'music'], /^incident open: --component "music" is not a declared component \(declared: database, cache, bot\)$/],
        [['incident', 'update', openId, '--status', 'identified', '--status', 'monitoring', '--message', 'm'], /^incident update: --status is given twice; it takes one value$/],
        [['incident', 'close', openId], /^incident: unknown action "close"/],
        [['incident'], /^incident: an action is missing/]
      ]
      assertRefusals(cases, await runAll(server, cases.map(([args]) => args)), assert.ok)
      assert.deepEqual(await incidentRows(server), before, 'nothing was written')
      assert.deepEqual(await refreshedBody(server), bodyBefore)
    })
  })
}
