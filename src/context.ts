// Everything a running instance holds: config, stores, clock, logger and the services built on them.
// The server, the CLI and the tests all open it the same way, and close it once.
import path from 'node:path'
import { pino, type Logger } from 'pino'
import type { Config } from './config/index.ts'
import { createCheckRunner, type CheckRunner } from './checks/runner.ts'
import { createIncidentsService, type IncidentsService } from './incidents/service.ts'
import { createSeriesMaterialiser, type SeriesMaterialiser } from './incidents/series.ts'
import { syncFileSeries } from './incidents/file-series.ts'
import { DocsSite } from './docs/docs-site.ts'
import { PRERENDERED_FILE } from './docs/prerendered.ts'
import { BUNDLE_DIR } from './bundle/manifest.ts'
import { projectRoot, runsBundle } from './config/project-root.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import { createMonitor, type Monitor } from './monitor/monitor.ts'
import { createReadiness, type Readiness } from './monitor/readiness.ts'
import { createPlatformStatus, type PlatformStatus } from './platform/platform-status.ts'
import type { Metrics } from './metrics/metrics.ts'
import type { Cache, CacheKind } from './store/cache/cache.ts'
import { openCache } from './store/cache/open-cache.ts'
import { SERVING_BUSY_TIMEOUT_MS, openDatabase, type Database } from './store/database.ts'
import { migrate } from './store/migrate.ts'
import type { EdgePurge } from './edge/purge-planner.ts'
import { deliverPurge } from './edge/purge-targets.ts'
import { createNotifications, type Notifications, type NotifyTuning } from './notify/notifications.ts'
import { createStatusService, type StatusService } from './status/service.ts'
import { createManualStatuses, type ManualStatuses } from './monitor/manual-statuses.ts'

export interface Context {
  config: Config
  clock: Clock
  logger: Logger
  database: Database
  cache: Cache
  cacheKind: CacheKind
  readiness: Readiness
  /** The chat platform's status (Statuspage summary), fetched at most once a minute per deployment. */
  platformStatus: PlatformStatus
  /** Incidents and maintenance, served from memory; `isMaintenanceActive()` for the health monitor. */
  incidents: IncidentsService
  /** Writes the maintenance series' occurrences ahead (and the status file's series at its first round). */
  series: SeriesMaterialiser
  /** The health monitor: probes, the latest snapshot, minute checks and the 90-day history. */
  monitor: Monitor
  /** The declared http, tcp and push checks: run by the replica holding the lease, read by every replica. */
  checks: CheckRunner
  /** The one public status (docs/en/architecture.md#status-model) every surface renders, and the health snapshot with its indicator. */
  status: StatusService
  /** What operators set on manual components (docs/en/architecture.md#operator-api), read in the background; undefined when none is declared. */
  manualStatuses: ManualStatuses | undefined
  /** The documentation of both languages, loaded and indexed at open. */
  docs: DocsSite
  /** Prometheus metrics over the services above; undefined unless METRICS_PORT is set. */
  metrics: Metrics | undefined
  /** Notification delivery, the maintenance clock and the status watch; undefined when no target is configured. */
  notifications: Notifications | undefined
  /** Purges shared caches when what their keys show changes; undefined without EDGE_PURGE. */
  edgePurge: EdgePurge | undefined
  /** Starts the background work (monitor rounds, incidents refresher); serve calls it, tests drive runOnce() instead. */
  start (): void
  /** Stops background work and closes the stores; safe to call twice. */
  close (): Promise<void>
}

const START_PING_TIMEOUT_MS = 1000
/** How often a deployment that purges caches reads the rows another process may have written. */
const PURGED_REFRESH_MS = 1000

export interface ContextOptions {
  clock?: Clock
  logger?: Logger
  /** Run migrations before anything reads the database (serve does; the migrate command does it itself). */
  migrate?: boolean
  /** Redis key prefix; tests give each instance group its own. */
  cacheKeyPrefix?: string
  /** Shorter notification timings for tests. */
  notify?: Partial<NotifyTuning>
  /** How often the edge purge looks for changes; 250 ms unless a test asks otherwise. */
  edgeIntervalMs?: number
  /** The documentation, already loaded from config.docsDir (tests build it once per process); built here otherwise. */
  docs?: DocsSite
}

function createLogger (config: Config): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true }
  })
}

