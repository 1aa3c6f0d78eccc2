// The health monitor: probes every PROBE_INTERVAL_SECONDS, measures every declared component, keeps the latest snapshot
// as ready-to-send bytes, records one check per minute and component (buffered while the database is away), keeps the
// history and the rollups fresh. Each part is a module of its own; this file puts them together.
import type { Logger } from 'pino'
import type { Config } from '../config/index.ts'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { Clock } from '../lib/clock.ts'
import type { Cache, CacheKind } from '../store/cache/cache.ts'
import type { Database } from '../store/database.ts'
import type { PlatformStatus } from '../platform/platform-status.ts'
import type { ShardsSnapshot } from '../bot/shard-snapshot.ts'
import { builtinDeclaration, uptimePolicy, type StatusDeclaration } from '../declaration/declaration.ts'
import { createUptimeService, type UptimeService } from './uptime-service.ts'
import type { ManualStatus } from './measure.ts'
import type { ProbeResult } from './probes/probe.ts'
import type { ShownCode } from '../api/shown-minutes.ts'
import { createHistoryService, type HistoryService } from './history-service.ts'
import { reportedComponents } from './reported-components.ts'
import { WriteState } from './write-state.ts'
import { createHealthSnapshots, type HealthSnapshot, type Measurements } from './health-snapshot.ts'
import { createShardsHolder } from './shards-snapshot.ts'
import { platformRefresh } from './platform-refresh.ts'
import { probeRound } from './probe-round.ts'
import { createMinuteRecorder } from './minute-recorder.ts'
import { housekeepingSchedule } from './housekeeping-schedule.ts'
import { createUpkeep } from './upkeep.ts'
import { createRound } from './round.ts'
import { createRoundLoop } from './round-loop.ts'

export type { HealthSnapshot, Measurements } from './health-snapshot.ts'
export { FIRST_HOUSEKEEPING_AFTER_MS } from './housekeeping-schedule.ts'

export interface MonitorOptions {
  /** `edge`: with purge targets, each round also refreshes the chat platform's status when due (the purge watches it). */
  config: Pick<Config, 'probeIntervalSeconds' | 'botStatusUrl' | 'botHeartbeatTimeoutSeconds' | 'edge'>
  database: Database
  cache: Cache
  cacheKind: CacheKind
  clock: Clock
  logger: Logger
  /** Brings the schema up to date if that could not be done at start (the database was away); once it is, a no-op. */
  ensureSchema?: () => Promise<void>
  /** Whether a maintenance window is active now; must be cheap (called per health request). */
  isMaintenanceActive?: () => boolean
  /** Called after each round with its body (the notifications watch the overall status); must not reject. */
  onRound?: (body: MeasuredHealthBody) => Promise<void>
  /** The declared components (config.status); default: the spec's three. */
  declaration?: StatusDeclaration
  /**
   * The chat platform's status, for `platform` components: each round asks it to refresh when due (waiting no longer
   * than a probe may take; also without such components when the edge is purged) and measures what it holds. Without
   * it, those components are `unknown`.
   */
  platform?: Pick<PlatformStatus, 'current' | 'latest'>
  /** What operators set on `manual` components; must be cheap. Without it, they are operational. */
  manualStatuses?: () => ReadonlyMap<string, ManualStatus>
  /** The latest results of the declared http, tcp and push checks (src/checks/runner.ts); must be cheap. */
  checks?: () => ReadonlyMap<string, ProbeResult>
  /** What the page shows of each component now, kept with each minute (src/status/shown-now.ts); must be cheap. */
  shown?: () => ReadonlyMap<string, ShownCode>
}

export interface Monitor {
  /** One round: probe, publish the snapshot, record the minute, refresh history and rollups when due (awaited here; the loop does not wait for them). */
  runOnce (): Promise<MeasuredHealthBody>
  /** The latest snapshot, serialised; undefined until the first round has finished. */
  health (): HealthSnapshot | undefined
  /** The shards from the last heartbeats read, serialised; undefined while no shard has reported. */
  shards (): ShardsSnapshot | undefined
  /** The declared components' measurements of the latest round (held, not computed: cheap per request); undefined before the first. */
  measurements (): Measurements | undefined
  readonly history: HistoryService
  /** The uptime figures of the declared components (./uptime-service.ts), read with the history. */
  readonly uptime: UptimeService
  /** Measures the latest probes again and publishes the snapshot (what operators set changed); nothing before the first round. */
  remeasure (): void
  /** Minutes of checks waiting for the database. */
  readonly bufferedChecks: number
  /** Runs rounds every probe interval until stopped (timers are unref'd). */
  start (): void
  /** Stops the timer and waits for a round and its upkeep in flight. */
  stop (): Promise<void>
}

export function createMonitor (options: MonitorOptions): Monitor {
  const { config, database, cache, cacheKind, clock, logger } = options
  const startedAt = clock.now()
  const intervalMs = config.probeIntervalSeconds * 1000
  const probeTimeoutMs = Math.min(2000, intervalMs)
  const declaration = options.declaration ?? builtinDeclaration()
  const reported = reportedComponents(declaration)
  const writes = new WriteState()
  const history = createHistoryService({ database, clock, logger, components: reported })
  const uptime = createUptimeService({
    database, clock, logger, policy: uptimePolicy(declaration),
    components: declaration.components.map((component) => ({ id: component.id, name: component.name.en }))
  })
  const snapshots = createHealthSnapshots({
    declaration, clock, startedAt, startedMono: clock.monotonic(),
    isMaintenanceActive: options.isMaintenanceActive,
    checks: options.checks,
    platform: options.platform,
    manualStatuses: options.manualStatuses
  })
  const shards = createShardsHolder()
  const refreshPlatform = platformRefresh(declaration, options.platform, probeTimeoutMs, config.edge.purge.length > 0)
  const recorder = createMinuteRecorder({ database, clock, logger, writes, components: reported, startedAt, intervalMs, shown: options.shown })
  const housekeeping = housekeepingSchedule({ database, logger, startedAt })
  const upkeep = createUpkeep({ writes, housekeepIfDue: housekeeping.ifDue, refreshHistory: async () => { await Promise.all([history.refreshIfStale(), uptime.refreshIfStale()]) } })
  const round = createRound({
    probe: () => probeRound({ config, database, cache, cacheKind, clock, timeoutMs: probeTimeoutMs, refreshPlatform, onShards: shards.onShards }),
    ensureSchema: options.ensureSchema,
    writes,
    snapshots,
    recorder,
    onRound: options.onRound,
    startUpkeep: upkeep.start,
    clock,
    intervalMs,
    logger
  })
  const loop = createRoundLoop({ round, intervalMs, logger, upkeepInFlight: upkeep.inFlight })

  return {
    runOnce: loop.runOnce,
    health: snapshots.current,
    shards: shards.current,
    measurements: snapshots.measurements,
    history,
    uptime,
    remeasure: snapshots.remeasure,
    get bufferedChecks () { return recorder.buffered },
    start: loop.start,
    // At shutdown, the rollups this process has not run (a replica living less than FIRST_HOUSEKEEPING_AFTER_MS).
    stop: async () => {
      await loop.stop()
      await upkeep.inFlight()
      await housekeeping.atShutdown(clock.now())
    }
  }
}
