// The declared http, tcp and push checks (docs/en/architecture.md#status-model): the replica holding the lease probes each check on its own
// schedule and records the confirmed result in check_results; every replica reads that table and holds the results in
// memory for the monitor's rounds. Probes are asynchronous I/O with their own time limits: no request waits for them.
// Each part is a module of its own; this file puts them together.
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import type { ProbeResult } from '../monitor/probes/probe.ts'
import type { Cache, CacheKind } from '../store/cache/cache.ts'
import type { Database } from '../store/database.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import type { HttpCheckOptions } from './http-check.ts'
import { createCheckAttempts, type AttemptListener } from './check-attempts.ts'
import { createCheckSchedule } from './check-schedule.ts'
import { probedComponents, pushedComponents } from './declared-checks.ts'
import { HeldResults, readSharedResults } from './held-results.ts'
import { createResultRecorder } from './result-recorder.ts'
import { createResultWriter } from './result-writer.ts'
import { createResultsView } from './results-view.ts'
import { createCheckLease, leaseTiming } from './lease.ts'
import { createTickLoop } from './tick-loop.ts'

export type { AttemptListener } from './check-attempts.ts'

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
  const probed = probedComponents(declaration)
  const pushed = pushedComponents(declaration)
  const { leaseMs, tickMs } = leaseTiming(probed)
  const lease = createCheckLease({ cache: options.cache, cacheKind: options.cacheKind, database, holder: options.holder, ttlMs: leaseMs, clock })
  const held = new HeldResults()
  const view = createResultsView({ probed, pushed, held, clock, startedAt: clock.now() })
  const record = createResultRecorder({ held, writer: createResultWriter(database.db, logger), onChange: options.onChange, invalidate: view.invalidate })
  const attempts = createCheckAttempts({ clock, http: options.http, record })
  let holding = false
  const schedule = createCheckSchedule({
    probed, tickMs, clock, logger,
    latest: (component) => held.get(component),
    attempt: (component) => attempts.run(component),
    active: () => holding && !loop.stopped
  })
  const refresh = () => readSharedResults(database.db, held, (changed) => {
    view.invalidate()
    if (changed) options.onChange?.()
  })
  const tick = async () => {
    // Only pushes: nothing to probe, no lease to hold; the table has what they pushed.
    holding = probed.length > 0 && await lease.hold()
    await refresh()
    if (holding && !loop.stopped) schedule.schedule()
  }
  const loop = createTickLoop(tick, tickMs, logger)

  return {
    results: view.results,
    refresh,
    tick: async () => {
      await tick()
      await schedule.settled()
    },
    get holding () { return holding },
    onAttempt: (listener) => { attempts.onAttempt(listener) },
    get attempts () { return attempts.count },
    tickMs,
    start () {
      if (probed.length === 0 && pushed.length === 0) return
      loop.start()
    },
    async stop () {
      const ticked = loop.stop()
      schedule.cancelTimed()
      await ticked
      await schedule.settled()
    }
  }
}
