// GET /api/v1/health/uptime on SQLite and PostgreSQL: figures from minutes by what the page showed (today's raw rows,
// rolled-up days, a day rolled up before they were kept), weights applied when read, every parameter at its limits,
// refusals naming the parameter (nothing written, never a 5xx), no database query per request, two replicas agreeing.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { Compile } from 'typebox/compile'
import { UptimeBody, uptimeExample } from '../../src/api/uptime.ts'
import { buildUptimeBody } from '../../src/monitor/uptime-body.ts'
import type { UptimeDay } from '../../src/monitor/uptime-data.ts'
import { buildApp } from '../../src/app.ts'
import { openContext } from '../../src/context.ts'
import { DEFAULT_UPTIME, builtinDeclaration, localizedText, type StatusDeclaration, type UptimePolicy } from '../../src/declaration/declaration.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { dayOfDate } from '../../src/lib/minutes.ts'
import { listComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { upsertUptimeDaily } from '../../src/store/repositories/uptime-daily.ts'
import { databaseBackends, tempDir, testConfig, type DatabaseBackend, type Env } from '../helper.ts'

const uptimeSchema = Compile(UptimeBody)
const NOW = '2026-11-21T12:00:10.000Z'
const today = dayOfDate('2026-11-21')

function declaration (uptime?: UptimePolicy): StatusDeclaration {
  const builtin = builtinDeclaration()
  return {
    ...builtin,
    ...(uptime === undefined ? {} : { uptime }),
    components: [...builtin.components, { id: 'public-api', name: localizedText({ en: 'Public API', de: 'Öffentliche API' }), description: undefined, group: undefined, critical: false, check: { kind: 'manual' } }]
  }
}

async function replica (t: TestContext, env: Env, uptime?: UptimePolicy) {
  const clock = new ManualClock(NOW)
  const config = { ...testConfig(t, env), status: declaration(uptime) }
  const context = await openContext(config, { migrate: true, clock })
  const app = await buildApp(context)
  t.after(async () => {
    await app.close()
    await context.close()
  })
  return { app, context, clock }
}

/** Environment shared by replicas of one database: the same SQLite folder, or the same PostgreSQL database. */
async function sharedEnv (t: TestContext, backend: DatabaseBackend): Promise<Env> {
  return { ...await backend.env(), ...(backend.name === 'sqlite' ? { DATA_DIR: tempDir(t) } : {}) }
}

/** Two days rolled up: one before minutes were kept by status (counts only), one with them. */
async function seed (context: Awaited<ReturnType<typeof replica>>['context']) {
  await upsertUptimeDaily(context.database, [
    { day: today - 10, component: 'database', checks: 1440, degraded: 0, down: 144, p50Ms: null, p95Ms: null },
    { day: today - 5, component: 'public-api', checks: 1440, degraded: 0, down: 0, p50Ms: null, p95Ms: null, minutes: { operational: 1000, partial_outage: 400, 'maintenance:operational': 40 } }
  ])
}

const get = async (app: Awaited<ReturnType<typeof replica>>['app'], query: string) => await app.inject(`/api/v1/health/uptime${query}`)

describe('the uptime body\'s documentation example', () => {
  it('is what the body\'s own code makes of its minutes', () => {
    const day = dayOfDate('2026-11-21')
    const database = new Map<number, UptimeDay>([
      [day - 2, { minutes: { operational: 1350, partial_outage: 30, 'maintenance:operational': 60 }, split: true }],
      [day - 1, { minutes: { operational: 1440 }, split: true }],
      [day, { minutes: { operational: 721 }, split: true }]
    ])
    const bot = new Map<number, UptimeDay>([[day - 2, { minutes: { operational: 1430, major_outage: 10 }, split: false }], [day - 1, { minutes: { operational: 1440 }, split: true }]])
    const made = buildUptimeBody(
      { now: Date.parse('2026-11-21T12:00:30.000Z'), firstDay: day - 400, days: new Map([['database', database], ['bot', bot]]), incidents: [] },
      { fromDay: day - 2, toDay: day, components: ['database', 'bot'], by: 'day' },
      { ...DEFAULT_UPTIME, target: 99.9 },
      [{ id: 'database', name: 'Database' }, { id: 'bot', name: 'Bot connection' }]
    )
    assert.deepEqual(uptimeExample(), made)
    assert.ok(uptimeSchema.Check(made))
  })
})

for (const backend of databaseBackends()) {
  describe(`GET /api/v1/health/uptime on ${backend.name}`, { skip: backend.skip }, () => {
    it('publishes the formula and every minute count, from rollups old and new and today\'s raw rows', async (t) => {
      const { app, context } = await replica(t, await sharedEnv(t, backend))
      await seed(context)
      await context.monitor.runOnce()
      const rows = (await listComponentChecks(context.database, 0, 2_000_000_000)).filter((row) => row.component === 'public-api')
      assert.deepEqual(rows.map((row) => row.shown), ['operational'], 'each minute keeps what the page showed')

      const response = await get(app, '?from=2026-11-11&to=2026-11-21&component=public-api&component=database')
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['cache-control'], (await app.inject('/api/v1/health/history')).headers['cache-control'], 'as the history')
      const body: UptimeBody = response.json()
      assert.ok(uptimeSchema.Check(body), JSON.stringify([...uptimeSchema.Errors(body)].slice(0, 3)))
      assert.deepEqual([body.from, body.to, body.by, body.target], ['2026-11-11', '2026-11-21', 'day', null])
      assert.deepEqual(body.formula, { weights: { operational: 0, degraded_performance: 0, partial_outage: 0.5, major_outage: 1 }, maintenance: 'excluded' })
      assert.deepEqual(body.components.map((c) => c.id), ['database', 'public-api'], 'in page order, whatever the order asked')
      const [database, api] = body.components
      assert.equal(database!.periods.length, 11)
      const oldDay = database!.periods[0]!
      assert.deepEqual([oldDay.start, oldDay.uptimePercent, oldDay.majorMinutes, oldDay.splitByStatus], ['2026-11-11', 90, 144, false], 'counts of before read as they did')
      const day = api!.periods[5]!
      assert.deepEqual([day.start, day.downMinutes, day.partialMinutes, day.maintenanceMinutes, day.noDataMinutes, day.splitByStatus], ['2026-11-16', 200, 400, 40, 0, true])
      assert.equal(day.uptimePercent, Math.floor((1 - 200 / 1400) * 1_000_000) / 10_000)
      const todayFigures = api!.periods[10]!
      assert.deepEqual([todayFigures.minutes, todayFigures.operationalMinutes, todayFigures.noDataMinutes, todayFigures.uptimePercent], [721, 1, 720, 100])
      // The whole window, checkable by hand: 10 days of 1440 minutes and 721 of today.
      assert.equal(api!.minutes, 10 * 1440 + 721)
      assert.equal(api!.uptimePercent, Math.floor((1 - 200 / 1401) * 1_000_000) / 10_000)
      assert.equal(body.overall.components, 2)
      assert.equal(body.overall.uptimePercent, Math.floor(((database!.uptimePercent! + api!.uptimePercent!) / 2) * 10_000 + 1e-6) / 10_000)
      assert.equal(body.overall.periods.length, 11)
    })

    it('applies the declared weights when read, with no rebuild: the same rows, other figures, the target met or missed', async (t) => {
      const env = await sharedEnv(t, backend)
      const first = await replica(t, env)
      await seed(first.context)
      const strict = await replica(t, env, { barDays: 30, target: 99.9, weights: { degraded_performance: 0.1, partial_outage: 1, major_outage: 1 }, maintenance: 'counted' })
      const body: UptimeBody = (await get(strict.app, '?from=2026-11-16&to=2026-11-16&component=public-api')).json()
      const [day] = body.components[0]!.periods
      assert.deepEqual([body.target, day!.downMinutes, day!.operationalMinutes, day!.uptimePercent, day!.targetMet], [99.9, 400, 1040, Math.floor((1 - 400 / 1440) * 1_000_000) / 10_000, false])
      assert.equal(body.by, 'day', 'from = to is one day')
    })

    it('groups by month beyond 92 days and when asked, cutting months to the window; 400 days ok, 401 not', async (t) => {
      const { app } = await replica(t, await sharedEnv(t, backend))
      const long: UptimeBody = (await get(app, '?from=2025-10-18&to=2026-11-21')).json()
      assert.equal(long.by, 'month')
      assert.deepEqual(long.components[0]!.periods.map((p) => [p.start, p.end]).slice(0, 2), [['2025-10-18', '2025-10-31'], ['2025-11-01', '2025-11-30']])
      assert.equal(long.components[0]!.periods.at(-1)!.start, '2026-11-01')
      assert.equal((await get(app, '?from=2026-08-22')).json().by, 'day', '92 days')
      assert.equal((await get(app, '?from=2026-08-21')).json().by, 'month', '93 days')
      assert.equal((await get(app, '?from=2026-11-01&by=month')).json().components[0].periods.length, 1)
      const defaults: UptimeBody = (await get(app, '')).json()
      assert.deepEqual([defaults.from, defaults.to, defaults.by, defaults.components.length], ['2026-10-23', '2026-11-21', 'day', 4], 'the last 30 days, every component')
      assert.equal((await get(app, '?from=2025-10-18&to=2026-11-21')).statusCode, 200, '400 days')
      assert.equal((await get(app, '?from=2024-02-29&to=2024-02-29')).statusCode, 400, 'a leap day is a day, but before retention')
    })

    it('refuses every wrong parameter with a 400 problem naming it, and writes nothing', async (t) => {
      const { app, context } = await replica(t, await sharedEnv(t, backend))
      await context.monitor.runOnce()
      const before = await listComponentChecks(context.database, 0, 2_000_000_000)
      const cases: Array<[string, string]> = [
        ['?from=2026-13-01', 'from'], ['?from=2026-02-29', 'from'], ['?to=2026-2-1', 'to'], ['?from=yesterday', 'from'], ['?from=', 'from'], ['?to=', 'to'],
        ['?from=2026-11-20&to=2026-11-19', 'from'], ['?from=2025-10-17&to=2026-11-21', 'from'], ['?from=2025-10-16&to=2025-10-16', 'from'],
        ['?to=2025-10-01', 'to'], ['?to=2026-11-22', 'to'], ['?from=2026-11-01&from=2026-11-02', 'from'], ['?component=nope', 'component'],
        ['?component=cache&component=cache', 'component'], ['?component=', 'component'], ['?by=week', 'by'], ['?by=', 'by'], ['?by=day&by=month', 'by'],
        ['?from=2026-11-01%00', 'from'], [`?component=${'x'.repeat(5000)}`, 'component']
      ]
      for (const [query, parameter] of cases) {
        const response = await get(app, query)
        assert.equal(response.statusCode, 400, `${query}: ${response.body}`)
        assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
        const problem = response.json()
        assert.equal(problem.code, 'invalid_request')
        assert.ok(problem.detail.startsWith(`${parameter}: `), `${query}: ${problem.detail}`)
      }
      assert.deepEqual(await listComponentChecks(context.database, 0, 2_000_000_000), before)
    })

    it('answers from memory: no database query per request, within a minute the same bytes', async (t) => {
      const { app, context } = await replica(t, await sharedEnv(t, backend))
      await context.monitor.runOnce()
      const first = (await get(app, '?from=2025-10-18')).body
      const executor = context.database.db.getExecutor()
      const executeQuery = executor.executeQuery.bind(executor)
      let queries = 0
      executor.executeQuery = (query, options) => { queries++; return executeQuery(query, options) }
      for (let i = 0; i < 20; i++) assert.equal((await get(app, i % 2 === 0 ? '?from=2025-10-18' : '?component=bot&by=month')).statusCode, 200)
      assert.equal(queries, 0)
      assert.equal((await get(app, '?from=2025-10-18')).body, first)
    })

    it('two replicas of one database agree on every figure', async (t) => {
      const env = await sharedEnv(t, backend)
      const a = await replica(t, env)
      const b = await replica(t, env)
      await seed(a.context)
      await a.context.monitor.runOnce()
      await b.context.monitor.runOnce()
      a.clock.advance(60_000)
      b.clock.advance(60_000)
      await Promise.all([a.context.monitor.uptime.refreshIfStale(), b.context.monitor.uptime.refreshIfStale()])
      for (const query of ['', '?from=2025-10-18', '?component=public-api&by=month']) {
        const [left, right] = await Promise.all([get(a.app, query), get(b.app, query)])
        assert.equal(left.statusCode, 200)
        assert.deepEqual(left.json(), right.json(), query)
      }
    })
  })
}
