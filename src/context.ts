// Everything a running instance holds: config, stores, clock, logger and the services built on them.
// The server, the CLI and the tests all open it the same way, and close it once.
import { pino, type Logger } from 'pino'
import type { Config } from './config.ts'
import { createIncidentsService, type IncidentsService } from './incidents/service.ts'
import { DocsSite } from './docs/docs-site.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import { createMonitor, type Monitor } from './monitor/monitor.ts'
import { createReadiness, type Readiness } from './monitor/readiness.ts'
import { createPlatformStatus, type PlatformStatus } from './platform/platform-status.ts'
import type { Cache, CacheKind } from './store/cache/cache.ts'
import { openCache } from './store/cache/open-cache.ts'
import { openDatabase, type Database } from './store/database.ts'
import { migrate } from './store/migrate.ts'

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
  /** The health monitor: probes, the latest snapshot, minute checks and the 90-day history. */
  monitor: Monitor
  /** The documentation of both languages, loaded and indexed at open. */
  docs: DocsSite
  /** Starts the background work (monitor rounds, incidents refresher); serve calls it, tests drive runOnce() instead. */
  start (): void
  /** Stops background work and closes the stores; safe to call twice. */
  close (): Promise<void>
}

export interface ContextOptions {
  clock?: Clock
  logger?: Logger
  /** Run migrations before anything reads the database (serve does; the migrate command does it itself). */
  migrate?: boolean
  /** Redis key prefix; tests give each instance group its own. */
  cacheKeyPrefix?: string
  /** The documentation, already loaded from config.docsDir (tests build it once per process); built here otherwise. */
  docs?: DocsSite
}

export function createLogger (config: Config): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true }
  })
}

export async function openContext (config: Config, options: ContextOptions = {}): Promise<Context> {
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? createLogger(config)
  const warnEvery = throttledWarning(logger, 30_000)
  const docs = options.docs ?? new DocsSite({ docsDir: config.docsDir, germanPrefix: config.germanPrefix })
  for (const warning of docs.warnings) logger.warn(`docs: ${warning}`)
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onError: warnEvery })
  const { cache, kind: cacheKind } = await openCache({ redisUrl: config.redisUrl, onError: warnEvery, keyPrefix: options.cacheKeyPrefix })
  try {
    if (options.migrate === true) await migrate(database)
  } catch (error) {
    await Promise.allSettled([database.close(), cache.close()])
    throw error
  }
  const readiness = createReadiness(database, clock)
  const platformStatus = createPlatformStatus({ url: config.discordStatusUrl, cache, clock, logger })
  const incidents = createIncidentsService({ database, clock, logger })
  await incidents.runOnce()
  const monitor = createMonitor({ config, database, cache, cacheKind, clock, logger, isMaintenanceActive: () => incidents.isMaintenanceActive() })
  const start = () => {
    incidents.start()
    monitor.start()
  }

  let closed: Promise<void> | undefined
  const close = () => {
    incidents.stop()
    closed ??= monitor.stop()
      .then(() => Promise.allSettled([database.close(), cache.close()])).then(() => undefined)
    return closed
  }
  return { config, clock, logger, database, cache, cacheKind, readiness, platformStatus, incidents, monitor, docs, start, close }
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
