// `npm run bench:history`: 10,000 incidents (each with two updates; the newest five open) and 2,000 maintenance windows within the 90 days,
// seeded into SQLite and (when installed) PostgreSQL; then, per database: the bytes of /status, /status.md, the default
// /api/v1/health/incidents and a feed; the rebuild time of each after a change (in-process, median of 5); and a real
// `status-api serve`: idle CPU over 30 s, RSS, and liveness p99 while incidents change every 500 ms.
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { loadConfig } from '../src/config/index.ts'
import { openContext } from '../src/context.ts'
import { buildApp } from '../src/app.ts'
import { updateIncident } from '../src/incidents/writes.ts'
import { openDatabase, type Database } from '../src/store/database.ts'
import { migrate } from '../src/store/migrate.ts'
import { insertIncident } from '../src/store/repositories/incidents.ts'
import { insertMaintenance } from '../src/store/repositories/maintenances.ts'
import { startApp } from '../test/services/app-process.ts'
import { postgresSkip, startPostgres } from '../test/services/postgres.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const INCIDENTS = Number(process.env.BENCH_INCIDENTS ?? 10_000)
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 2_000)
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30)
const DAY = 86_400_000
const TARGETS = { statusBytes: 500 * 1024, rebuildMs: 50, livenessP99Ms: 50, idleCpuPercent: 1 }

async function seed (database: Database, now: number): Promise<void> {
  await migrate(database)
  for (let i = 0; i < INCIDENTS; i++) {
    const at = now - 85 * DAY + Math.floor(i * (84 * DAY) / INCIDENTS)
    const id = await insertIncident(database.db, { title: `Incident ${i}: commands slow & errors`, impact: 'minor', status: 'investigating', message: 'Looking into it.', at: new Date(at).toISOString() })
    // The newest five stay open: the rounds below update them.
    if (i < INCIDENTS - 5) await updateIncident(database.db, id, { status: 'resolved', message: 'Fixed.' }, at + 600_000)
  }
  for (let i = 0; i < WINDOWS; i++) {
    const at = now - 85 * DAY + Math.floor(i * (84 * DAY) / WINDOWS)
    await insertMaintenance(database.db, { title: `Window ${i}`, message: 'Planned work.', startsAt: new Date(at).toISOString(), endsAt: new Date(at + 3600_000).toISOString(), at: new Date(at - DAY).toISOString() })
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const percentile = (values: number[], p: number) => { const sorted = [...values].sort((a, b) => a - b); return sorted[Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1)]! }

function cpuTicks (pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return Number(fields[11]) + Number(fields[12]) // utime + stime, in clock ticks (100 per second)
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

async function measure (name: string, env: Record<string, string>): Promise<void> {
  const now = Date.now()
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' })
  const seeding = performance.now()
  await seed(database, now)
  console.log(`${name}: seeded ${INCIDENTS} incidents and ${WINDOWS} windows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`)

  // In-process: sizes, and each surface's rebuild after a change.
  const context = await openContext(loadConfig({ ...env, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', PUBLIC_BASE_URL: 'https://status.example.com' }), { migrate: false })
  const app = await buildApp(context)
  const surfaces = ['/status', '/status.md', '/api/v1/health/incidents', '/status/feed.atom', '/status/api/v2/summary.json', '/status/api/v2/incidents.json']
  const rebuild: Record<string, number[]> = Object.fromEntries(surfaces.map((s) => [s, []]))
  const refresh: number[] = []
  const idleRefresh: number[] = []
  await context.incidents.refresh()
  await context.monitor.runOnce() // the Statuspage copy answers once the first health check has run
  for (let round = 0; round < 5; round++) {
    await updateIncident(database.db, INCIDENTS - round, { message: `Follow-up ${round}.` }, Date.now())
    let started = performance.now()
    await context.incidents.refresh()
    refresh.push(performance.now() - started)
    started = performance.now()
    await context.incidents.refresh()
    idleRefresh.push(performance.now() - started)
    for (const surface of surfaces) {
      started = performance.now()
      const response = await app.inject(surface)
      rebuild[surface]!.push(performance.now() - started)
      if (response.statusCode !== 200) throw new Error(`${surface}: ${response.statusCode}`)
    }
  }
  const sizes = await Promise.all(surfaces.map(async (surface) => (await app.inject(surface)).rawPayload.byteLength))
  await app.close()
  await context.close()
  await database.close()
  console.log(`${name}: refresh after a change (the changed incident and the windows read) median ${median(refresh).toFixed(1)} ms; idle refresh (change stamp only) median ${median(idleRefresh).toFixed(1)} ms`)
  for (const [i, surface] of surfaces.entries()) {
    console.log(`${name}: ${surface.padEnd(26)} ${(sizes[i]! / 1024).toFixed(1).padStart(8)} KiB   first request after a change median ${median(rebuild[surface]!).toFixed(1)} ms`)
  }

  // A real process: idle CPU, RSS, liveness while incidents change.
  const server = await startApp({ ...env, PUBLIC_BASE_URL: 'https://status.example.com' })
  try {
    const pid = server.child.pid!
    for (const surface of surfaces) await fetch(server.url + surface).then((r) => r.arrayBuffer())
    await sleep(5000)
    const before = cpuTicks(pid)
    await sleep(IDLE_SECONDS * 1000)
    const idleCpu = (cpuTicks(pid) - before) / IDLE_SECONDS // ticks per second = percent of one core
    const idleRss = rssMb(pid)
    const writer = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' })
    const latencies: number[] = []
    const until = Date.now() + 15_000
    let writes = 0
    const writing = (async () => {
      while (Date.now() < until) {
        await updateIncident(writer.db, INCIDENTS - (writes++ % 5), { message: `Busy ${writes}.` }, Date.now())
        await fetch(server.url + '/status').then((r) => r.arrayBuffer())
        await sleep(500)
      }
    })()
    while (Date.now() < until) {
      const started = performance.now()
      await fetch(server.url + '/api/v1/liveness').then((r) => r.arrayBuffer())
      latencies.push(performance.now() - started)
      await sleep(10)
    }
    await writing
    await writer.close()
    console.log(`${name}: serve idle CPU ${idleCpu.toFixed(2)} % of a core over ${IDLE_SECONDS} s (target < ${TARGETS.idleCpuPercent} %); RSS idle ${idleRss.toFixed(0)} MB, after the changes ${rssMb(pid).toFixed(0)} MB; ` +
      `liveness while incidents change every 500 ms: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (n=${latencies.length}, target < ${TARGETS.livenessP99Ms} ms)`)
  } finally {
    await server.stop()
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'status-api-bench-history-'))
try {
  await measure('sqlite', { DATA_DIR: dir })
  if (postgresSkip() === undefined) {
    const postgres = await startPostgres()
    try {
      await measure('postgres', { DATABASE_URL: await postgres.createDatabase(), DATA_DIR: dir })
    } finally {
      postgres.destroy()
    }
  } else {
    console.log('postgres: skipped (not installed)')
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
