// The footprint at a large bot's scale, part of `npm run bench` (`--only large` runs it alone; `npm run bench:large`
// too): 90 days of seeded history, 10,000 incidents within them (two updates each, the newest five open) and 10,000
// follows from other servers, on the embedded SQLite; then a real `status-api serve` started twice (the first start
// fills the compile cache, the restart is measured): start to readiness, idle RSS, and the bytes of the status page
// and the incidents endpoint, against the budgets (0.7 s, 100 MB).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { updateIncident } from '../src/incidents/writes.ts'
import { openDatabase } from '../src/store/database.ts'
import { insertFollow } from '../src/store/repositories/discord-follows.ts'
import { insertIncident } from '../src/store/repositories/incidents.ts'
import { inTransaction } from '../src/store/transaction.ts'
import { StatuspageServer } from '../test/platform/statuspage-server.ts'
import { freePort } from '../test/services/ports.ts'
import { BIN, binEnvironment, binNodeFlags } from './bin-flags.ts'

const INCIDENTS = Number(process.env.BENCH_INCIDENTS ?? 10_000)
const FOLLOWS = Number(process.env.BENCH_FOLLOWS ?? 10_000)
const DAY = 86_400_000
const BUDGET = { startMs: 700, idleRssMb: 100 }
/** Read this long after readiness first answers, as `npm run bench` reads idle RSS (after the first monitor round and memory release). */
const IDLE_AFTER_READY_MS = 3000
const ROOT = path.resolve(import.meta.dirname, '..')

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

function cli (env: NodeJS.ProcessEnv, ...command: string[]): void {
  const result = spawnSync(process.execPath, [BIN, ...command], { env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`status-api ${command.join(' ')}: ${result.stderr}`)
}

async function seed (env: NodeJS.ProcessEnv, dataDir: string): Promise<void> {
  cli(env, 'seed', '--days', '90')
  const database = openDatabase({ databaseUrl: undefined, dataDir })
  const now = Date.now()
  try {
    for (let i = 0; i < INCIDENTS; i++) {
      const at = now - 85 * DAY + Math.floor(i * (84 * DAY) / INCIDENTS)
      const id = await insertIncident(database.db, { title: `Incident ${i}: commands slow & errors`, impact: 'minor', status: 'investigating', message: 'Looking into it.', at: new Date(at).toISOString(), components: [{ id: 'music', status: 'degraded_performance' }] })
      if (i < INCIDENTS - 5) await updateIncident(database.db, id, { status: 'resolved', message: 'Fixed.' }, at + 600_000)
    }
    await inTransaction(database.db, async (trx) => {
      for (let i = 0; i < FOLLOWS; i++) {
        const snowflake = (n: number) => String(1_200_000_000_000_000_000n + BigInt(n))
        await insertFollow(trx, { guildId: snowflake(i), channelId: snowflake(1_000_000 + i), webhookId: snowflake(2_000_000 + i), webhookToken: `token-${i}-${'x'.repeat(60)}`, components: i % 3 === 0 ? ['music'] : [], by: 'bench', at: new Date(now - DAY).toISOString() })
      }
    })
  } finally {
    await database.close()
  }
}

/** CPU time the process used so far (user and system, all threads), in ms: what a start costs whatever its neighbours do. */
function cpuMs (pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10 // utime and stime, in clock ticks of 10 ms
}

async function start (env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess, url: string, startMs: number, startCpuMs: number }> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, [...binNodeFlags(), BIN, 'serve'], { env: binEnvironment({ ...env, PORT: String(port), HOST: '127.0.0.1' }), stdio: ['ignore', 'ignore', 'inherit'] })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('status-api exited during start')
    if (await fetch(`${url}/api/v1/readiness`).then((r) => r.status === 200, () => false)) return { child, url, startMs: performance.now() - started, startCpuMs: cpuMs(child.pid!) }
    await sleep(10)
  }
}

async function stop (child: ChildProcess): Promise<void> {
  child.kill('SIGTERM')
  await once(child, 'exit')
}

/** Seeds the large bot's database, starts the service on it twice and prints what the restart measured. */
export async function largeBotShape (): Promise<void> {
  // BENCH_LARGE_DIR: a folder to seed once and measure again (kept); else a throwaway one.
  const kept = process.env.BENCH_LARGE_DIR
  if (kept !== undefined) mkdirSync(kept, { recursive: true })
  const work = kept ?? mkdtempSync(path.join(tmpdir(), 'status-api-bench-large-'))
  const upstream = await StatuspageServer.start()
  upstream.serve({ kind: 'fixture', name: 'minor-incident' })
  try {
    const env: NodeJS.ProcessEnv = {
      NODE_COMPILE_CACHE: path.join(tmpdir(), 'node-compile-cache'), ...process.env, DATA_DIR: work, LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0', DISCORD_STATUS_URL: upstream.url, STATUS_FILE: path.join(ROOT, 'examples', 'status.yaml')
    }
    const seeding = performance.now()
    if (kept === undefined || !existsSync(path.join(work, 'status.db'))) await seed(env, work)
    console.log(`\n## a large bot (SQLite): 90 days, ${INCIDENTS} incidents, ${FOLLOWS} follows (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s)\n`)
    console.log('| start | to ready ms | CPU to ready ms | idle RSS MB | /status KiB | /api/v1/health/incidents KiB |')
    console.log('|---|---|---|---|---|---|')
    const results: Array<{ startMs: number, cpu: number, rss: number }> = []
    for (const name of ['first (compile cache filled)', 'restart', 'restart again']) {
      const server = await start(env)
      await sleep(IDLE_AFTER_READY_MS)
      const rss = rssMb(server.child.pid!)
      const bytes = async (route: string) => (await (await fetch(server.url + route)).arrayBuffer()).byteLength / 1024
      console.log(`| ${name} | ${server.startMs.toFixed(0)} | ${server.startCpuMs.toFixed(0)} | ${rss.toFixed(1)} | ${(await bytes('/status')).toFixed(1)} | ${(await bytes('/api/v1/health/incidents')).toFixed(1)} |`)
      if (name !== 'first (compile cache filled)') results.push({ startMs: server.startMs, cpu: server.startCpuMs, rss })
      await stop(server.child)
    }
    const worst = { startMs: Math.max(...results.map((r) => r.startMs)), cpu: Math.max(...results.map((r) => r.cpu)), rss: Math.max(...results.map((r) => r.rss)) }
    // On shared cores the wall time to ready is the neighbours' as much as the service's: the CPU time beside it is the service's own.
    console.log(`\nrestarts: start to ready at most ${worst.startMs.toFixed(0)} ms (budget ${BUDGET.startMs} ms; CPU to ready at most ${worst.cpu.toFixed(0)} ms), ` +
      `idle RSS at most ${worst.rss.toFixed(1)} MB (budget ${BUDGET.idleRssMb} MB)`)
  } finally {
    await upstream.close()
    if (kept === undefined) rmSync(work, { recursive: true, force: true })
  }
}

if (import.meta.main) await largeBotShape()
