// `status-api report uptime` and GET /v1/reports/uptime on SQLite and PostgreSQL: one operation behind both, the month's
// figures and the incidents that touched each component, as Markdown, RFC 4180 CSV and JSON; a bad month or component
// is one line and exit code 2 (a 400 on the API), writing nothing; the CLI on a remote instance gets the same report.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { Compile } from 'typebox/compile'
import { UptimeReport } from '../../src/api/uptime.ts'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import { dayOfDate } from '../../src/lib/minutes.ts'
import { upsertUptimeDaily } from '../../src/store/repositories/uptime-daily.ts'
import { buildTestApp, databaseBackends } from '../helper.ts'
import { OPERATOR_TOKENS, TOKENS } from '../operator/operator-process.ts'
import { declaring, incidentRows, runCommand, runInProcess } from './run-bin.ts'

const reportSchema = Compile(UptimeReport)
const thisMonth = new Date().toISOString().slice(0, 7)
const lastMonth = (() => { const d = new Date(); d.setUTCDate(1); d.setUTCMonth(d.getUTCMonth() - 1); return d.toISOString().slice(0, 7) })()

for (const backend of databaseBackends()) {
  describe(`status-api report uptime on ${backend.name}`, { skip: backend.skip }, () => {
    const serve = async (t: TestContext) => {
      const test = await buildTestApp(t, { ...await backend.env(), OPERATOR_TOKENS })
      return { ...test, config: declaring(test, 'api', 'music') }
    }

    it('prints the month per component with the target, minutes by status and its incidents, in md, csv and json', async (t) => {
      const test = await serve(t)
      const first = dayOfDate(`${lastMonth}-01`)
      await upsertUptimeDaily(test.context.database, [
        { day: first, component: 'api', checks: 1440, degraded: 0, down: 0, p50Ms: null, p95Ms: null, minutes: { operational: 1380, partial_outage: 60 } },
        { day: first + 1, component: 'music', checks: 1440, degraded: 0, down: 30, p50Ms: null, p95Ms: null }
      ])
      const opened = await runCommand(test, ['incident', 'open', '--title', 'API "slow", again', '--impact', 'major', '--message', 'Looking.', '--component', 'api'])
      assert.equal(opened.code, 0, opened.stderr)

      const json = await runCommand(test, ['report', 'uptime', '--month', lastMonth, '--format', 'json'])
      assert.equal(json.code, 0, json.stderr)
      const report: UptimeReport = JSON.parse(json.stdout)
      assert.ok(reportSchema.Check(report), JSON.stringify([...reportSchema.Errors(report)].slice(0, 3)))
      assert.equal(report.month, lastMonth)
      assert.equal(report.from, `${lastMonth}-01`)
      const [api, music] = report.components
      assert.deepEqual([api!.id, api!.partialMinutes, api!.downMinutes, api!.uptimePercent], ['api', 60, 30, Math.floor((1 - 30 / 1440) * 1_000_000) / 10_000])
      assert.deepEqual([music!.majorMinutes, music!.uptimePercent, music!.splitByStatus], [30, Math.floor((1 - 30 / 1440) * 1_000_000) / 10_000, false])
      assert.deepEqual(api!.incidents, [], 'the incident opened now did not touch last month')

      const now = JSON.parse((await runCommand(test, ['report', 'uptime', '--month', thisMonth, '--component', 'api', '--format', 'json'])).stdout) as UptimeReport
      assert.deepEqual(now.components.map((c) => c.id), ['api'])
      assert.deepEqual(now.components[0]!.incidents.map((i) => [i.title, i.impact, i.status]), [['API "slow", again', 'major', 'partial_outage']])

      const csv = await runCommand(test, ['report', 'uptime', '--month', thisMonth, '--component', 'api', '--format', 'csv'])
      assert.equal(csv.code, 0, csv.stderr)
      const lines = csv.stdout.split('\r\n')
      assert.match(lines[0]!, /^month,row,component,name,uptimePercent,target,targetMet,minutes,downMinutes,/)
      assert.match(lines[2]!, /,"API ""slow"", again",major,/, 'RFC 4180: a field with a comma or quote is quoted, quotes doubled')
      assert.equal(lines.at(-1), '', 'every record ends with CRLF')
      assert.ok(!/[^\r]\n/.test(csv.stdout), 'no bare LF')

      const md = await runCommand(test, ['report', 'uptime', '--month', lastMonth])
      assert.match(md.stdout, new RegExp(`^# Uptime ${lastMonth}\\n`))
      assert.match(md.stdout, /\| api \(api\) \| 97\.9166 % \|/)
    })

    it('refuses a bad month, format or component with one line and exit code 2, writing nothing', async (t) => {
      const test = await serve(t)
      const before = await incidentRows(test)
      const cases: Array<[string[], RegExp]> = [
        [['--month', '2026-13'], /^status-api: report uptime: --month must be a month YYYY-MM/],
        [['--month', '2026-1'], /--month must be a month YYYY-MM/],
        [['--month', ''], /--month must be a month YYYY-MM/],
        [['--month', '2999-01'], /--month 2999-01 has not begun yet/],
        [['--month', '2020-01'], /--month 2020-01 is older than the days kept/],
        [[], /--month YYYY-MM is required/],
        [['--month', thisMonth, '--component', 'nope'], /--component "nope" is not a declared component \(components: api, music\)/],
        [['--month', thisMonth, '--component', 'api', '--component', 'api'], /--component api is given more than once/],
        [['--month', thisMonth, '--format', 'xml'], /--format must be md, csv or json/],
        [['--month', thisMonth, '--month', thisMonth], /--month is given twice/]
      ]
      for (const [args, expected] of cases) {
        const result = await runCommand(test, ['report', 'uptime', ...args])
        assert.equal(result.code, 2, args.join(' '))
        assert.equal(result.stdout, '')
        assert.match(result.stderr, expected)
        assert.equal(result.stderr.trim().split('\n').length, 1, 'one line')
      }
      assert.deepEqual(await incidentRows(test), before)
    })

    it('answers GET /v1/reports/uptime with scope incidents, and the CLI gets the same report from a remote instance', async (t) => {
      const test = await serve(t)
      const context = { ...test.context, config: test.config }
      const operator = await buildOperatorApp(context)
      t.after(() => operator.close())
      const url = await operator.listen({ host: '127.0.0.1', port: 0 })
      const get = (path: string, token: string = TOKENS.ci) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      const answer = await get(`/v1/reports/uptime?month=${thisMonth}&component=music`)
      assert.equal(answer.status, 200)
      const report = await answer.json() as UptimeReport
      assert.ok(reportSchema.Check(report))
      assert.deepEqual(report.components.map((c) => c.id), ['music'])
      assert.equal((await get(`/v1/reports/uptime?month=${thisMonth}`, TOKENS.worker)).status, 403, 'scope incidents')
      const bad = await get('/v1/reports/uptime?month=2026-02-30')
      assert.equal(bad.status, 400)
      assert.match(((await bad.json()) as { detail: string }).detail, /^month must be a month YYYY-MM/)
      assert.equal((await get(`/v1/reports/uptime?month=${thisMonth}&component=nope`)).status, 400)

      const remote = await runInProcess(test.config, ['report', 'uptime', '--month', thisMonth, '--component', 'music', '--format', 'json', '--url', url, '--token', TOKENS.ci])
      assert.equal(remote.code, 0, remote.stderr)
      assert.deepEqual(JSON.parse(remote.stdout), report)
      const refused = await runInProcess(test.config, ['report', 'uptime', '--month', '2026-00', '--url', url, '--token', TOKENS.ci])
      assert.equal(refused.code, 2)
      assert.match(refused.stderr, /month must be a month YYYY-MM/)
    })
  })
}
