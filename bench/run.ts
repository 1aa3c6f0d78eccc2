// `npm run bench`: the real service, on the embedded default and on PostgreSQL + Redis, under load on every
// public endpoint (each alone and a realistic mix), against a bare node:http server sending the same bytes in
// the same run; then the compressed answers (br, gzip) the same way, with the bytes on the wire per endpoint; plus
// cold start to ready and idle RSS (the first start of the build, then a restart), RSS after load, an optional bounded
// soak (RSS, event-loop delay), and a hostile variety run (20,000 distinct queries and Host headers, bench/hostile.ts)
// with its RSS.
// Options: --seconds N (per run, default 3)  --connections N (default 16)  --rounds N (alternating, best kept,
// default 2)  --shape embedded|scaled|both (default both)  --soak N (seconds of mixed load, default 0: none)
// --only hostile|alloc|checks|large (start, idle RSS, then only the hostile variety run, or only the heap allocated per
// request; checks: only the checks scenario, bench/checks.ts; large: only a large bot's footprint, bench/large-bot.ts)
// --paths P,P (only these endpoints' rows: no mix, no RSS, hostile, allocation, checks or large parts)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { freePort } from '../test/services/ports.ts'
import { startPostgres } from '../test/services/postgres.ts'
import { startRedis } from '../test/services/redis.ts'
import { StatuspageServer } from '../test/platform/statuspage-server.ts'
import { bundleIsCurrent } from '../src/bundle/manifest.ts'
import { BIN, binEnvironment, binNodeFlags } from './bin-flags.ts'
import { codingHeaders, recordResponse, type BareRoute, type Coding } from './same-bytes.ts'
import { HOSTILE_COUNT, hostileVariety } from './hostile.ts'
import { allocationsPerRequest, printAllocations } from './allocations.ts'
import { checksScenario } from './checks.ts'
import { largeBotShape } from './large-bot.ts'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '2' },
    shape: { type: 'string', default: 'both' },
    soak: { type: 'string', default: '0' },
    only: { type: 'string' },
    paths: { type: 'string' }
  }
})
const SECONDS = Number(args.seconds)
const CONNECTIONS = Number(args.connections)
const ROUNDS = Number(args.rounds)
const SOAK_SECONDS = Math.min(Number(args.soak), 1800)
const ROOT = path.resolve(import.meta.dirname, '..')
/** `--paths`: a subset of the endpoints' rows, to measure a change quickly (a full run takes ~25 min). */
const ONLY_PATHS = args.paths?.split(',').filter(Boolean)

/** Every public endpoint, with the share of requests it gets in the realistic mix (status pages and monitors polling health). */
const ENDPOINTS: Array<{ path: string, weight: number }> = [
  { path: '/api/v1/health', weight: 30 },
  { path: '/api/v1/health/components', weight: 4 },
  { path: '/api/v1/health/components/music', weight: 1 },
  { path: '/api/v1/health/history', weight: 8 },
  // The longest window the uptime endpoint takes: 400 days ending today (UTC), by month.
  { path: `/api/v1/health/uptime?from=${new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10)}`, weight: 1 },
  { path: '/api/v1/health/discord', weight: 8 },
  { path: '/api/v1/health/incidents', weight: 8 },
  { path: '/api/v1/liveness', weight: 10 },
  { path: '/api/v1/readiness', weight: 10 },
  { path: '/docs/api/search?q=rate%20limit', weight: 4 },
  { path: '/de/docs/api/search?q=Ratenbegrenzung', weight: 2 },
  { path: '/.well-known/api-catalog', weight: 2 },
  { path: '/api/v1/openapi.json', weight: 2 },
  { path: '/status', weight: 8 },
  // The page in the languages that run longest (five are served; each is its own prepared body).
  { path: '/fr/status', weight: 1 },
  { path: '/pt-br/status', weight: 1 },
  // The uptime calendar: three months of every component, from the uptime bodies in memory.
  { path: '/status/uptime', weight: 1 },
  { path: '/docs/api', weight: 4 },
  { path: '/llms.txt', weight: 2 },
  { path: '/assets/site.css', weight: 2 },
  { path: '/status/feed.atom', weight: 2 },
  { path: '/de/status/feed.rss', weight: 1 },
  { path: '/status/api/v2/summary.json', weight: 3 },
  { path: '/status/api/v2/incidents.json', weight: 1 },
  { path: '/status/badges/status.svg', weight: 3 },
  { path: '/status/badges/uptime-30d.json?component=bot', weight: 1 }
]

