// `npm run bench:health`: 90 days of minute checks seeded (~130k minutes, a row each for the 3 components and the
// overall status) in a temp SQLite; requests/s of the health routes against a bare node:http server sending the same
// bytes in the same run, and the history recompute time.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { loadHistory } from '../src/monitor/history.ts'
import { runHousekeeping } from '../src/monitor/housekeeping.ts'
import { seedHistory } from '../src/demo/seed.ts'
import { openDatabase } from '../src/store/database.ts'
import { migrate } from '../src/store/migrate.ts'
import { countComponentChecks } from '../src/store/repositories/component-checks.ts'
import { binNodeFlags } from './bin-flags.ts'
import { recordResponse, type BareRoute } from './same-bytes.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
/** Alternating runs per side; the best counts (the machine's capacity, not its neighbours' load). */
const ROUNDS = 3
const CONNECTIONS = 16
const TARGETS = { health: 0.8, history: 0.7 }
const RECOMPUTE_TARGET_MS = 200

const dir = mkdtempSync(path.join(tmpdir(), 'status-api-bench-'))
const children: ChildProcess[] = []
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

async function median (times: number, fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!
}

async function start (script: string, args: string[] = [], flags: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [...flags, path.join(import.meta.dirname, script), ...args], {
    env: { ...process.env, DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'inherit']
  })
  children.push(child)
  const [line] = await once(createInterface({ input: child.stdout! }), 'line') as [string]
  return `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`
}

async function requestsPerSecond (url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result.requests.average
}

// 1. Seed and time the history recompute.
const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
await migrate(database)
const now = Date.now()
await seedHistory(database, { days: 90, now, replace: false, rawDays: 90 })
const rows = await countComponentChecks(database)
const rawRecompute = await median(5, () => loadHistory(database, now))
await runHousekeeping(database, now)
const steadyRecompute = await median(9, () => loadHistory(database, now))
await database.close()

// 2. The app and the bare server, with the same bytes.
const app = await start('app-server.ts', [], binNodeFlags()) // the heap settings `status-api serve` runs with
const manifest: BareRoute[] = []
for (const route of ['/api/v1/health', '/api/v1/health/history']) manifest.push(await recordResponse(app, route, dir))
writeFileSync(path.join(dir, 'bare.json'), JSON.stringify(manifest))
const bare = await start('bare-server.ts', [path.join(dir, 'bare.json')])

// 3. Measure, alternating so that neither side gets a quieter machine.
const results: Array<{ route: string, app: number, bare: number, ratio: number, target: number }> = []
for (const [name, route] of [['health', '/api/v1/health'], ['history', '/api/v1/health/history']] as const) {
  let bareRate = 0
  let appRate = 0
  for (let round = 0; round < ROUNDS; round++) {
    bareRate = Math.max(bareRate, await requestsPerSecond(bare + route))
    appRate = Math.max(appRate, await requestsPerSecond(app + route))
  }
  results.push({ route, app: Math.round(appRate), bare: Math.round(bareRate), ratio: appRate / bareRate, target: TARGETS[name] })
}

console.log(`seeded ${rows} rows of minute checks (90 days, 3 components and the overall) in SQLite; ${CONNECTIONS} connections, best of ${ROUNDS} alternating ${SECONDS} s runs\n`)
console.log('route                      app req/s   bare req/s   ratio   target')
for (const r of results) {
  console.log(`${r.route.padEnd(26)} ${String(r.app).padStart(9)}   ${String(r.bare).padStart(10)}   ${r.ratio.toFixed(2).padStart(5)}   ≥ ${r.target}  ${r.ratio >= r.target ? 'ok' : 'BELOW'}`)
}
console.log(`\nhistory recompute (median): ${steadyRecompute.toFixed(1)} ms after rollup (7 days raw + rollups), ` +
  `${rawRecompute.toFixed(1)} ms with all ${rows} rows still raw; target < ${RECOMPUTE_TARGET_MS} ms  ` +
  `${Math.max(rawRecompute, steadyRecompute) < RECOMPUTE_TARGET_MS ? 'ok' : 'BELOW'}`)
process.exit(0)
