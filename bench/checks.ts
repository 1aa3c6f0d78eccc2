// The checks scenario of `npm run bench` (issue: "never on the hot path"): the service with 50 http checks every 5 s
// against slow loopback targets (each answers after 3 s), beside the same service without checks. It reports the CPU
// time one probe costs the service, and liveness p50/p99 under load with and without the checks (with the event
// loop's delay). Run alone with `node bench/checks.ts [--seconds N]`, or as the last part of `npm run bench`.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { freePort } from '../test/services/ports.ts'
import { BIN, binEnvironment, binNodeFlags } from './bin-flags.ts'

export const CHECKS = 50
const EVERY = '5s'
const TARGET_DELAY_MS = 3000
const CLOCK_TICKS_PER_SECOND = 100

interface Service { url: string, child: ChildProcess, probeFile: string }

/** User plus system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds (pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
}

async function startService (work: string, env: Record<string, string>): Promise<Service> {
  const port = await freePort()
  const probeFile = path.join(work, `probe-${port}.jsonl`)
  const child = spawn(process.execPath, [...binNodeFlags(), '--import', path.join(import.meta.dirname, 'loop-probe.ts'), BIN, 'serve'], {
    env: binEnvironment({ NODE_COMPILE_CACHE: path.join(tmpdir(), 'node-compile-cache'), ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BENCH_PROBE_FILE: probeFile }),
    stdio: ['ignore', 'ignore', 'inherit']
  })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('status-api exited during start')
    if (await fetch(`${url}/api/v1/readiness`).then((r) => r.status === 200, () => false)) return { url, child, probeFile }
    await sleep(20)
  }
}

async function stop (service: Service): Promise<void> {
  service.child.kill('SIGTERM')
  await once(service.child, 'exit')
}

/** Event-loop delay p99 (worst second) from the probe's lines written after `since`. */
function loopP99 (service: Service, since: number): number {
  const lines = readFileSync(service.probeFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { at: number, loopP99Ms: number })
  return Math.max(0, ...lines.filter((line) => line.at >= since).map((line) => line.loopP99Ms))
}

async function liveness (url: string, seconds: number) {
  const result = await autocannon({ url: `${url}/api/v1/liveness`, connections: 8, duration: seconds })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx }
}

/** Runs the scenario and prints its section; `seconds` is each measured period. */
export async function checksScenario (seconds: number): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'status-api-bench-checks-'))
  let probes = 0
  const target = http.createServer((_request, response) => {
    probes++
    setTimeout(() => response.end('ok'), TARGET_DELAY_MS)
  })
  target.keepAliveTimeout = 1000
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  const { port } = target.address() as { port: number }
  const components = Array.from({ length: CHECKS }, (_, i) =>
    `  - { id: slow-${i}, name: Slow ${i}, check: { http: { url: "http://127.0.0.1:${port}/${i}", every: ${EVERY}, timeout: 4s, expect: { latencyBelow: 1s } } } }`)
  const withChecks = path.join(work, 'checks.yaml')
  writeFileSync(withChecks, `components:\n  - { id: database, builtin: database }\n${components.join('\n')}\n`)
  const without = path.join(work, 'none.yaml')
  writeFileSync(without, 'components:\n  - { id: database, builtin: database }\n')

  const measure = async (file: string) => {
    const service = await startService(work, { STATUS_FILE: file, DATA_DIR: mkdtempSync(path.join(work, 'data-')) })
    try {
      await sleep(6000) // the first round of checks has started and is waiting on the slow targets
      const idleFrom = Date.now()
      const cpuBefore = cpuSeconds(service.child.pid!)
      const probesBefore = probes
      await sleep(seconds * 1000)
      const idle = { cpu: cpuSeconds(service.child.pid!) - cpuBefore, probes: probes - probesBefore, loopP99: loopP99(service, idleFrom) }
      const loadFrom = Date.now()
      const load = await liveness(service.url, seconds)
      return { idle, load, loadLoopP99: loopP99(service, loadFrom) }
    } finally {
      await stop(service)
    }
  }
  try {
    const base = await measure(without)
    const checked = await measure(withChecks)
    const perProbeMs = checked.idle.probes === 0 ? NaN : ((checked.idle.cpu - base.idle.cpu) / checked.idle.probes) * 1000
    console.log(`\n## Checks: ${CHECKS} http checks every ${EVERY} against targets answering after ${TARGET_DELAY_MS / 1000} s (embedded)\n`)
    console.log(`probes in ${seconds} s: ${checked.idle.probes} (at most ${Math.floor(seconds / 5 + 1) * CHECKS}); CPU of the service: ` +
      `${checked.idle.cpu.toFixed(2)} s with checks, ${base.idle.cpu.toFixed(2)} s without; probe cost ≈ ${perProbeMs.toFixed(2)} ms CPU per probe`)
    console.log(`event-loop delay p99 while idle: ${checked.idle.loopP99.toFixed(1)} ms with checks, ${base.idle.loopP99.toFixed(1)} ms without\n`)
    console.log('| liveness under load (8 connections) | req/s | p50 ms | p99 ms | loop delay p99 ms | errors |')
    console.log('|---|---:|---:|---:|---:|---:|')
    console.log(`| without checks | ${base.load.rps.toFixed(0)} | ${base.load.p50} | ${base.load.p99} | ${base.loadLoopP99.toFixed(1)} | ${base.load.errors} |`)
    console.log(`| with ${CHECKS} checks every ${EVERY} | ${checked.load.rps.toFixed(0)} | ${checked.load.p50} | ${checked.load.p99} | ${checked.loadLoopP99.toFixed(1)} | ${checked.load.errors} |`)
  } finally {
    target.closeAllConnections()
    await new Promise((resolve) => target.close(resolve))
    rmSync(work, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } })
  await checksScenario(Number(values.seconds))
  process.exit(0)
}
