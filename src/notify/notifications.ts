// Notifications in a running instance (DESIGN §9): the delivery worker, the maintenance clock and the status watch,
// built only when targets are configured, started and stopped with the instance.
import { notifyProduct } from './product.ts'
import type { Logger } from 'pino'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { Config } from '../config/index.ts'
import type { Clock } from '../lib/clock.ts'
import type { Database } from '../store/database.ts'
import { createMaintenanceClock } from './maintenance-clock.ts'
import { createStatusWatch } from './status-watch.ts'
import { purgeTargetsOf, targetsOf, type Target } from './targets.ts'
import { createDeliveryWorker, type DeliveryWorker, type WorkerTuning } from './worker.ts'

/** Timings tests shorten: the worker's, how long a status must hold, how often the maintenance clock reads. */
export interface NotifyTuning extends WorkerTuning {
  statusHoldMs: number
  clockPollMs: number
}

export interface Notifications {
  readonly worker: DeliveryWorker
  /** The monitor calls it after every round. */
  observe (body: MeasuredHealthBody): Promise<void>
  start (): void
  stop (): Promise<void>
}

export interface NotificationsOptions {
  config: Pick<Config, 'notify' | 'publicBaseUrl'> & { status?: Pick<Config['status'], 'product'>, edge?: Pick<Config['edge'], 'purge'> }
  database: Database
  clock: Clock
  logger: Logger
  tuning?: Partial<NotifyTuning>
}

/**
 * Undefined when no target is configured: then nothing is watched or sent (the CLI still records events). Shared caches
 * to purge (EDGE_PURGE) are targets of the same outbox: delivered once across replicas, retried, each in its own lane.
 */
export function createNotifications (options: NotificationsOptions): Notifications | undefined {
  const { config, database, clock, logger, tuning = {} } = options
  const notifyTargets = config.publicBaseUrl === undefined ? [] : targetsOf(config.notify)
  const targets: Target[] = [...notifyTargets, ...purgeTargetsOf(config.edge?.purge ?? [])]
  if (targets.length === 0) return undefined
  const worker = createDeliveryWorker({
    // Links are made only for notification targets, which need PUBLIC_BASE_URL (the configuration says so at start).
    database, clock, logger, targets, baseUrl: config.publicBaseUrl ?? new URL('http://localhost/'),
    discordMention: config.notify.discordMention, webhookSecret: config.notify.webhookSecret,
    product: config.status === undefined ? undefined : notifyProduct(config.status.product),
    tuning: { timeoutMs: config.notify.timeoutSeconds * 1000, ...tuning }
  })
  const maintenanceClock = createMaintenanceClock({ database, clock, logger, pollMs: tuning.clockPollMs })
  const statusWatch = createStatusWatch({ database, logger, holdMs: tuning.statusHoldMs })
  let started = false
  return {
    worker,
    observe: (body) => started && notifyTargets.length > 0 ? statusWatch.observe(body) : Promise.resolve(),
    start () {
      started = true
      worker.start()
      if (notifyTargets.length > 0) maintenanceClock.start()
      logger.info({ targets: targets.map((target) => target.key) }, 'notifications: delivering')
    },
    async stop () {
      await Promise.all([maintenanceClock.stop(), worker.stop()])
    }
  }
}