/**
 * The small endpoints also measured against a bare server sending only the body, its content type and its length (no
 * ETag, Cache-Control, CORS or security headers): the floor of what any answer of the service can cost.
 */
const BODY_ONLY_ENDPOINTS = ['/api/v1/health', '/api/v1/liveness']

/** The codings each endpoint is recorded in for the bare server: plain, and the two the service compresses with. */
const CODINGS: Coding[] = ['identity', 'br', 'gzip']

/**
 * Idle RSS is read this long after readiness first answers: after start-up's late work (the first monitor round and
 * upstream fetch) and the first look of the service's memory release, 2 s after listening (src/lib/memory-release.ts).
 */
const IDLE_AFTER_READY_MS = 3000
/**
 * How long the service is left quiet after the load before its RSS is read again: longer than the least time between
 * two of its own collections when quiet (src/lib/memory-release.ts RELEASE_AT_MOST_EVERY_MS), plus two looks.
 */
const QUIET_AFTER_LOAD_MS = 15_000

const work = mkdtempSync(path.join(tmpdir(), 'status-api-bench-'))
const children: ChildProcess[] = []
const cleanups: Array<() => unknown> = []
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(work, { recursive: true, force: true })
})

function cli (env: Record<string, string>, ...command: string[]): void {
  const result = spawnSync(process.execPath, [BIN, ...command], { env: { ...process.env, ...env }, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`status-api ${command.join(' ')}: ${result.stderr}`)
}

interface Server { url: string, child: ChildProcess, probeFile: string, allocFile: string }

/** Starts `status-api serve` as the bin does (its Node flags), with the event-loop probe; returns once readiness answers 200, with the time it took. */
async function startService (env: Record<string, string>): Promise<{ server: Server, coldStartMs: number }> {
  const port = await freePort()
  const probeFile = path.join(work, `probe-${port}.jsonl`)
  const allocFile = path.join(work, `alloc-${port}.jsonl`)
  const started = performance.now()
  const preloads = ['loop-probe.ts', 'alloc-probe.ts'].flatMap((file) => ['--import', path.join(ROOT, 'bench', file)])
  const child = spawn(process.execPath, [...binNodeFlags(), ...preloads, BIN, 'serve'], {
    // The compile cache the bin switches on (src/node-flags.ts), on from the start here: else the probe, loaded before
    // the bin, would load Node's TypeScript stripper (~19 MiB) into the measured process, which a deployment never has.
    env: binEnvironment({ NODE_COMPILE_CACHE: path.join(tmpdir(), 'node-compile-cache'), ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BENCH_PROBE_FILE: probeFile, BENCH_ALLOC_FILE: allocFile }),
    stdio: ['ignore', 'ignore', 'inherit']
  })
  children.push(child)
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('status-api exited during start')
    const ready = await fetch(`${url}/api/v1/readiness`).then((r) => r.status === 200, () => false)
    if (ready) return { server: { url, child, probeFile, allocFile }, coldStartMs: performance.now() - started }
    await sleep(10)
  }
}

