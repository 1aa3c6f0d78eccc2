// Reads of the history stuck behind a lock (another session holds one on a table the history reads) do not hold
// up the monitor: the next rounds probe, publish and record on time, and the database stays `ok` while writes work.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pg from 'pg'
import type { Clock } from '../../src/lib/clock.ts'
import { eventually } from '../fault/steady-load.ts'
import { buildTestApp } from '../helper.ts'
import { postgresSkip, sharedPostgres } from '../services/postgres.ts'

/** Real time, with a wall clock that can jump ahead (a new minute at will, so the history is due). */
class JumpingClock implements Clock {
  #offset: number
  constructor (start: string) { this.#offset = Date.parse(start) - Date.now() }
  now (): number { return Date.now() + this.#offset }
  monotonic (): number { return performance.now() }
  jump (ms: number): void { this.#offset += ms }
}

describe('the history read waiting behind a lock (postgres)', { skip: postgresSkip() }, () => {
  it('rounds go on every interval while the history waits, and the database is still ok', async (t) => {
    const url = await (await sharedPostgres()).createDatabase()
    const clock = new JumpingClock('2026-11-21T12:00:30.000Z')
    const { context } = await buildTestApp(t, { DATABASE_URL: url, PROBE_INTERVAL_SECONDS: '1' }, { clock })
    const { monitor } = context
    await monitor.runOnce()

    const locker = new pg.Client({ connectionString: url })
    locker.on('error', () => {})
    await locker.connect()
    t.after(() => locker.end().catch(() => {}))
    await locker.query('begin')
    await locker.query('lock table uptime_daily in access exclusive mode') // read by the history only
    const historyWaiting = async () => (await locker.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'status-api' and wait_event_type = 'Lock'"
    )).rows[0].n > 0

    monitor.start()
    clock.jump(60_000) // a new minute: the next round's upkeep recomputes the history, and waits
    await eventually('the history read waiting on the lock', 5000, historyWaiting)
    const checkedAt = monitor.health()!.value.checkedAt
    // A round that waited for the history would come only after the read gives up (5 s); the loop's come every 1 s.
    await eventually('a round while the history waits', 3000, async () => monitor.health()!.value.checkedAt > checkedAt)
    assert.ok(await historyWaiting(), 'the history read was still waiting')
    assert.equal(monitor.health()!.value.components.database.status, 'ok', 'writes work: a slow read is not a fault')

    await locker.query('rollback')
    await monitor.stop()
  })
})
