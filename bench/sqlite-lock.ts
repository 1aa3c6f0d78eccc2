// `node bench/sqlite-lock.ts [--seconds N] [--rounds N]`: how fast liveness answers a real `status-api serve` on the
// embedded database while another process holds SQLite's write lock (`BEGIN IMMEDIATE`), against the same server with
// no lock held, in alternating rounds of the same run. test/fault/sqlite-faults.test.ts asserts only what a loop that
// waited on the lock would break; the fine figures (p50, p99, max) are the machine's as much as the service's, so
// they are read here, as a ratio to the run's own no-lock rounds.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { startApp } from '../test/services/app-process.ts'
import { holdWriteLock } from '../test/services/sqlite-locker.ts'
import { quantile, sampleLatency } from '../test/fault/latency.ts'

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } } })
const SECONDS = Number(args.seconds)
const ROUNDS = Number(args.rounds)
/** A request every 20 ms whatever the previous ones do (open loop), as the fault test samples. */
const EVERY_MS = 20

interface Side { ms: number[], failures: number }

function row (name: string, side: Side): string {
  const figures = [quantile(side.ms, 0.5), quantile(side.ms, 0.99), Math.max(...side.ms)]
  return `| ${name} | ${side.ms.length} | ${figures.map((ms) => ms.toFixed(1)).join(' | ')} | ${side.failures} |`
}

const ratio = (held: number, free: number) => (held / free).toFixed(2)

const dataDir = mkdtempSync(path.join(tmpdir(), 'status-api-bench-sqlite-lock-'))
// Probes every second: the monitor tries to write its minute each round, so the held lock is met while it is held.
const app = await startApp({ DATA_DIR: dataDir, PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' })
try {
  const url = `${app.url}/api/v1/liveness`
  await sampleLatency(url, 1000, EVERY_MS) // warm: connections, the first answers
  await sleep(2000) // the first health checks written
  const free: Side = { ms: [], failures: 0 }
  const held: Side = { ms: [], failures: 0 }
  for (let round = 0; round < ROUNDS; round++) {
    const without = await sampleLatency(url, SECONDS * 1000, EVERY_MS)
    free.ms.push(...without.ms)
    free.failures += without.failures
    // Held a little longer than sampled, so every sample is taken under the lock.
    const lock = await holdWriteLock(path.join(dataDir, 'status.db'), SECONDS * 1000 + 500)
    const under = await sampleLatency(url, SECONDS * 1000, EVERY_MS)
    await lock.released
    held.ms.push(...under.ms)
    held.failures += under.failures
    await sleep(1500) // the kept minutes written before the next round without the lock
  }
  console.log(`\n## Liveness while another process holds the SQLite write lock (embedded; ${ROUNDS} alternating rounds of ${SECONDS} s a side, a request every ${EVERY_MS} ms)\n`)
  console.log('| liveness | answers | p50 ms | p99 ms | max ms | failures |')
  console.log('|---|---:|---:|---:|---:|---:|')
  console.log(row('no lock held', free))
  console.log(row('another process holds the write lock', held))
  console.log(`\nratio held ÷ no lock: p50 ${ratio(quantile(held.ms, 0.5), quantile(free.ms, 0.5))}, ` +
    `p99 ${ratio(quantile(held.ms, 0.99), quantile(free.ms, 0.99))}, max ${ratio(Math.max(...held.ms), Math.max(...free.ms))}`)
} finally {
  await app.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
