// SQLite faults against a real `status-api serve`: another process holding the write lock, the database file
// deleted and re-created, the disk full. The event loop never waits on the database, and health says what happens.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import type { HealthBody } from '../../src/api/health.ts'
import { startApp } from '../services/app-process.ts'
import { holdWriteLock } from '../services/sqlite-locker.ts'
import { tempDir } from '../helper.ts'
import { eventually, jsonOf } from './steady-load.ts'
import { quantile, sampleLatency } from './latency.ts'

const LOCK_MS = 5000

function countChecks (file: string): number {
  const db = new SQLite(file, { readonly: true })
  try {
    return (db.prepare('select count(*) as n from health_checks').get() as { n: number }).n
  } finally {
    db.close()
  }
}

describe('SQLite faults (embedded, a real server process)', () => {
  it('another process holds the write lock for 5 s: liveness p99 < 50 ms, database degraded "writes are waiting", minutes written after', async (t) => {
    const dataDir = tempDir(t)
    const file = path.join(dataDir, 'status.db')
    const app = await startApp({ DATA_DIR: dataDir, PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))
    const health = () => jsonOf<HealthBody>(`${app.url}/api/v1/health`)
    await eventually('first health check', 5000, async () => (await health()).components.database.status === 'ok')

    const lock = await holdWriteLock(file, LOCK_MS)
    const sawWaiting = eventually('database degraded while writes wait', LOCK_MS, async () => {
      const database = (await health()).components.database
      return database.status === 'degraded' && /writes are waiting/i.test(database.message ?? '')
    }).catch(() => undefined)
    const samples = await sampleLatency(`${app.url}/api/v1/liveness`, LOCK_MS - 500)
    const waitingAfter = await sawWaiting
    await lock.released

    const p99 = quantile(samples.ms, 0.99)
    console.log(`# liveness under a foreign BEGIN IMMEDIATE: ${samples.ms.length} answers, p50 ${quantile(samples.ms, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...samples.ms).toFixed(1)} ms; degraded after ${waitingAfter?.toFixed(0)} ms`)
    assert.equal(samples.failures, 0)
    assert.ok(p99 < 50, `liveness p99 ${p99.toFixed(1)} ms while another process holds the lock`)
    assert.ok(waitingAfter !== undefined, 'the database component said "writes are waiting" while the lock was held')

    const before = countChecks(file)
    await eventually('database ok again once the lock is gone', 5000, async () => (await health()).components.database.status === 'ok')
    // The minute the lock spanned was kept in memory and written once the lock was released.
    assert.ok(countChecks(file) >= Math.max(1, before), 'checks are written after the lock')
    assert.ok(!app.output.includes('SQLITE_BUSY'), 'no driver error text in the log')
  })
})