async function startBare (manifest: BareRoute[], name = 'bare'): Promise<{ url: string, pid: number }> {
  const file = path.join(work, `${name}.json`)
  writeFileSync(file, JSON.stringify(manifest))
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'bare-server.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  const [line] = await once(createInterface({ input: child.stdout! }), 'line') as [string]
  return { url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`, pid: child.pid! }
}

/** A server under load: where it listens, and its process, whose CPU time is read. */
interface Target { url: string, pid: number }

interface Run { rps: number, p50: number, p99: number, errors: number, cpuUs: number }

/** CPU time the process used so far (all its threads, user and system), in µs; Linux only (0 elsewhere). */
function cpuMicros (pid: number): number {
  if (!existsSync(`/proc/${pid}/stat`)) return 0
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10_000 // utime and stime, in clock ticks of 10 ms
}

async function load (target: Target, route = '', requests?: Array<{ path: string }>, seconds = SECONDS, headers: Record<string, string> = {}): Promise<Run> {
  const cpuBefore = cpuMicros(target.pid)
  const result = await autocannon({ url: target.url + route, connections: CONNECTIONS, duration: seconds, requests, headers })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUs: (cpuMicros(target.pid) - cpuBefore) / Math.max(1, result.requests.total)
  }
}

/**
 * Alternating runs on the app and the bare server; the best of each (the machine's capacity, not its neighbours'): the
 * highest rate, and the least CPU time per request. The CPU figures are what neighbours on a shared machine disturb least:
 * they take turns on the cores, but not the work a request costs.
 */
async function compare (app: Target, bare: Target, route = '', requests?: Array<{ path: string }>, headers?: Record<string, string>): Promise<{ app: Run, bare: Run }> {
  let bestApp: Run | undefined
  let bestBare: Run | undefined
  let errors = 0
  const best = (kept: Run | undefined, run: Run): Run => kept === undefined
    ? run
    : { ...(run.rps > kept.rps ? run : kept), cpuUs: Math.min(kept.cpuUs, run.cpuUs) }
  for (let round = 0; round < ROUNDS; round++) {
    const b = await load(bare, route, requests, SECONDS, headers)
    const a = await load(app, route, requests, SECONDS, headers)
    errors += a.errors
    bestBare = best(bestBare, b)
    bestApp = best(bestApp, a)
  }
  return { app: { ...bestApp!, errors }, bare: bestBare! }
}

function rssMiB (pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

function probeSamples (file: string): Array<{ at: number, rssMiB: number, loopP99Ms: number, loopMaxMs: number }> {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line))
}

/** The mix as one request sequence, interleaved (round robin by remaining weight) so no endpoint comes in a run. */
function interleave (endpoints: typeof ENDPOINTS): Array<{ path: string }> {
  const left = endpoints.map((e) => ({ ...e }))
  const sequence: Array<{ path: string }> = []
  while (left.some((e) => e.weight > 0)) {
    for (const e of left) if (e.weight-- > 0) sequence.push({ path: e.path })
  }
  return sequence
}
const mix = interleave(ENDPOINTS)

async function benchShape (shape: 'embedded' | 'scaled'): Promise<void> {
  const upstream = await StatuspageServer.start()
  upstream.serve({ kind: 'fixture', name: 'minor-incident' })
  cleanups.push(() => upstream.close())
  const env: Record<string, string> = {
    DATA_DIR: path.join(work, shape), RATE_LIMIT_PER_MINUTE: '0', DISCORD_STATUS_URL: upstream.url,
    // The example product (groups, manual and platform components, the three builtins): the model every surface renders.
    STATUS_FILE: path.join(ROOT, 'examples', 'status.yaml')
  }
  if (shape === 'scaled') {
    const postgres = await startPostgres()
    const redis = await startRedis()
    cleanups.push(() => postgres.destroy(), () => redis.destroy())
    env.DATABASE_URL = await postgres.createDatabase()
    env.REDIS_URL = redis.url
  }
  cli(env, 'seed', '--days', '90')
  cli(env, 'incident', 'open', '--title', 'Slow replies in some servers', '--impact', 'minor', '--message', 'We are looking into it.', '--component', 'music')
  cli(env, 'maintenance', 'schedule', '--title', 'Database upgrade', '--message', 'A few minutes of read-only mode.', '--from', '+2d', '--to', '+2d1h', '--component', 'database')

  // The first start of a new build compiles every module and fills Node's compile cache (as a deployment's first start
  // after an install does); every later one, like a restarted replica, reads it, starting faster and holding less for
  // good. Both are printed; the run measures the second.
  const first = await startService(env)
  await sleep(IDLE_AFTER_READY_MS)
  const firstStart = `first start (compile cache as the build left it): ${first.coldStartMs.toFixed(0)} ms to ready, ` +
    `idle RSS ${rssMiB(first.server.child.pid!).toFixed(1)} MiB`
  await stop(first.server)
  const { server, coldStartMs } = await startService(env)
  await sleep(IDLE_AFTER_READY_MS)
  const idleRss = rssMiB(server.child.pid!)
  if (args.only === 'hostile') {
    console.log(`\n## ${shape}: ${firstStart}; restart: cold start to ready ${coldStartMs.toFixed(0)} ms; idle RSS after start: ${idleRss.toFixed(1)} MiB`)
    await hostileRun(server)
    return stop(server)
  }
  // Every endpoint asked for twice first, as under load: what is built per query or Host is kept from its second request
  // (src/lib/lru.ts).
  for (const { path: route } of ENDPOINTS) for (let i = 0; i < 2; i++) await recordResponse(server.url, route, work)
  // Every endpoint in every coding the bench asks for, as the service answered it (small bodies come back as they are).
  const manifest: BareRoute[] = []
  for (const { path: route } of ENDPOINTS) {
    for (const coding of CODINGS) manifest.push(await recordResponse(server.url, route, work, coding))
  }
  if (args.only === 'alloc') {
    printAllocations(await allocationsPerRequest(server.url, server.child.pid!, server.allocFile, ENDPOINTS.map((e) => e.path)))
    return stop(server)
  }
  const variant = (route: string, coding: Coding) => manifest.find((entry) => entry.path === route && entry.coding === coding)!
  const compressed = (route: string, coding: Coding) => variant(route, coding).headers['content-encoding'] === coding
  const bareServer = await startBare(manifest)
  const bodyOnly = await startBare(manifest.filter((entry) => entry.coding === 'identity').map((entry) => ({
    ...entry, headers: { 'content-type': entry.headers['content-type']! }
  })), 'body-only')
  const measured = ONLY_PATHS === undefined ? ENDPOINTS : ENDPOINTS.filter((endpoint) => ONLY_PATHS.includes(endpoint.path))

  console.log(`\n## ${shape === 'embedded' ? 'Embedded (SQLite, memory cache)' : 'Scaled (PostgreSQL, Redis)'}`)
  console.log(`${CONNECTIONS} connections, best of ${ROUNDS} alternating ${SECONDS} s runs per side; 90 days seeded\n`)
  const service: Target = { url: server.url, pid: server.child.pid! }
  const cpu = (app: Run, bare: Run) => `${app.cpuUs.toFixed(1)} | ${bare.cpuUs.toFixed(1)} | ${(bare.cpuUs / app.cpuUs).toFixed(2)}`
  console.log('| endpoint | req/s | p50 ms | p99 ms | bare req/s | ratio | errors | CPU µs/req | bare CPU µs/req | CPU ratio |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  const row = (name: string, { app, bare }: { app: Run, bare: Run }) =>
    console.log(`| ${name} | ${app.rps.toFixed(0)} | ${app.p50} | ${app.p99} | ${bare.rps.toFixed(0)} | ${(app.rps / bare.rps).toFixed(2)} | ${app.errors} | ${cpu(app, bare)} |`)
  if (ONLY_PATHS === undefined) row('mix (weighted, all endpoints)', await compare(service, bareServer, '', mix))
  for (const { path: route } of measured) row(route, await compare(service, bareServer, route))

  console.log('\n### Against a body-only bare server (the same body with only Content-Type and Content-Length)\n')
  console.log('| endpoint | req/s | p50 ms | p99 ms | body-only req/s | ratio | errors | CPU µs/req | body-only CPU µs/req | CPU ratio |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const route of BODY_ONLY_ENDPOINTS) {
    if (ONLY_PATHS === undefined || ONLY_PATHS.includes(route)) row(route, await compare(service, bodyOnly, route))
  }

  console.log('\n### Compressed answers (each encoded once; the bare server sends the same compressed bytes)\n')
  console.log('| endpoint | Accept-Encoding | req/s | p50 ms | p99 ms | bare req/s | ratio | errors | CPU µs/req | bare CPU µs/req | CPU ratio |')
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  const codedRow = (name: string, coding: Coding, { app, bare }: { app: Run, bare: Run }) =>
    console.log(`| ${name} | ${coding} | ${app.rps.toFixed(0)} | ${app.p50} | ${app.p99} | ${bare.rps.toFixed(0)} | ${(app.rps / bare.rps).toFixed(2)} | ${app.errors} | ${cpu(app, bare)} |`)
  for (const coding of ['br', 'gzip'] as const) {
    if (ONLY_PATHS === undefined) codedRow('mix (weighted, all endpoints)', coding, await compare(service, bareServer, '', mix, codingHeaders(coding)))
    for (const { path: route } of measured) {
      if (compressed(route, coding)) codedRow(route, coding, await compare(service, bareServer, route, undefined, codingHeaders(coding)))
    }
  }

  if (ONLY_PATHS !== undefined) return stop(server)

  console.log('\n### Bytes on the wire (body)\n')
  console.log('| endpoint | plain | br | gzip |')
  console.log('|---|---:|---:|---:|')
  for (const { path: route } of ENDPOINTS) {
    const bytes = (coding: Coding) => compressed(route, coding) || coding === 'identity' ? String(variant(route, coding).bytes) : '(as plain)'
    console.log(`| ${route} | ${bytes('identity')} | ${bytes('br')} | ${bytes('gzip')} |`)
  }

  const rssRightAfterLoad = rssMiB(server.child.pid!)
  await sleep(QUIET_AFTER_LOAD_MS) // the service gives spare memory back once quiet (src/lib/memory-release.ts)
  console.log(`\n${firstStart}`)
  console.log(`restart: cold start to ready: ${coldStartMs.toFixed(0)} ms; idle RSS after start: ${idleRss.toFixed(1)} MiB; ` +
    `RSS after load: ${rssRightAfterLoad.toFixed(1)} MiB right after the last request, ` +
    `${rssMiB(server.child.pid!).toFixed(1)} MiB ${QUIET_AFTER_LOAD_MS / 1000} s later`)

  if (SOAK_SECONDS > 0) {
    const slices = Math.max(2, Math.round(SOAK_SECONDS / 10))
    const sliceSeconds = SOAK_SECONDS / slices
    console.log(`\nsoak: ${SOAK_SECONDS} s of the mix in ${slices} slices, each followed by a third as long on the bare server\n`)
    console.log('| slice | req/s | p99 ms | errors | RSS MiB | loop delay p99 ms | loop delay max ms | bare req/s | ratio |')
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
    const rss: number[] = []
    for (let slice = 1; slice <= slices; slice++) {
      const from = Date.now()
      const run = await load(service, '', mix, sliceSeconds)
      const samples = probeSamples(server.probeFile).filter((s) => s.at >= from)
      const loopP99 = Math.max(0, ...samples.map((s) => s.loopP99Ms))
      const loopMax = Math.max(0, ...samples.map((s) => s.loopMaxMs))
      rss.push(rssMiB(server.child.pid!))
      // The machine's own drift (neighbours, CPU clock) shows in the bare server's figure; the service's in the ratio.
      const bare = await load(bareServer, '', mix, Math.max(1, sliceSeconds / 3))
      console.log(`| ${slice} | ${run.rps.toFixed(0)} | ${run.p99} | ${run.errors} | ${rss.at(-1)!.toFixed(1)} | ${loopP99.toFixed(1)} | ` +
        `${loopMax.toFixed(1)} | ${bare.rps.toFixed(0)} | ${(run.rps / bare.rps).toFixed(2)} |`)
    }
    const growth = (rss.at(-1)! - rss[0]!) / rss[0]! * 100
    console.log(`\nRSS growth from the first slice to the last: ${growth.toFixed(1)} % (target < 10 %)`)
    // RSS is a sawtooth (it climbs, then a full collection drops it): the first-to-last figure depends on where the
    // two ends fall in it. A leak raises the peaks, so the peaks of the two halves are compared too.
    const half = Math.floor(rss.length / 2)
    const [firstPeak, secondPeak] = [Math.max(...rss.slice(0, half)), Math.max(...rss.slice(half))]
    console.log(`RSS peak in the first half ${firstPeak.toFixed(1)} MiB, in the second ${secondPeak.toFixed(1)} MiB: ` +
      `${((secondPeak - firstPeak) / firstPeak * 100).toFixed(1)} %; lowest ${Math.min(...rss).toFixed(1)} MiB`)
  }

  await hostileRun(server)

  // Last: its probe keeps counting for 10 s after its last reading (bench/alloc-probe.ts), which a soak would feel.
  printAllocations(await allocationsPerRequest(server.url, server.child.pid!, server.allocFile, ENDPOINTS.map((e) => e.path)))

  console.log(`\nupstream chat-platform requests during the whole run: ${upstream.requests}`)
  await stop(server)
}

async function hostileRun (server: Server): Promise<void> {
  const hostile = await hostileVariety(server.url, server.child.pid!)
  console.log(`\nhostile variety (${HOSTILE_COUNT} distinct search queries, then ${HOSTILE_COUNT} distinct Host headers): ` +
    `RSS ${hostile.before.toFixed(1)} MiB before, ${hostile.afterQueries.toFixed(1)} MiB after the queries, peak ${hostile.peak.toFixed(1)} MiB, after ${hostile.after.toFixed(1)} MiB; ` +
    `${hostile.queriesPerSecond.toFixed(0)} queries/s, ${hostile.hostsPerSecond.toFixed(0)} hosts/s; non-2xx or failed: ${hostile.failures}`)
}

async function stop (server: Server): Promise<void> {
  server.child.kill('SIGTERM')
  await once(server.child, 'exit')
}

const shapes = args.shape === 'both' ? ['embedded', 'scaled'] as const : [args.shape as 'embedded' | 'scaled']
console.log('# status-api benchmark')
// `npm run bench` builds first; run directly after an edit, the bin runs the sources (docs/en/operations.md#bundle).
console.log(bundleIsCurrent(ROOT) ? 'code: the bundle in dist/' : 'code: the TypeScript sources (dist/ is missing or stale: npm run build)')
if (args.only !== 'checks' && args.only !== 'large') for (const shape of shapes) await benchShape(shape)
// The checks scenario (bench/checks.ts): probe cost and liveness p99 with 50 slow checks, last (it runs its own service).
if ((args.only === undefined && ONLY_PATHS === undefined) || args.only === 'checks') await checksScenario(Math.max(5, SECONDS * 2))
// A large bot's footprint (bench/large-bot.ts): 90 days, 10,000 incidents, 10,000 follows; start, idle RSS, the page's size.
if ((args.only === undefined && ONLY_PATHS === undefined) || args.only === 'large') await largeBotShape()
for (const cleanup of cleanups.reverse()) await cleanup()
process.exit(0)
