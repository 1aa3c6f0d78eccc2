// Notifications in a running instance (DESIGN §9, §14): the delivery worker, the followers' worker (with the bot token),
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
import { targetsOf } from './targets.ts'
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
  config: Pick<Config, 'notify' | 'publicBaseUrl'> & { status?: Pick<Config['status'], 'product'>, discord?: Pick<Config['discord'], 'botToken' | 'apiBase' | 'fanoutPerSecond'> }
  database: Database
  clock: Clock
  logger: Logger
  tuning?: Partial<NotifyTuning>
}

/**
 * Undefined when no target is configured and there can be no followers (no DISCORD_BOT_TOKEN), or without
 * PUBLIC_BASE_URL: then nothing is watched or sent (the CLI still records events).
 */
export function createNotifications (options: NotificationsOptions): Notifications | undefined {
  const { config, database, clock, logger, tuning = {} } = options
  const targets = targetsOf(config.notify)
  const botToken = config.discord?.botToken
  if ((targets.length === 0 && botToken === undefined) || config.publicBaseUrl === undefined) return undefined
  const product = config.status === undefined ? undefined : notifyProduct(config.status.product)
  const workerTuning = { timeoutMs: config.notify.timeoutSeconds * 1000, ...tuning }
  const rest = botToken === undefined ? undefined : { apiBase: config.discord!.apiBase, botToken, timeoutMs: workerTuning.timeoutMs }
  const crosspost = rest === undefined || !config.notify.discordCrosspost
    ? undefined
    : createCrossposter(rest, (what, answer) => logger.warn({ ...answer }, `notifications: ${what}`))
  const worker = createDeliveryWorker({
    database, clock, logger, targets, baseUrl: config.publicBaseUrl,
    discordMention: config.notify.discordMention, webhookSecret: config.notify.webhookSecret,
    product, crosspost, tuning: workerTuning
  })
  const followers = rest === undefined
    ? undefined
    : createFollowerWorker({ database, clock, logger, baseUrl: config.publicBaseUrl, apiBase: rest.apiBase, perSecond: config.discord!.fanoutPerSecond, product, tuning: workerTuning })
  const maintenanceClock = createMaintenanceClock({ database, clock, logger, pollMs: tuning.clockPollMs })
  const statusWatch = createStatusWatch({ database, logger, holdMs: tuning.statusHoldMs })
  let started = false
  return {
    worker,
    followers,
    observe: (body) => started ? statusWatch.observe(body) : Promise.resolve(),
    start () {
      started = true
      worker.start()
      followers?.start()
      maintenanceClock.start()
      logger.info({ targets: targets.map((target) => target.key), followers: followers !== undefined }, 'notifications: delivering')
    },
    async stop () {
      await Promise.all([maintenanceClock.stop(), worker.stop(), followers?.stop()])
    }
  }
}
