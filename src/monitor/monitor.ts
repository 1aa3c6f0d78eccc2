// The health monitor: probes every PROBE_INTERVAL_SECONDS, measures every declared component, keeps the latest snapshot
// as ready-to-send bytes, records one check per minute and component (buffered while the database is away), keeps the
// history and the rollups fresh.
import type { Logger } from 'pino'
import type { Config } from '../config/index.ts'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { Clock } from '../lib/clock.ts'
import { withTimeout } from '../lib/timeout.ts'
import type { Cache, CacheKind } from '../store/cache/cache.ts'
import type { Database } from '../store/database.ts'
import { OVERALL, upsertComponentChecks, type ComponentCheckRow } from '../store/repositories/component-checks.ts'
import type { PlatformStatus } from '../platform/platform-status.ts'
import { builtinDeclaration, type StatusDeclaration } from '../declaration/declaration.ts'
import { measureComponents, type ManualStatus, type Measurement } from './measure.ts'
import { CheckBuffer } from './check-buffer.ts'
import { buildHealthBody, type ProbeResults } from './health-body.ts'
import { createHistoryService, type HistoryService } from './history-service.ts'
import { reportedComponents } from './reported-components.ts'
import { runHousekeeping } from './housekeeping.ts'
import { minuteOf } from '../lib/minutes.ts'
import { probeBot } from './probes/bot-probe.ts'
import type { ProbeResult } from './probes/probe.ts'
import { probeCache } from './probes/cache-probe.ts'
import { probeDatabase } from './probes/database-probe.ts'
import { serialize, type Serialized } from '../lib/serialized.ts'
import { shardsSnapshot, type ShardsSnapshot } from '../bot/shard-snapshot.ts'
import { VERSION } from './version.ts'
import { WriteState } from './write-state.ts'
import { classifyWriteError } from '../store/write-errors.ts'

const CACHE_TIMEOUT_MS = 1000
const WRITE_TIMEOUT_MS = 5000
const HOUSEKEEPING_EVERY_MS = 60 * 60_000
/**
 * The first rollups wait this long after start: rolling 7 raw days up takes a few hundred milliseconds of SQLite's
 * (synchronous) time, which would hold the server's start-up back, and the histories read days not yet rolled up
 * from their raw rows meanwhile.
 */
export const FIRST_HOUSEKEEPING_AFTER_MS = 5 * 60_000

export interface MonitorOptions {
  config: Pick<Config, 'probeIntervalSeconds' | 'botStatusUrl' | 'botHeartbeatTimeoutSeconds'>
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
   * than a probe may take) and measures what it holds. Without it, those components are `unknown`.
   */
  platform?: Pick<PlatformStatus, 'current' | 'latest'>
  /** What operators set on `manual` components; must be cheap. Without it, they are operational. */
  manualStatuses?: () => ReadonlyMap<string, ManualStatus>
  /** The latest results of the declared http, tcp and push checks (src/checks/runner.ts); must be cheap. */
  checks?: () => ReadonlyMap<string, ProbeResult>
}

/** The declared components as the last round measured them. */
export interface Measurements {
  /** When the round measured them (ISO 8601, the health body's `checkedAt`). */
  checkedAt: string
  /** Every declared component's measurement by id, in the file's order. */
  components: ReadonlyMap<string, Measurement>
}

export interface HealthSnapshot extends Serialized<MeasuredHealthBody> {
  statusCode: 200 | 503
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
  const isMaintenanceActive = options.isMaintenanceActive ?? (() => false)
  const startedAt = clock.now()
  const startedMono = clock.monotonic()
  const intervalMs = config.probeIntervalSeconds * 1000
  const probeTimeoutMs = Math.min(2000, intervalMs)
  const declaration = options.declaration ?? builtinDeclaration()
  const reported = reportedComponents(declaration)
  const hasPlatformComponents = declaration.components.some((c) => c.check.kind === 'platform')
  const buffer = new CheckBuffer()
  const writes = new WriteState()
  const history = createHistoryService({ database, clock, logger, components: reported })
  let results: { probes: ProbeResults, measurements: Measurements, checkedAt: number, checkedMono: number } | undefined
  let snapshot: HealthSnapshot | undefined
  let shards: ShardsSnapshot | undefined
  let nextHousekeeping = startedAt + FIRST_HOUSEKEEPING_AFTER_MS
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let upkeeping: Promise<void> | undefined
  let started = false
  let stopped = false

  const maintenanceNow = () => {
    try {
      return isMaintenanceActive()
    } catch {
      return false
    }
  }

  const measure = (probes: ProbeResults, checkedAt: number): Measurements => ({
    checkedAt: new Date(checkedAt).toISOString(),
    components: measureComponents({ declaration, builtin: probes, checks: options.checks?.(), platform: options.platform?.latest(), manual: manualNow() })
  })

  const manualNow = () => {
    try {
      return options.manualStatuses?.()
    } catch {
      return undefined
    }
  }

  /** Asks the platform's status to refresh when due, waiting at most as long as a probe may take (it goes on in the background). */
  const refreshPlatform = async () => {
    if (!hasPlatformComponents || options.platform === undefined) return
    await withTimeout(options.platform.current(), probeTimeoutMs, 'chat platform status').catch(() => undefined)
  }

  const publish = (maintenance: boolean): HealthSnapshot => {
    const body = buildHealthBody({
      results: results!.probes,
      declaration,
      measurements: results!.measurements.components,
      version: VERSION,
      startedAt,
      checkedAt: results!.checkedAt,
      uptimeMs: results!.checkedMono - startedMono,
      maintenance
    })
    snapshot = { ...serialize(body), statusCode: body.status === 'down' ? 503 : 200 }
    return snapshot
  }

