// The declared http, tcp and push checks (DESIGN §10): the replica holding the lease probes each check on its own
// schedule and records the confirmed result in check_results; every replica reads that table and holds the results in
// memory for the monitor's rounds. Probes are asynchronous I/O with their own time limits: no request waits for them.
import { hostname } from 'node:os'
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import type { ProbeResult } from '../monitor/probes/probe.ts'
import type { Cache, CacheKind } from '../store/cache/cache.ts'
import type { Database } from '../store/database.ts'
import { listCheckResults, upsertCheckResults, type CheckResultRow } from '../store/repositories/check-results.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import type { DeclaredComponent, StatusDeclaration } from '../declaration/declaration.ts'
import type { Attempt } from './attempt.ts'
import { confirmed } from './confirm.ts'
import { checkHttp, type HttpCheckOptions } from './http-check.ts'
import { createCheckLease, type CheckLease } from './lease.ts'
import { pushMeasurement } from './push.ts'
import { checkTcp } from './tcp-check.ts'

/** Bounds of the lease: at most every check's interval (so a hand-over takes under two), at least 5 s, at most 15 s. */
const LEASE_MIN_MS = 5_000
const LEASE_MAX_MS = 15_000
/** Results of attempts finishing within this long of each other are written in one statement. */
const WRITE_AFTER_MS = 200

type Probed = DeclaredComponent & { check: { kind: 'http' | 'tcp' } }

export interface CheckRunnerOptions {
  declaration: StatusDeclaration
  database: Database
  cache: Cache
  cacheKind: CacheKind
  clock: Clock
  logger: Logger
  /** This replica's name in the lease; default host:pid:random. */
  holder?: string
  http?: HttpCheckOptions
  /** A component's status or message changed here: a push read from the table, or a result of this or another replica. */
  onChange?: () => void
}

/** Hears every attempt this replica made: the component, what it found, how long it took. */
export type AttemptListener = (component: string, attempt: Attempt, seconds: number) => void

export interface CheckRunner {
  /** The latest result of every declared http, tcp and push check by component id (none: not checked yet). Cheap. */
  results (): ReadonlyMap<string, ProbeResult>
  /** Reads the shared results now (after a push, so this replica shows it at once). */
  refresh (): Promise<void>
  /** One tick: hold the lease, read the shared results, start the checks that are due (awaited here; tests). */
  tick (): Promise<void>
  /** Whether this replica held the lease at its last tick. */
  readonly holding: boolean
  /** Adds a listener of this replica's attempts (the metrics). */
  onAttempt (listener: AttemptListener): void
  /** Attempts this replica has made. */
  readonly attempts: number
  readonly tickMs: number
  start (): void
  stop (): Promise<void>
}