export async function openContext (config: Config, options: ContextOptions = {}): Promise<Context> {
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? createLogger(config)
  const warnEvery = throttledWarning(logger, 30_000)
  const docs = options.docs ?? new DocsSite({ docsDir: config.docsDir, germanPrefix: config.germanPrefix, prerenderedFile: runsBundle ? path.join(projectRoot, BUNDLE_DIR, PRERENDERED_FILE) : undefined })
  for (const warning of docs.warnings) logger.warn(`docs: ${warning}`)
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onError: warnEvery, busyTimeoutMs: SERVING_BUSY_TIMEOUT_MS,
    poolSize: config.databasePoolSize,
    onReopen: () => logger.warn('the database file was replaced; reopened the file now at its path')
  })
  const { cache, kind: cacheKind } = await openCache({ redisUrl: config.redisUrl, onError: warnEvery, keyPrefix: options.cacheKeyPrefix })
  // A replica starts while the database is away (serving liveness, health `down` and what it has in memory) and
  // migrates when the database answers; a database that answers but cannot be migrated still stops the start.
  let schemaReady = options.migrate !== true
  if (!schemaReady) {
    try {
      await migrate(database)
      schemaReady = true
    } catch (error) {
      if (await database.ping(START_PING_TIMEOUT_MS).then(() => true, () => false)) {
        await Promise.allSettled([database.close(), cache.close()])
        throw error
      }
      logger.warn('the database does not answer at start: serving without it, migrating once it answers')
    }
  }
  const ensureSchema = async () => {
    if (schemaReady) return
    await migrate(database)
    schemaReady = true
    logger.info('the database answers: schema migrated')
  }
  const readiness = createReadiness(database, clock)
  const platformStatus = createPlatformStatus({ url: config.discordStatusUrl, cache, clock, logger })
  // With purges a change reaches the edge within 2 s (docs/en/architecture.md#edge), a write by another process (the CLI, another
  // replica) too: the incidents' change stamp and the manual statuses are read every second instead of every 10 and 5.
  const refreshIntervalMs = config.edge.purge.length === 0 ? undefined : PURGED_REFRESH_MS
  const incidents = createIncidentsService({ database, clock, logger, refreshIntervalMs })
  await incidents.runOnce()
  const notifications = createNotifications({ config, database, clock, logger, deliverPurge, tuning: options.notify })
  const fileSeries = config.status.file === undefined ? undefined : config.status.maintenance ?? []
  const series = createSeriesMaterialiser({
    db: database.db, clock, logger,
    firstRound: fileSeries === undefined ? undefined : async () => {
      const outcome = await syncFileSeries(database.db, fileSeries, clock.now())
      for (const id of outcome.skipped) logger.warn({ series: id }, 'maintenance: the status file\'s series has the id of an operator\'s series; it is not written')
      if (outcome.created.length + outcome.changed.length + outcome.ended.length > 0) logger.info({ ...outcome }, 'maintenance: the status file\'s series written')
    }
  })
  const manualStatuses = config.status.components.some((component) => component.check.kind === 'manual')
    ? createManualStatuses({ database, logger, onChange: () => monitor.remeasure(), refreshIntervalMs })
    : undefined
  const checks = createCheckRunner({ declaration: config.status, database, cache, cacheKind, clock, logger, onChange: () => monitor.remeasure() })
  const monitor: Monitor = createMonitor({
    config, database, cache, cacheKind, clock, logger, ensureSchema,
    declaration: config.status,
    platform: platformStatus,
    checks: () => checks.results(),
    isMaintenanceActive: () => incidents.isMaintenanceActive(),
    manualStatuses: manualStatuses === undefined ? undefined : () => manualStatuses.current(),
    onRound: notifications === undefined ? undefined : (body) => notifications.observe(body)
  })
  await manualStatuses?.refresh().catch(() => undefined) // the database away: operational until it answers
  const status = createStatusService({ declaration: config.status, monitor, incidents, clock })
  // prom-client is loaded only when the metrics are on.
  const metrics = config.metricsPort === undefined
    ? undefined
    : (await import('./metrics/metrics.ts')).createMetrics({ monitor, incidents, platformStatus, status })
  // Shared caches purged on change (docs/en/architecture.md#edge): only with EDGE_PURGE, through the outbox the notifications use.
  const edgePurge = config.edge.purge.length === 0
    ? undefined
    : (await import('./edge/purge-planner.ts')).createEdgePurge({
        database, status, incidents, components: config.status.components, shards: monitor.shards, platform: platformStatus.latest, clock, logger,
        docsDir: config.docsDir,
        intervalMs: options.edgeIntervalMs
      })
  if (metrics !== undefined) checks.onAttempt((component, attempt, seconds) => metrics.observeCheck(component, attempt.status, seconds))
  const start = () => {
    incidents.start()
    series.start()
    manualStatuses?.start()
    checks.start()
    monitor.start()
    notifications?.start()
    edgePurge?.start()
  }

  let closed: Promise<void> | undefined
  const close = () => {
    incidents.stop()
    manualStatuses?.stop()
    closed ??= Promise.all([series.stop(), checks.stop(), monitor.stop(), notifications?.stop(), edgePurge?.stop()])
      .then(() => Promise.allSettled([database.close(), cache.close()])).then(() => undefined)
    return closed
  }
  return { config, clock, logger, database, cache, cacheKind, readiness, platformStatus, incidents, series, checks, monitor, status, manualStatuses, docs, metrics, notifications, edgePurge, start, close }
}

/** Store clients report every failed reconnect; log the same message at most once per interval. */
function throttledWarning (logger: Logger, intervalMs: number): (message: string) => void {
  const lastLogged = new Map<string, number>()
  return (message) => {
    const now = Date.now()
    if (now - (lastLogged.get(message) ?? 0) < intervalMs) return
    lastLogged.set(message, now)
    logger.warn(message)
  }
}