  const record = async (body: MeasuredHealthBody, databaseAnswers: boolean) => {
    const minute = minuteOf(Date.parse(body.checkedAt))
    const components: Record<string, { status: string, latencyMs: number | null }> = body.components
    const rows: ComponentCheckRow[] = [
      { minute, component: OVERALL, status: body.status, latencyMs: null },
      ...reported.map((id) => ({ minute, component: id, status: components[id]!.status, latencyMs: components[id]!.latencyMs }))
    ]
    // A minute is never written for a time before this process started or after now: the wall clock stepped back.
    const now = minuteOf(clock.now())
    if (minute >= minuteOf(startedAt) && minute <= now) buffer.add(rows)
    buffer.dropAfter(now)
    if (buffer.size === 0) return
    if (!databaseAnswers) {
      // Kept for later: a write now fails, or (a deleted SQLite file) goes where no one will ever read it.
      writes.succeeded()
      return
    }
    const pending = buffer.rows()
    try {
      const statementTimeoutMs = Math.min(WRITE_TIMEOUT_MS, intervalMs)
      const minutes = buffer.size
      await withTimeout(upsertComponentChecks(database, pending, { statementTimeoutMs }), WRITE_TIMEOUT_MS + 1000, 'recording checks')
      buffer.remove(pending)
      if (minutes > 1) logger.info({ minutes }, 'buffered health checks written')
      writes.succeeded()
    } catch (error) {
      const reason = classifyWriteError(error)
      writes.failed(reason, clock.monotonic())
      logger.warn({ buffered: buffer.size, reason }, 'health check not written; kept in memory until the database takes it')
    }
  }

  const housekeepIfDue = async (now: number) => {
    if (now < nextHousekeeping) return
    try {
      await runHousekeeping(database, now)
      nextHousekeeping = now + HOUSEKEEPING_EVERY_MS
    } catch (error) {
      logger.warn({ err: error }, 'health rollups and retention postponed')
    }
  }

  const round = async (): Promise<{ body: MeasuredHealthBody, upkept: Promise<void> | undefined }> => {
    const [databaseResult, cacheResult, botResult] = await Promise.all([
      probeDatabase(database, probeTimeoutMs),
      probeCache(cache, cacheKind, CACHE_TIMEOUT_MS),
      probeBot({
        database,
        statusUrl: config.botStatusUrl,
        heartbeatTimeoutSeconds: config.botHeartbeatTimeoutSeconds,
        now: clock.now(),
        timeoutMs: probeTimeoutMs,
        onShards: (body) => { shards = body === undefined ? undefined : shardsSnapshot(body) }
      }),
      refreshPlatform()
    ])
    if (databaseResult.status === 'ok' && options.ensureSchema !== undefined) {
      try {
        await options.ensureSchema()
      } catch (error) {
        logger.warn({ reason: classifyWriteError(error) }, 'the database answers but could not be migrated yet')
      }
    }
    const checkedAt = clock.now()
    const judgeDatabase = () => writes.judge(databaseResult, clock.monotonic(), intervalMs)
    const probes: ProbeResults = { database: judgeDatabase(), cache: cacheResult, bot: botResult }
    results = { probes, measurements: measure(probes, checkedAt), checkedAt, checkedMono: clock.monotonic() }
    let body = publish(maintenanceNow()).value
    await record(body, databaseResult.status === 'ok')
    // The write just made may have changed the verdict (a first failure, or the first success after failures).
    const afterWrite = judgeDatabase()
    if (afterWrite.status !== results.probes.database.status || afterWrite.message !== results.probes.database.message) {
      const judged = { ...results.probes, database: afterWrite }
      results = { ...results, probes: judged, measurements: measure(judged, checkedAt) }
      body = publish(maintenanceNow()).value
    }
    await options.onRound?.(body)
    return { body, upkept: databaseResult.status === 'ok' ? startUpkeep(checkedAt) : undefined }
  }

  /** Rollups and the history when due; never rejects. While writes fail, housekeeping waits for one to go through. */
  const upkeep = async (checkedAt: number) => {
    if (writes.failure === undefined) await housekeepIfDue(checkedAt)
    await history.refreshIfStale()
  }

  /** One upkeep at a time: a round while one is still reading (behind a lock held on the table) starts none. */
  const startUpkeep = (checkedAt: number): Promise<void> => {
    upkeeping ??= upkeep(checkedAt).finally(() => { upkeeping = undefined })
    return upkeeping
  }

  const runOnce = () => {
    const current = round().then(async ({ body, upkept }) => {
      await upkept
      return body
    })
    running = current.catch(() => undefined)
    return current
  }

  const loop = async () => {
    try {
      // The next round does not wait for this one's upkeep: reads that wait behind a lock must not keep the
      // probes from reporting it (a round of the loop is probe, publish, record).
      const current = round()
      running = current.catch(() => undefined)
      await current
    } catch (error) {
      logger.error({ err: error }, 'health monitor round failed')
    }
    if (!stopped) {
      timer = setTimeout(() => { void loop() }, intervalMs)
      timer.unref()
    }
  }

  return {
    runOnce,
    health () {
      if (snapshot === undefined) return undefined
      const maintenance = maintenanceNow()
      return maintenance === snapshot.value.maintenance ? snapshot : publish(maintenance)
    },
    shards: () => shards,
    measurements: () => results?.measurements,
    history,
    remeasure () {
      if (results === undefined) return
      results = { ...results, measurements: measure(results.probes, results.checkedAt) }
      publish(maintenanceNow())
    },
    get bufferedChecks () { return buffer.size },
    start () {
      if (started) return
      started = true
      void loop()
    },
    async stop () {
      stopped = true
      clearTimeout(timer)
      await running
      await upkeeping
    }
  }
}