export function createCheckRunner (options: CheckRunnerOptions): CheckRunner {
  const { declaration, database, clock, logger } = options
  const probed = declaration.components.filter((component): component is Probed => component.check.kind === 'http' || component.check.kind === 'tcp')
  const pushed = declaration.components.filter((component) => component.check.kind === 'push')
  const shortest = Math.min(...probed.map((component) => component.check.everyMs))
  const leaseMs = Math.max(LEASE_MIN_MS, Math.min(LEASE_MAX_MS, shortest))
  const tickMs = Math.round(leaseMs / 3)
  const lease: CheckLease = createCheckLease({
    cache: options.cache, cacheKind: options.cacheKind, database,
    holder: options.holder ?? `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
    ttlMs: leaseMs, now: () => clock.now(), monotonic: () => clock.monotonic()
  })
  const rows = new Map<string, CheckResultRow>()
  const inFlight = new Map<string, Promise<void>>()
  /** Checks due before the next tick, timed to the millisecond. */
  const timed = new Map<string, NodeJS.Timeout>()
  const startedAt = clock.now()
  const listeners: AttemptListener[] = []
  /** Results not yet written, by component. */
  const unwritten = new Map<string, CheckResultRow>()
  let writing: Promise<void> | undefined
  let holding = false
  let attempts = 0
  let snapshot: { at: number, results: ReadonlyMap<string, ProbeResult> } | undefined
  let timer: NodeJS.Timeout | undefined
  let ticking: Promise<void> | undefined
  let stopped = false

  /** Keeps `row` as the component's latest; true when what the page shows of it (status, message) changed. */
  const keep = (row: CheckResultRow): boolean => {
    const held = rows.get(row.component)
    rows.set(row.component, row)
    return held === undefined || held.status !== row.status || held.message !== row.message
  }

  const readShared = async () => {
    try {
      const read = await listCheckResults(database.db)
      let changed = false
      for (const row of read) {
        const held = rows.get(row.component)
        // A result of this replica newer than the table's (its write failed or is in flight) stays.
        if (held === undefined || row.checkedAt >= held.checkedAt) changed = keep(row) || changed
      }
      snapshot = undefined
      if (changed) options.onChange?.()
    } catch {
      // The database does not answer: the results in memory stay (and age, see results()).
    }
  }

  const attempt = async (component: Probed) => {
    const at = clock.now()
    const started = performance.now()
    const { check } = component
    const result = check.kind === 'http'
      ? await checkHttp({ url: check.url, method: check.method, headers: check.headers, timeoutMs: check.timeoutMs, expect: check.expect }, options.http)
      : await checkTcp({ host: check.host, port: check.port, timeoutMs: check.timeoutMs })
    attempts++
    for (const listener of listeners) listener(component.id, result, (performance.now() - started) / 1000)
    const row = confirmed(component.id, rows.get(component.id), result, check.confirm, at)
    if (keep(row)) options.onChange?.()
    unwritten.set(component.id, row)
    snapshot = undefined
    writing ??= sleep(WRITE_AFTER_MS).then(write).finally(() => { writing = undefined })
    await writing
  }

  /** Writes the results gathered since the last write in one statement (attempts finishing together share it). */
  const write = async () => {
    const pending = [...unwritten.values()]
    unwritten.clear()
    try {
      await upsertCheckResults(database.db, pending)
    } catch (error) {
      // Kept for the next write unless a newer result came meanwhile.
      for (const row of pending) if (!unwritten.has(row.component)) unwritten.set(row.component, row)
      logger.warn({ components: pending.length, reason: (error as Error).name }, 'check results not written; the other replicas see them once a write goes through')
    }
  }

  const launch = (component: Probed) => {
    const running = attempt(component).catch((error: unknown) => {
      logger.error({ err: error, component: component.id }, 'check failed unexpectedly')
    }).finally(() => inFlight.delete(component.id))
    inFlight.set(component.id, running)
  }

  /** Milliseconds until a check is due again (≤ 0: now), from its latest result, whoever recorded it. */
  const dueIn = (component: Probed) => {
    const last = rows.get(component.id)
    return last === undefined ? 0 : last.checkedAt + component.check.everyMs - clock.now()
  }

  /** Starts the checks due now and times those due before the next tick to the millisecond. */
  const schedule = () => {
    for (const component of probed) {
      if (inFlight.has(component.id) || timed.has(component.id)) continue
      const wait = dueIn(component)
      if (wait <= 0) launch(component)
      else if (wait < tickMs) {
        const timer = setTimeout(() => {
          timed.delete(component.id)
          if (holding && !stopped && !inFlight.has(component.id) && dueIn(component) <= 0) launch(component)
        }, wait)
        timer.unref()
        timed.set(component.id, timer)
      }
    }
  }

  const tick = async () => {
    // Only pushes: nothing to probe, no lease to hold; the table has what they pushed.
    holding = probed.length > 0 && await lease.hold()
    await readShared()
    if (holding && !stopped) schedule()
  }

  const loop = async () => {
    ticking = tick().catch((error: unknown) => { logger.error({ err: error }, 'checks tick failed') })
    await ticking
    if (!stopped) {
      timer = setTimeout(() => { void loop() }, tickMs)
      timer.unref()
    }
  }

  /** A result older than this is no longer the component's state: the lease holder stopped recording. */
  const staleAfter = (component: DeclaredComponent) => component.check.kind === 'http' || component.check.kind === 'tcp'
    ? 3 * component.check.everyMs + component.check.timeoutMs
    : Infinity

  const results = (): ReadonlyMap<string, ProbeResult> => {
    const now = clock.now()
    // Pushes age by the minute: the snapshot is kept for a second at most.
    if (snapshot !== undefined && now - snapshot.at < 1000) return snapshot.results
    const map = new Map<string, ProbeResult>()
    for (const component of pushed) {
      if (component.check.kind === 'push') map.set(component.id, pushMeasurement(rows.get(component.id), component.check.withinMs, now, startedAt))
    }
    for (const component of probed) {
      const row = rows.get(component.id)
      if (row === undefined) continue
      if (now - row.checkedAt > staleAfter(component)) {
        map.set(component.id, { status: 'unknown', latencyMs: null, message: 'No recent result.' })
        continue
      }
      map.set(component.id, { status: row.status, latencyMs: row.latencyMs, ...(row.message === null ? {} : { message: row.message }) })
    }
    snapshot = { at: now, results: map }
    return map
  }

  return {
    results,
    refresh: readShared,
    tick: async () => {
      await tick()
      await Promise.all(inFlight.values())
    },
    get holding () { return holding },
    onAttempt: (listener) => { listeners.push(listener) },
    get attempts () { return attempts },
    tickMs,
    start () {
      if (probed.length === 0 && pushed.length === 0) return
      void loop()
    },
    async stop () {
      stopped = true
      clearTimeout(timer)
      for (const waiting of timed.values()) clearTimeout(waiting)
      timed.clear()
      await ticking
      await Promise.all(inFlight.values())
    }
  }
}
