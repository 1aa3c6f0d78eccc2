// The minute history's repositories on SQLite and PostgreSQL: worst-wins upserts per (minute, component) with their
// latency, day counts and latency percentiles per component, rollups, retention, seeding.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { loadHistory } from '../../src/monitor/history.ts'
import { runHousekeeping } from '../../src/monitor/housekeeping.ts'
import { MINUTES_PER_DAY, dayOfDate, minuteOf } from '../../src/lib/minutes.ts'
import { seedHistory, HistoryExistsError } from '../../src/demo/seed.ts'
import { builtinDeclaration, type StatusDeclaration, localizedText } from '../../src/declaration/declaration.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import {
  OVERALL, countComponentChecks, countComponentChecksByDay, countShownMinutesByDay, latencyPercentilesByDay, listComponentChecks, upsertComponentChecks,
  type ComponentCheckRow
} from '../../src/store/repositories/component-checks.ts'
import { listUptimeDaily } from '../../src/store/repositories/uptime-daily.ts'
import { databaseBackends, testConfig, type DatabaseBackend } from '../helper.ts'

const NOW = Date.parse('2026-11-21T12:00:30.000Z')
const today = dayOfDate('2026-11-21')

async function openTestDatabase (t: TestContext, backend: DatabaseBackend): Promise<Database> {
  const database = openDatabase(testConfig(t, await backend.env()))
  t.after(() => database.close())
  await migrate(database)
  return database
}

function check (minute: number, component: string, status: string, latencyMs: number | null = null): ComponentCheckRow {
  return { minute, component, status, latencyMs }
}

/** A minute's rows: the overall status and the three components (ok, ok, unknown unless given). */
function minuteRows (minute: number, status: string, components: Record<string, string> = {}): ComponentCheckRow[] {
  return Object.entries({ [OVERALL]: status, database: 'ok', cache: 'ok', bot: 'unknown', ...components }).map(([component, s]) => check(minute, component, s))
}

/** Every order of `items` (n! of them). */
function permutations<T> (items: T[]): T[][] {
  if (items.length <= 1) return [items]
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]))
}

