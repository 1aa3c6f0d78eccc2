// Migration 004 on a real database from before it (test/fixtures/pre-wave3: written by commit 1c8a74c's code, a SQLite
// file and a PostgreSQL dump): every minute and component moves to component_checks, health_checks goes, the history
// says what that code said, and migrating again does nothing.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { copyFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import pg from 'pg'
import type { HistoryBody } from '../../src/api/health.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { openDatabase, SQLITE_FILE, type Database } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { OVERALL, countComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { listUptimeDaily } from '../../src/store/repositories/uptime-daily.ts'
import { dayOfDate } from '../../src/lib/minutes.ts'
import { buildTestApp, tempDir, type Env } from '../helper.ts'
import { postgresSkip, sharedPostgres } from '../services/postgres.ts'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'pre-wave3')
/** What commit 1c8a74c's history said about the fixture (see its README). */
const before = JSON.parse(readFileSync(path.join(FIXTURE, 'history.json'), 'utf8')) as {
  generatedAt: string
  checks: { count: number, sha256: string, first: HistoryBody['checks'], samples: HistoryBody['checks'], last: HistoryBody['checks'] }
  uptime: HistoryBody['uptime']
}
const MINUTES = 5037
const COLUMNS = { status: OVERALL, database: 'database', cache: 'cache', bot: 'bot' } as const

interface Backend {
  name: string
  skip: string | undefined
  /** A copy of the fixture in a database of its own: the environment that opens it. */
  copy (t: TestContext): Promise<Env>
}

const backends: Backend[] = [
  {
    name: 'sqlite',
    skip: undefined,
    copy: async (t) => {
      const dir = tempDir(t)
      copyFileSync(path.join(FIXTURE, 'status.db'), path.join(dir, SQLITE_FILE))
      return { DATA_DIR: dir }
    }
  },
  {
    name: 'postgres',
    skip: postgresSkip(),
    copy: async () => {
      const url = await (await sharedPostgres()).createDatabase()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(readFileSync(path.join(FIXTURE, 'postgres.sql'), 'utf8'))
      } finally {
        await client.end()
      }
      return { DATABASE_URL: url }
    }
  }
]

function open (t: TestContext, env: Env): Database {
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' })
  t.after(() => database.close())
  return database
}

/** Every row as `minute component status latency`, sorted: the old table's columns as the components they become. */
async function oldRowsAsComponents (database: Database): Promise<string[]> {
  const { rows } = await sql<Record<keyof typeof COLUMNS | 'minute', string | number>>`select minute, status, database, cache, bot from health_checks`.execute(database.db)
  return rows.flatMap((row) => Object.entries(COLUMNS).map(([column, component]) => `${Number(row.minute)} ${component} ${row[column as keyof typeof COLUMNS]} null`)).sort()
}

async function newRows (database: Database): Promise<string[]> {
  const rows = await database.db.selectFrom('component_checks').selectAll().execute()
  return rows.map((row) => `${Number(row.minute)} ${row.component} ${row.status} ${row.latency_ms}`).sort()
}

async function tableExists (database: Database, name: string): Promise<boolean> {
  const tables = await database.db.introspection.getTables()
  return tables.some((table) => table.name === name)
}

for (const backend of backends) {
  describe(`migration 004 of a pre-wave3 database on ${backend.name}`, { skip: backend.skip }, () => {
    it('moves every minute of every component, drops health_checks, keeps the rollups; the history is what it was; again: nothing', async (t) => {
      const env = await backend.copy(t)
      const database = open(t, env)
      const expected = await oldRowsAsComponents(database)
      assert.equal(expected.length, 4 * MINUTES)
      // The old table has no latency columns: its rows as the new one shows them, without percentiles.
      const rollupsBefore = (await listUptimeDaily(database, dayOfDate('2026-10-01'), dayOfDate('2026-11-22'))).map((r) => ({ ...r, p50Ms: null, p95Ms: null }))
      assert.equal(rollupsBefore.length, 4 * 6, 'rollups of 2026-11-01 to 03 and of the three whole days seeded, each of 4 components')

      assert.deepEqual((await migrate(database)).applied, ['004-component-checks', '005-affected-components', '006-check-results', '007-operator', '008-follows', '009-idempotent-answers', '010-shard-total', '012-edge-state', '014-maintenance-series', '016-follow-language', '017-incident-texts'])
      assert.equal(await tableExists(database, 'health_checks'), false)
      assert.deepEqual(await newRows(database), expected, 'every (minute, component) with its status; no latency was recorded before')
      for (const component of Object.values(COLUMNS)) assert.equal(await countComponentChecks(database, component), MINUTES, component)

      // A few exact rows: yesterday 09:00 the database down, today 03:00 the cache degraded, 2026-11-18 00:00 no bot.
      const at = (iso: string) => Date.parse(iso) / 60_000
      const minute = async (iso: string) => Object.fromEntries((await database.db.selectFrom('component_checks').select(['component', 'status', 'latency_ms'])
        .where('minute', '=', at(iso)).execute()).map((row) => [row.component, [row.status, row.latency_ms]]))
      assert.deepEqual(await minute('2026-11-20T09:00:00Z'), { overall: ['down', null], database: ['down', null], cache: ['ok', null], bot: ['ok', null] })
      assert.deepEqual(await minute('2026-11-21T03:09:00Z'), { overall: ['degraded', null], database: ['ok', null], cache: ['degraded', null], bot: ['ok', null] })
      assert.deepEqual((await minute('2026-11-18T01:59:00Z')).bot, ['unknown', null])
      assert.deepEqual((await minute('2026-11-18T02:00:00Z')).bot, ['ok', null])

      const rollupsAfter = await listUptimeDaily(database, dayOfDate('2026-10-01'), dayOfDate('2026-11-22'))
      assert.deepEqual(rollupsAfter, rollupsBefore, 'the rollups stay, without latency percentiles (none was recorded)')
      assert.ok(rollupsAfter.some((r) => r.day === dayOfDate('2026-11-01') && r.component === 'database' && r.down === 12))

      // The history endpoint on the migrated database, at the time the fixture's history was computed.
      const { app } = await buildTestApp(t, env, { clock: new ManualClock(before.generatedAt) })
      const history: HistoryBody = (await app.inject('/api/v1/health/history')).json()
      assert.equal(history.generatedAt, before.generatedAt)
      assert.deepEqual(history.uptime, before.uptime, 'the same uptime figures, overall, per component and per day')
      assert.equal(history.checks.length, before.checks.count)
      assert.equal(createHash('sha256').update(JSON.stringify(history.checks)).digest('hex'), before.checks.sha256, 'the same minute checks')
      assert.deepEqual(history.checks.slice(0, 2), before.checks.first)
      assert.deepEqual(history.checks.filter((c) => c.status !== 'ok').slice(0, 4), before.checks.samples)

      assert.deepEqual((await migrate(database)).applied, [], 'migrating again is a no-op')
      assert.deepEqual(await newRows(database), expected)
    })
  })
}
