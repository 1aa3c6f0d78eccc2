// SQLite faults against a real `status-api serve`: another process holding the write lock, the database file
// deleted and re-created, the disk full. The event loop never waits on the database, and health says what happens.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import SQLite from 'better-sqlite3'
import type { HealthBody } from '../../src/api/health.ts'
import { startApp } from '../services/app-process.ts'
import { holdWriteLock } from '../services/sqlite-locker.ts'
import { tempDir } from '../helper.ts'
import { runBinWith } from '../cli/run-bin.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { eventually, jsonOf } from './steady-load.ts'
import { quantile, sampleLatency } from './latency.ts'

const LOCK_MS = 5000
/**
 * Liveness while the lock is held: no answer slower than half the time the lock is held, and the median under
 * MEDIAN_BOUND_MS. A server whose event loop waited on the lock would hold every answer for as long as it waited (up
 * to the 5 s the lock is held; every request sent meanwhile waits with it), so its slowest answer would take seconds,
 * and most of its answers would be late (a median of 546 ms when it waited 1 s a write, 3.5 s when it waited 5 s). A
 * loaded machine delays a few answers, not the middle one: the slowest by up to 846 ms at a load average of 14 on two
 * cores, the median to 13 ms with other test files beside it; so neither is held to less.
 * How fast liveness is under the lock is measured, not asserted: `bench/sqlite-lock.ts`.
 */
const SLOWEST_BOUND_MS = LOCK_MS / 2
const MEDIAN_BOUND_MS = 100

/** Minutes recorded (the overall status's rows), or those where `where` holds. */
function countChecks (file: string, where = "component = 'overall'"): number {
  const db = new SQLite(file, { readonly: true })
  try {
    return (db.prepare(`select count(*) as n from component_checks where ${where}`).get() as { n: number }).n
  } finally {
    db.close()
  }
}

/** A small tmpfs mounted at a new folder (root only): a disk that can really be filled. */
function smallDisk (t: TestContext, sizeKiB: number): string | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'status-api-disk-'))
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k`, 'tmpfs', dir], { encoding: 'utf8' })
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
  t.after(() => {
    spawnSync('umount', ['-l', dir])
    rmSync(dir, { recursive: true, force: true })
  })
  return dir
}

/** Writes zeros into `file` until the disk has no room left. */
function fillDisk (file: string): void {
  const fd = openSync(file, 'w')
  const block = Buffer.alloc(4096)
  try {
    for (;;) writeSync(fd, block)
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error
  } finally {
    closeSync(fd)
  }
}

describe('SQLite faults (embedded, a real server process)', () => {
  it('another process holds the write lock for 5 s: liveness never waits on it (every answer under 2.5 s, the median under 100 ms), database degraded "writes are waiting", minutes written after', async (t) => {
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

    const median = quantile(samples.ms, 0.5)
    const slowest = Math.max(...samples.ms)
    console.log(`# liveness under a foreign BEGIN IMMEDIATE: ${samples.ms.length} answers, p50 ${median.toFixed(1)} ms, p99 ${quantile(samples.ms, 0.99).toFixed(1)} ms, max ${slowest.toFixed(1)} ms; degraded after ${waitingAfter?.toFixed(0)} ms`)
    assert.equal(samples.failures, 0)
    assert.ok(samples.ms.length >= 20, `${samples.ms.length} answers in ${LOCK_MS - 500} ms`)
    assert.ok(slowest < SLOWEST_BOUND_MS, `the slowest liveness answer took ${slowest.toFixed(1)} ms while another process held the lock`)
    assert.ok(median < MEDIAN_BOUND_MS, `liveness median ${median.toFixed(1)} ms while another process held the lock`)
    assert.ok(waitingAfter !== undefined, 'the database component said "writes are waiting" while the lock was held')

    const before = countChecks(file)
    await eventually('database ok again once the lock is gone', 5000, async () => (await health()).components.database.status === 'ok')
    // The minute the lock spanned was kept in memory and written once the lock was released.
    assert.ok(countChecks(file) >= Math.max(1, before), 'checks are written after the lock')
    assert.ok(!app.output.includes('SQLITE_BUSY'), 'no driver error text in the log')
  })
})

