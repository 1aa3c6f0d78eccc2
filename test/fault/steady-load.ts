// Steady load for fault tests: a few loops requesting every endpoint of one or more instances, each answer
// checked against what the contract allows for that endpoint (docs/en/operations.md#faults) (status, problem+json on errors, time bound).
import { readFileSync } from 'node:fs'
export interface Expectation {
  path: string
  /** Statuses the contract allows here during faults. */
  allowed: number[]
}

/** What each endpoint may answer while stores or upstreams fail (docs/en/architecture.md#api-contract). */
export const DESIGNED: Expectation[] = [
  { path: '/api/v1/liveness', allowed: [200] },
  { path: '/api/v1/readiness', allowed: [200, 503] },
  { path: '/api/v1/health', allowed: [200, 503] },
  { path: '/api/v1/health/history', allowed: [200] },
  { path: '/api/v1/health/incidents', allowed: [200] },
  { path: '/api/v1/health/discord', allowed: [200, 503] },
  { path: '/docs/api/search?q=health', allowed: [200] },
  { path: '/status', allowed: [200] }
]

/** The longest any answer may take: the slowest designed timeout (3 s upstream) plus slack for a loaded machine. */
export const ANSWER_BOUND_MS = 6000

export interface Answer { path: string, status: number, ms: number }

export class SteadyLoad {
  readonly answers: Answer[] = []
  readonly violations: string[] = []
  /** Connection-level failures (refused, reset): expected only while a process is being stopped. */
  connectionErrors = 0
  #running = false
  #loops: Array<Promise<void>> = []
  readonly #bases: string[]
  readonly #expectations: Expectation[]

  constructor (bases: string[], expectations: Expectation[] = DESIGNED) {
    this.#bases = bases
    this.#expectations = expectations
  }

  start (loops = 4): void {
    this.#running = true
    for (let i = 0; i < loops; i++) this.#loops.push(this.#loop(i))
  }

  async stop (): Promise<void> {
    this.#running = false
    await Promise.all(this.#loops)
    this.#loops = []
  }

  count (path: string, status: number): number {
    return this.answers.filter((a) => a.path === path && a.status === status).length
  }

  async #loop (offset: number): Promise<void> {
    let turn = offset
    while (this.#running) {
      const expectation = this.#expectations[turn % this.#expectations.length]!
      const base = this.#bases[turn % this.#bases.length]!
      turn++
      await this.#request(base, expectation)
    }
  }

  async #request (base: string, expectation: Expectation): Promise<void> {
    const started = performance.now()
    let response: Response
    try {
      response = await fetch(base + expectation.path, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) })
      await response.arrayBuffer()
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') this.violations.push(`${expectation.path}: no answer within ${ANSWER_BOUND_MS} ms`)
      else this.connectionErrors++
      await new Promise((resolve) => setTimeout(resolve, 20))
      return
    }
    const ms = performance.now() - started
    this.answers.push({ path: expectation.path, status: response.status, ms })
    if (!expectation.allowed.includes(response.status)) this.violations.push(`${expectation.path}: ${response.status}`)
    const type = response.headers.get('content-type') ?? ''
    const healthDown = expectation.path === '/api/v1/health' && type.startsWith('application/json')
    if (response.status >= 400 && !type.startsWith('application/problem+json') && !healthDown) {
      this.violations.push(`${expectation.path}: ${response.status} as ${type}`)
    }
  }
}

/** Polls `check` until it holds or `withinMs` passes; returns how long it took (throws on time-out). */
export async function eventually (what: string, withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < withinMs) {
    if (await check().catch(() => false)) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what}: not within ${withinMs} ms`)
}

export async function statusOf (url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) })
  await response.arrayBuffer()
  return response.status
}

export async function jsonOf<T> (url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) })
  return await response.json() as T
}

export function rssMiB (pid: number): number {
  // /proc is Linux's; the suite runs on Linux (CI and the developers' machines).
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}
