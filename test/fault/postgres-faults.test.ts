// PostgreSQL up but busy, against a real `status-api serve`: a table locked by another session, and no connection
// left for the pool (max_connections). The probe has its own connection, writes are cancelled by the server, and
// the database is `degraded` ("writes are waiting") — never reported or recorded as `down`.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pg from 'pg'
import type { HealthBody } from '../../src/api/health.ts'
import { startApp } from '../services/app-process.ts'
import { postgresSkip, startPostgres } from '../services/postgres.ts'
import { eventually, jsonOf } from './steady-load.ts'

describe('PostgreSQL busy, not down', { skip: postgresSkip() }, () => {
  it('LOCK TABLE component_checks, then max_connections exhausted: degraded "writes are waiting", never down, no down minute recorded', async (t) => {
    const server = await startPostgres()
    t.after(() => server.destroy())
    const url = await server.createDatabase()
    const app = await startApp({ DATABASE_URL: url, DATABASE_POOL_SIZE: '2', PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))
    const health = () => jsonOf<HealthBody>(`${app.url}/api/v1/health`)
    await eventually('first health check', 5000, async () => (await health()).components.database.status === 'ok')

    const seen = new Set<string>()
    const watch = async (what: string, withinMs: number) => await eventually(what, withinMs, async () => {
      const database = (await health()).components.database
      seen.add(database.status)
      return database.status === 'degraded' && /writes are waiting/i.test(database.message ?? '')
    }).catch((error: Error) => {
      throw new Error(`${error.message}; statuses seen: ${[...seen].join(', ')}; the service's log:\n${app.output}`)
    })

    // 1. Another session holds an exclusive lock on the table every minute check writes to.
    const locker = new pg.Client({ connectionString: url })
    locker.on('error', () => {})
    await locker.connect()
    t.after(() => locker.end().catch(() => {}))
    await locker.query('begin')
    await locker.query('lock table component_checks in access exclusive mode')
    const lockedFor = await watch('degraded while the table is locked', 6000)
    await locker.query('rollback')
    await eventually('ok once the lock is gone', 6000, async () => (await health()).components.database.status === 'ok')

    // 2. Every connection the server allows is taken: the pool gets none (its own were closed), the probe keeps its.
    const admin = new pg.Client({ connectionString: url })
    admin.on('error', () => {})
    await admin.connect()
    t.after(() => admin.end().catch(() => {}))
    const hogs: pg.Client[] = []
    t.after(() => Promise.all(hogs.map((c) => c.end().catch(() => {}))))
    const hogEverySlot = async () => {
      for (;;) {
        const hog = new pg.Client({ connectionString: url })
        hog.on('error', () => {})
        try { await hog.connect() } catch { return }
        hogs.push(hog)
      }
    }
    await hogEverySlot()
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'status-api'")
    await hogEverySlot() // the slots the pool's connections held
    const exhaustedFor = await watch('degraded while no connection is left', 6000)
    await Promise.all(hogs.splice(0).map((c) => c.end().catch(() => {})))
    await eventually('ok once connections are free', 8000, async () => (await health()).components.database.status === 'ok')

    console.log(`# locked table: degraded after ${lockedFor.toFixed(0)} ms; no connection left: degraded after ${exhaustedFor.toFixed(0)} ms; statuses seen: ${[...seen].join(', ')}`)
    assert.ok(!seen.has('down'), 'never reported down while PostgreSQL answered')
    const { rows } = await admin.query("select count(*)::int as n from component_checks where component = 'database' and status = 'down'")
    assert.equal(rows[0].n, 0, 'no minute recorded with the database down')
  })
})