describe('SQLite file and disk faults (embedded, a real server process)', () => {
  it('the database file deleted: down "file is missing"; `status-api migrate` creates a new one: reopened, the missed minutes written there', async (t) => {
    const dataDir = tempDir(t)
    const file = path.join(dataDir, 'status.db')
    const app = await startApp({ DATA_DIR: dataDir, PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))
    const health = () => jsonOf<HealthBody>(`${app.url}/api/v1/health`)
    await eventually('first health check', 5000, async () => (await health()).components.database.status === 'ok')

    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
    await eventually('database down: the file is missing', 4000, async () => {
      const body = await health()
      return body.components.database.status === 'down' && /file is missing/.test(body.components.database.message ?? '')
    })
    assert.equal((await fetch(`${app.url}/api/v1/readiness`)).status, 503)

    const migrated = await runBinWith({ DATA_DIR: dataDir }, ['migrate'])
    assert.equal(migrated.code, 0, migrated.stderr)
    await eventually('database ok on the new file', 4000, async () => (await health()).components.database.status === 'ok')
    // The server writes to the new file: the minute it saw the file missing (kept in memory) is there, as down.
    await eventually('the missed minute written to the new file', 4000, async () => countChecks(file, "component = 'database' and status = 'down'") >= 1)
    assert.match(app.output, /database file was replaced; reopened/)
  })

  it('the disk full: database degraded "disk is full", the CLI says "disk full"; room again: ok, the kept minutes written', async (t) => {
    const disk = smallDisk(t, 1024)
    if (disk === undefined) {
      console.warn('\n*** mounting a small tmpfs needs root: the disk-full test is SKIPPED here ***\n')
      t.skip('mounting a tmpfs needs root')
      return
    }
    const file = path.join(disk, 'status.db')
    // The bot's status endpoint lets the test change the minute's row at will: SQLite skips a write that changes
    // nothing, so a full disk shows at the first write that needs room, as it would on a real disk.
    const bot = await StatuspageServer.start()
    t.after(() => bot.close())
    bot.serve({ kind: 'body', body: '{"status":"ready"}' })
    const app = await startApp({ DATA_DIR: disk, BOT_STATUS_URL: bot.url, PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))
    const health = () => jsonOf<HealthBody>(`${app.url}/api/v1/health`)
    await eventually('first health check', 5000, async () => (await health()).status === 'ok')

    // Empty the WAL (its space would be reused without asking the disk), then take every free block.
    const checkpoint = new SQLite(file)
    checkpoint.pragma('wal_checkpoint(TRUNCATE)')
    checkpoint.close()
    const filler = path.join(disk, 'filler')
    fillDisk(filler)
    bot.serve({ kind: 'body', body: '{"status":"degraded"}' })
    await eventually('database degraded: disk full', 5000, async () => {
      const body = await health()
      return body.status === 'degraded' && body.components.database.status === 'degraded' && /disk is full/.test(body.components.database.message ?? '')
    })
    const cli = await runBinWith({ DATA_DIR: disk }, ['incident', 'open', '--title', 'Disk', '--impact', 'minor', '--message', 'Testing a full disk'])
    assert.equal(cli.code, 1)
    assert.match(cli.stderr, /disk full/)
    assert.doesNotMatch(cli.stderr, /cannot rollback/)

    rmSync(filler)
    await eventually('database ok once there is room', 5000, async () => (await health()).components.database.status === 'ok')
    assert.ok(countChecks(file, "component = 'database' and status = 'degraded'") >= 1, 'the minute written while full was kept and written afterwards')
  })
})
