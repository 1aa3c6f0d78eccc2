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
import { assertRefusals, incidentRows, refreshedBody, runAll, runBin, runCommand, runCommandWith } from './run-bin.ts'

describe('status-api incident and maintenance, without a database', () => {
  it('print their help, and refuse to create a database where none is (a mistyped DATA_DIR)', async (t) => {
    const dir = path.join(tempDir(t), 'typo')
    const incidentHelp = await runCommandWith({ DATA_DIR: dir }, ['incident', '--help'])
    const maintenanceHelp = await runCommandWith({ DATA_DIR: dir }, ['maintenance', 'schedule', '--help'])
    const open = await runCommandWith({ DATA_DIR: dir }, ['incident', 'open', '--title', 't', '--impact', 'minor', '--message', 'm'])
    const list = await runCommandWith({ DATA_DIR: dir }, ['maintenance', 'list'])
    assert.equal(incidentHelp.code, 0)
    assert.match(incidentHelp.stdout, /^status-api incident <action>/)
    assert.match(maintenanceHelp.stdout, /--from TIME --to TIME/)
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
      assert.match(lines[0]!, /^ID\s+STATUS\s+IMPACT\s+STARTED\s+RESOLVED\s+TITLE$/)
      assert.match(lines[1]!, new RegExp(`^${id}\\s+resolved\\s+major\\s+\\S+Z\\s+\\S+Z\\s+<script>alert\\(1\\)</script> Replies`))
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
        [['incident', 'close', openId], /^incident: unknown action "close"/],
        [['incident'], /^incident: an action is missing/]
      ]
      assertRefusals(cases, await runAll(server, cases.map(([args]) => args)), assert.ok)
      assert.deepEqual(await incidentRows(server), before, 'nothing was written')
      assert.deepEqual(await refreshedBody(server), bodyBefore)
    })
  })
}
