// Notifications in a running instance (docs/en/architecture.md#beyond-the-spec, docs/en/architecture.md#follow): the delivery worker, the followers' worker (with the bot token),
// the maintenance clock and the status watch, built only when there is somewhere to send to, started and stopped with
// the instance.
import { notifyProduct } from './product.ts'
import type { Logger } from 'pino'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { Config } from '../config/index.ts'
import type { Clock } from '../lib/clock.ts'
import type { Database } from '../store/database.ts'
import { createCrossposter } from './discord-rest.ts'
import { createFollowerWorker, type FollowerWorker } from './follower-worker.ts'
import { createMaintenanceClock } from './maintenance-clock.ts'
import { createStatusWatch } from './status-watch.ts'
import type { PurgeSender } from './send.ts'
import { purgeTargetsOf, targetsOf, type Target } from './targets.ts'
import { createDeliveryWorker, type DeliveryWorker, type WorkerTuning } from './worker.ts'

/** Timings tests shorten: the worker's, how long a status must hold, how often the maintenance clock reads. */
export interface NotifyTuning extends WorkerTuning {
  statusHoldMs: number
  clockPollMs: number
}

export interface Notifications {
  readonly worker: DeliveryWorker
  /** Sends to the channels that follow from other servers; undefined without DISCORD_BOT_TOKEN. */
  readonly followers: FollowerWorker | undefined
  /** The monitor calls it after every round. */
  observe (body: MeasuredHealthBody): Promise<void>
  start (): void
  stop (): Promise<void>
}

export interface NotificationsOptions {
  config: Pick<Config, 'notify' | 'publicBaseUrl'> & {
    status?: Pick<Config['status'], 'product'>
    discord?: Pick<Config['discord'], 'botToken' | 'apiBase' | 'fanoutPerSecond'>
    edge?: Pick<Config['edge'], 'purge'>
  }
  database: Database
  clock: Clock
  logger: Logger
  /** How a purge reaches a shared cache: the edge's sender (src/edge/purge-targets.ts); needed with `config.edge.purge`. */
  deliverPurge?: PurgeSender | undefined
  tuning?: Partial<NotifyTuning>
}

/**
 * Undefined when there is nowhere to send to: no notification target and no followers (both need PUBLIC_BASE_URL;
 * followers need DISCORD_BOT_TOKEN), and no cache to purge. Then nothing is watched or sent (the CLI still records
 * events). Shared caches to purge (EDGE_PURGE) are targets of the same outbox: delivered once across replicas,
 * retried, each in its own lane.
 */
export function createNotifications (options: NotificationsOptions): Notifications | undefined {
  const { config, database, clock, logger, tuning = {} } = options
  const baseUrl = config.publicBaseUrl
  const notifyTargets = baseUrl === undefined ? [] : targetsOf(config.notify)
  const purgeTargets = purgeTargetsOf(config.edge?.purge ?? [])
  if (purgeTargets.length > 0 && options.deliverPurge === undefined) throw new Error('notifications: purge targets need the edge\'s purge sender')
  const targets: Target[] = [...notifyTargets, ...purgeTargets]
  const botToken = baseUrl === undefined ? undefined : config.discord?.botToken
  if (targets.length === 0 && botToken === undefined) return undefined
  const product = config.status === undefined ? undefined : notifyProduct(config.status.product)
  const workerTuning = { timeoutMs: config.notify.timeoutSeconds * 1000, ...tuning }
  const rest = botToken === undefined || config.discord === undefined ? undefined : { apiBase: config.discord.apiBase, botToken, timeoutMs: workerTuning.timeoutMs }
  const crosspost = rest === undefined || !config.notify.discordCrosspost
    ? undefined
    : createCrossposter(rest, (what, answer) => logger.warn({ ...answer }, `notifications: ${what}`))
  const worker = createDeliveryWorker({
    // Links are made only for notification targets, which need PUBLIC_BASE_URL (the configuration says so at start).
    database, clock, logger, targets, baseUrl: baseUrl ?? new URL('http://localhost/'),
    discordMention: config.notify.discordMention, webhookSecret: config.notify.webhookSecret,
    product, language: config.notify.language, crosspost, deliverPurge: options.deliverPurge, tuning: workerTuning
  })
  const followers = rest === undefined || baseUrl === undefined || config.discord === undefined
    ? undefined
    : createFollowerWorker({ database, clock, logger, baseUrl, apiBase: rest.apiBase, perSecond: config.discord.fanoutPerSecond, product, tuning: workerTuning })
  // Status changes and windows are events only for someone who hears them; purge targets have a watch of their own.
  const watching = notifyTargets.length > 0 || followers !== undefined
  const maintenanceClock = createMaintenanceClock({ database, clock, logger, pollMs: tuning.clockPollMs, remindMinutes: config.notify.maintenanceRemindMinutes })
  const statusWatch = createStatusWatch({ database, logger, holdMs: tuning.statusHoldMs })
  let started = false
  return {
    worker,
    followers,
    observe: (body) => started && watching ? statusWatch.observe(body) : Promise.resolve(),
    start () {
      started = true
      worker.start()
      followers?.start()
      if (watching) maintenanceClock.start()
      logger.info({ targets: targets.map((target) => target.key), followers: followers !== undefined }, 'notifications: delivering')
    },
    async stop () {
      await Promise.all([maintenanceClock.stop(), worker.stop(), followers?.stop()])
    }
  }
}
