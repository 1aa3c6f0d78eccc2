// The health repositories on SQLite and PostgreSQL: worst-wins minute upserts, day counts, rollups, retention, seeding.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { loadHistory } from '../../src/monitor/history.ts'
import { runHousekeeping } from '../../src/monitor/housekeeping.ts'
import { MINUTES_PER_DAY, dayOfDate, minuteOf } from '../../src/lib/minutes.ts'
import { seedHistory, HistoryExistsError } from '../../src/demo/seed.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import {
  countAllHealthChecks, countHealthChecksByDay, listHealthChecks, upsertHealthChecks, type HealthCheckRow
} from '../../src/store/repositories/health-checks.ts'
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

function row (minute: number, status: string, components: Partial<HealthCheckRow> = {}): HealthCheckRow {
  return { minute, status, database: 'ok', cache: 'ok', bot: 'unknown', ...components }
}

for (const backend of databaseBackends()) {
  describe(`health checks on ${backend.name}`, { skip: backend.skip }, () => {
    it('keeps one row per minute with the worst status of each column, whatever the order of writers', async (t) => {
      const database = await openTestDatabase(t, backend)
      const minute = minuteOf(NOW)
      await upsertHealthChecks(database, [row(minute, 'ok', { bot: 'ok' })])
      await upsertHealthChecks(database, [row(minute, 'down', { database: 'down', bot: 'unknown' })])
      await upsertHealthChecks(database, [row(minute, 'degraded', { cache: 'down', bot: 'unknown' })])
      await upsertHealthChecks(database, [row(minute + 1, 'degraded', { cache: 'degraded' })])
      await upsertHealthChecks(database, [row(minute + 1, 'ok')])
      assert.deepEqual(await listHealthChecks(database, minute, minute + 2), [
        { minute, status: 'down', database: 'down', cache: 'down', bot: 'ok' },
        { minute: minute + 1, status: 'degraded', database: 'ok', cache: 'degraded', bot: 'unknown' }
      ])
    })

    it('concurrent writers of one minute leave one row', async (t) => {
      const database = await openTestDatabase(t, backend)
      const minute = minuteOf(NOW)
      const statuses = ['ok', 'degraded', 'ok', 'down', 'ok', 'degraded']
      await Promise.all(statuses.map((status) => upsertHealthChecks(database, [row(minute, status)])))
      assert.deepEqual((await listHealthChecks(database, minute, minute + 1)).map((r) => r.status), ['down'])
      assert.equal(await countAllHealthChecks(database), 1)
    })

    it('counts checks per UTC day across the midnight boundary, components only when known', async (t) => {
      const database = await openTestDatabase(t, backend)
      const midnight = today * MINUTES_PER_DAY
      await upsertHealthChecks(database, [
        row(midnight - 2, 'ok'),
        row(midnight - 1, 'down', { database: 'down' }),
        row(midnight, 'degraded', { cache: 'down', bot: 'ok' }),
        row(midnight + 1, 'ok', { bot: 'degraded' })
      ])
      const counts = await countHealthChecksByDay(database, midnight - MINUTES_PER_DAY, midnight + MINUTES_PER_DAY)
      const find = (day: number, component: string) => counts.find((c) => c.day === day && c.component === component)
      assert.deepEqual(find(today - 1, 'overall'), { day: today - 1, component: 'overall', checks: 2, degraded: 0, down: 1 })
      assert.deepEqual(find(today - 1, 'database'), { day: today - 1, component: 'database', checks: 2, degraded: 0, down: 1 })
      assert.deepEqual(find(today - 1, 'bot'), { day: today - 1, component: 'bot', checks: 0, degraded: 0, down: 0 })
      assert.deepEqual(find(today, 'overall'), { day: today, component: 'overall', checks: 2, degraded: 1, down: 0 })
      assert.deepEqual(find(today, 'cache'), { day: today, component: 'cache', checks: 2, degraded: 0, down: 1 })
      assert.deepEqual(find(today, 'bot'), { day: today, component: 'bot', checks: 2, degraded: 1, down: 0 })
    })

    it('rolls complete days up, keeps raw rows 7 days and rollups 400, and the history is the same before and after', async (t) => {
      const database = await openTestDatabase(t, backend)
      const day = (n: number) => (today - n) * MINUTES_PER_DAY
      await upsertHealthChecks(database, [
        row(day(10) + 5, 'down', { database: 'down' }), row(day(10) + 6, 'ok'),
        row(day(7), 'ok'),
        row(day(1) + 100, 'degraded', { cache: 'down' }),
        row(minuteOf(NOW), 'ok')
      ])
      await database.db.insertInto('uptime_daily').values({ day: '2025-01-01', component: 'overall', checks: 1, degraded: 0, down: 0 }).execute()
      const before = await loadHistory(database, NOW)
      const result = await runHousekeeping(database, NOW)
      assert.equal(result.deletedChecks, 2, 'only the rows of day -10 are older than 7 whole days')
      assert.equal(result.deletedRollups, 1, 'a rollup older than 400 days goes')
      const rollups = await listUptimeDaily(database, today - 20, today + 1)
      assert.deepEqual(rollups.filter((r) => r.component === 'overall').map((r) => [r.day, r.checks, r.down]),
        [[today - 10, 2, 1], [today - 7, 1, 0], [today - 1, 1, 0]], 'today is not rolled up: it is not over')
      const after = await loadHistory(database, NOW)
      assert.deepEqual(after.uptime, before.uptime)
      assert.equal(after.uptime.daily[79]!.downChecks, 1)
      await runHousekeeping(database, NOW)
      assert.deepEqual((await loadHistory(database, NOW)).uptime, before.uptime, 'running it again changes nothing')
    })

    it('seeds 90 realistic days once, refuses to seed over a history, and the history shows it', async (t) => {
      const database = await openTestDatabase(t, backend)
      const { rows } = await seedHistory(database, { days: 90, now: NOW, replace: false })
      assert.ok(rows > 120_000 && rows <= 89 * 1440 + 721, `about 130k rows (${rows})`)
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
      // --replace starts over with the same data.
      await seedHistory(database, { days: 90, now: NOW, replace: true })
      assert.equal(await countAllHealthChecks(database), rows)
    })
  })
}