for (const backend of databaseBackends()) {
  describe(`component checks on ${backend.name}`, { skip: backend.skip }, () => {
    it('keeps one row per minute and component: the worst status, with the latency of that observation (the highest among equals)', async (t) => {
      const database = await openTestDatabase(t, backend)
      const minute = minuteOf(NOW)
      const observations = [check(0, 'music', 'ok', 120), check(0, 'music', 'degraded', 900), check(0, 'music', 'degraded', 750), check(0, 'music', 'ok', 2000), check(0, 'music', 'unknown')]
      // Every order of five writers, each order in a minute of its own: the same row every time.
      const orders = permutations(observations)
      for (const [index, order] of orders.entries()) {
        for (const row of order) await upsertComponentChecks(database, [{ ...row, minute: minute + index }])
      }
      const rows = await listComponentChecks(database, minute, minute + orders.length)
      assert.equal(rows.length, orders.length)
      assert.deepEqual(new Set(rows.map((row) => `${row.status} ${row.latencyMs}`)), new Set(['degraded 900']))

      const other = minute + 1000
      await upsertComponentChecks(database, [check(other, 'music', 'down'), check(other, 'api', 'ok'), check(other, 'database', 'ok', 1.5)])
      await upsertComponentChecks(database, [check(other, 'music', 'ok', 80), check(other, 'api', 'ok', 3.25), check(other, 'database', 'ok')])
      await upsertComponentChecks(database, [check(other, 'database', 'down')])
      assert.deepEqual(await listComponentChecks(database, other, other + 1), [
        check(other, 'api', 'ok', 3.25), check(other, 'database', 'down'), check(other, 'music', 'down')
      ], 'a missing latency never replaces one; a worse status brings its own (none)')
    })

    it('keeps the worse of two replicas\' shown statuses for a minute, in either order, and counts minutes by it', async (t) => {
      const database = await openTestDatabase(t, backend)
      const shown = (minute: number, code: ComponentCheckRow['shown']): ComponentCheckRow => ({ ...check(minute, 'api', 'ok'), shown: code })
      await upsertComponentChecks(database, [shown(100, 'operational'), shown(101, 'partial_outage'), shown(102, 'maintenance:operational'), check(103, 'api', 'down')])
      await upsertComponentChecks(database, [shown(100, 'partial_outage'), shown(101, 'operational'), shown(102, null), shown(103, 'maintenance:unknown')])
      assert.deepEqual((await listComponentChecks(database, 100, 104)).map((row) => row.shown), ['partial_outage', 'partial_outage', 'maintenance:operational', 'maintenance:unknown'])
      assert.deepEqual(await countShownMinutesByDay(database, 0, 1440), [{ day: 0, component: 'api', minutes: { partial_outage: 2, 'maintenance:operational': 1, 'maintenance:unknown': 1 } }])
      await upsertComponentChecks(database, [check(200, 'api', 'down')])
      assert.deepEqual((await countShownMinutesByDay(database, 200, 201))[0]!.minutes, { major_outage: 1 }, 'a row without one counts by its measured status')
    })

    it('concurrent writers of one minute leave one row per component', async (t) => {
      const database = await openTestDatabase(t, backend)
      const minute = minuteOf(NOW)
      const statuses = ['ok', 'degraded', 'ok', 'down', 'ok', 'degraded']
      await Promise.all(statuses.map((status, i) => upsertComponentChecks(database, [...minuteRows(minute, status), check(minute, 'music', status, i)])))
      const rows = await listComponentChecks(database, minute, minute + 1)
      assert.deepEqual(rows.map((r) => [r.component, r.status]), [['bot', 'unknown'], ['cache', 'ok'], ['database', 'ok'], ['music', 'down'], ['overall', 'down']])
      assert.equal(rows.find((r) => r.component === 'music')!.latencyMs, 3)
      assert.equal(await countComponentChecks(database), 5)
      assert.equal(await countComponentChecks(database, OVERALL), 1)
    })

    it('counts checks per UTC day and component across the midnight boundary, only known statuses', async (t) => {
      const database = await openTestDatabase(t, backend)
      const midnight = today * MINUTES_PER_DAY
      await upsertComponentChecks(database, [
        ...minuteRows(midnight - 2, 'ok'),
        ...minuteRows(midnight - 1, 'down', { database: 'down' }),
        ...minuteRows(midnight, 'degraded', { cache: 'down', bot: 'ok', music: 'degraded' }),
        ...minuteRows(midnight + 1, 'ok', { bot: 'degraded', music: 'unknown' })
      ])
      const counts = await countComponentChecksByDay(database, midnight - MINUTES_PER_DAY, midnight + MINUTES_PER_DAY)
      const find = (day: number, component: string) => counts.find((c) => c.day === day && c.component === component)
      assert.deepEqual(find(today - 1, OVERALL), { day: today - 1, component: OVERALL, checks: 2, degraded: 0, down: 1 })
      assert.deepEqual(find(today - 1, 'database'), { day: today - 1, component: 'database', checks: 2, degraded: 0, down: 1 })
      assert.deepEqual(find(today - 1, 'bot'), { day: today - 1, component: 'bot', checks: 0, degraded: 0, down: 0 })
      assert.equal(find(today - 1, 'music'), undefined, 'no row, no count')
      assert.deepEqual(find(today, OVERALL), { day: today, component: OVERALL, checks: 2, degraded: 1, down: 0 })
      assert.deepEqual(find(today, 'cache'), { day: today, component: 'cache', checks: 2, degraded: 0, down: 1 })
      assert.deepEqual(find(today, 'bot'), { day: today, component: 'bot', checks: 2, degraded: 1, down: 0 })
      assert.deepEqual(find(today, 'music'), { day: today, component: 'music', checks: 1, degraded: 1, down: 0 }, 'unknown is not a check')
    })

    it('gives each day\'s median and 95th percentile latency by nearest rank, per component, ignoring missing ones', async (t) => {
      const database = await openTestDatabase(t, backend)
      const start = (today - 1) * MINUTES_PER_DAY
      // Yesterday: music 1..100 ms in a shuffled order, and a minute without latency; api 10, 20, 30; today: one.
      const shuffled = Array.from({ length: 100 }, (_, i) => ((i * 37) % 100) + 1)
      await upsertComponentChecks(database, [
        ...shuffled.map((latency, i) => check(start + i, 'music', 'ok', latency)),
        check(start + 100, 'music', 'down'),
        check(start, 'api', 'ok', 30), check(start + 1, 'api', 'ok', 10.5), check(start + 2, 'api', 'degraded', 20),
        check(today * MINUTES_PER_DAY + 5, 'music', 'ok', 7.25),
        check(start, OVERALL, 'ok')
      ])
      const latencies = await latencyPercentilesByDay(database, start, (today + 1) * MINUTES_PER_DAY)
      const sorted = latencies.sort((a, b) => a.day - b.day || a.component.localeCompare(b.component))
      assert.deepEqual(sorted, [
        { day: today - 1, component: 'api', p50Ms: 20, p95Ms: 30 },
        { day: today - 1, component: 'music', p50Ms: 50, p95Ms: 95 },
        { day: today, component: 'music', p50Ms: 7.25, p95Ms: 7.25 }
      ])
    })

    it('rolls complete days up per component with their percentiles, keeps raw rows 7 days and rollups 400; the history is the same before and after', async (t) => {
      const database = await openTestDatabase(t, backend)
      const day = (n: number) => (today - n) * MINUTES_PER_DAY
      await upsertComponentChecks(database, [
        ...minuteRows(day(10) + 5, 'down', { database: 'down', music: 'ok' }), ...minuteRows(day(10) + 6, 'ok', { music: 'down' }),
        check(day(10) + 5, 'cache', 'ok', 0.5), // already ok: the latency joins the row
        ...minuteRows(day(7), 'ok'),
        ...minuteRows(day(1) + 100, 'degraded', { cache: 'down' }),
        ...minuteRows(minuteOf(NOW), 'ok')
      ])
      await database.db.insertInto('uptime_daily').values({ day: '2025-01-01', component: 'overall', checks: 1, degraded: 0, down: 0, latency_p50_ms: null, latency_p95_ms: null }).execute()
      const components = ['database', 'cache', 'bot', 'music']
      const before = await loadHistory(database, NOW, components)
      const result = await runHousekeeping(database, NOW)
      assert.equal(result.rolledUpDays, 3)
      assert.equal(result.deletedChecks, 2 * 4 + 2, 'only the rows of day -10 are older than 7 whole days: two minutes of 4 components, and music\'s two')
      assert.equal(result.deletedRollups, 1, 'a rollup older than 400 days goes')
      const rollups = await listUptimeDaily(database, today - 20, today + 1)
      assert.deepEqual(rollups.filter((r) => r.component === OVERALL).map((r) => [r.day, r.checks, r.down]),
        [[today - 10, 2, 1], [today - 7, 1, 0], [today - 1, 1, 0]], 'today is not rolled up: it is not over')
      assert.deepEqual(rollups.filter((r) => r.component === 'music'), [{ day: today - 10, component: 'music', checks: 2, degraded: 0, down: 1, p50Ms: null, p95Ms: null, minutes: { operational: 1, major_outage: 1 } }],
        'minutes by what the page showed: rows without it by their measured status')
      assert.deepEqual(rollups.find((r) => r.component === 'cache' && r.day === today - 10), { day: today - 10, component: 'cache', checks: 2, degraded: 0, down: 0, p50Ms: 0.5, p95Ms: 0.5, minutes: { operational: 2 } })
      const after = await loadHistory(database, NOW, components)
      assert.deepEqual(after.uptime, before.uptime)
      assert.equal(after.uptime.daily[79]!.downChecks, 1)
      assert.deepEqual(after.uptime.daily[79]!.components.music, { percent: 50, status: 'down' })
      await runHousekeeping(database, NOW)
      assert.deepEqual((await loadHistory(database, NOW, components)).uptime, before.uptime, 'running it again changes nothing')
    })

    it('seeds 90 realistic days once, as housekeeping leaves them; refuses to seed over a history, and the history shows it', async (t) => {
      const database = await openTestDatabase(t, backend)
      const { minutes, rows } = await seedHistory(database, { days: 90, now: NOW, replace: false })
      assert.ok(minutes > 120_000 && minutes <= 89 * 1440 + 721, `about 130k minutes (${minutes})`)
      assert.equal(rows, 4 * minutes)
      const stored = await countComponentChecks(database)
      const rawMinutes = await countComponentChecks(database, OVERALL)
      assert.equal(stored, 4 * rawMinutes)
      assert.ok(rawMinutes > 7 * 1440 - 100 && rawMinutes <= 7 * 1440 + 721, `raw rows of the 7 days kept and today only (${rawMinutes} minutes)`)
      const rollups = await listUptimeDaily(database, today - 90, today)
      assert.deepEqual(new Set(rollups.map((r) => r.component)), new Set(['overall', 'database', 'cache', 'bot']))
      // The rollups computed while seeding are those housekeeping computes from the same rows in the database.
      await runHousekeeping(database, NOW)
      assert.deepEqual(await listUptimeDaily(database, today - 90, today), rollups)
      assert.equal(await countComponentChecks(database), stored)
      await assert.rejects(seedHistory(database, { days: 90, now: NOW, replace: false }), HistoryExistsError)
      const history = await loadHistory(database, NOW)
      assert.equal(history.uptime.daily.length, 90)
      const noData = history.uptime.daily.filter((d) => d.status === 'no_data')
      assert.equal(noData.length, 1, 'one silent day')
      assert.ok(history.uptime.daily.some((d) => d.status === 'down'))
      assert.ok(history.uptime.daily.some((d) => d.checks > 0 && d.checks < d.expectedChecks), 'gaps are visible')
      const percent = history.uptime.percent!
      assert.ok(percent > 99 && percent < 100, String(percent))
      assert.ok(history.checks.length > 1400 && history.checks.length <= 1440)
      const database30 = (await listUptimeDaily(database, today - 30, today - 29)).find((r) => r.component === 'database')!
      assert.ok(database30.p50Ms! >= 0.8 && database30.p95Ms! <= 3.2 && database30.p50Ms! <= database30.p95Ms!, JSON.stringify(database30))
      // --replace starts over with the same data.
      await seedHistory(database, { days: 90, now: NOW, replace: true })
      assert.equal(await countComponentChecks(database), stored)
      assert.deepEqual(await listUptimeDaily(database, today - 90, today), rollups)
    })

    it('seeds the components a declaration adds, mostly ok, with latencies where their check measures one', async (t) => {
      const database = await openTestDatabase(t, backend)
      const builtin = builtinDeclaration()
      const declaration: StatusDeclaration = {
        ...builtin,
        components: [
          ...builtin.components,
          { id: 'dashboard', name: localizedText({ en: 'Dashboard', de: 'Dashboard' }), description: undefined, group: undefined, critical: false, check: { kind: 'tcp', host: 'localhost', port: 1, everyMs: 60_000, timeoutMs: 1000, confirm: 2 } },
          { id: 'api', name: localizedText({ en: 'API', de: 'API' }), description: undefined, group: undefined, critical: false, check: { kind: 'manual' } }
        ]
      }
      const { minutes, rows } = await seedHistory(database, { days: 3, now: NOW, replace: false, declaration })
      assert.equal(rows, 6 * minutes)
      const history = await loadHistory(database, NOW, ['database', 'cache', 'bot', 'dashboard', 'api'])
      assert.ok(history.uptime.components.dashboard! > 99, String(history.uptime.components.dashboard))
      const recent = await listComponentChecks(database, minuteOf(NOW) - 60, minuteOf(NOW) + 1)
      assert.ok(recent.filter((r) => r.component === 'dashboard').every((r) => r.latencyMs !== null))
      assert.ok(recent.filter((r) => r.component === 'api').every((r) => r.latencyMs === null))
    })
  })
}
