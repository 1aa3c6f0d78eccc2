// The delivery worker every replica runs: one lane per configured target (a hanging target delays only itself) that
// gives it deliveries of new events, leases due ones (the lease renewed while it works), sends them (Discord or signed
// webhook), and records the outcome — delivered, retried with backoff, or failed after the retry window — retrying the
// write until it lands. Targets are named by their key in logs and rows; their URLs appear nowhere but in the request.
import type { PageLanguage } from '../lib/locale.ts'
import type { NotifyProduct } from './product.ts'
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import { repeating } from '../lib/repeating.ts'
import type { Database } from '../store/database.ts'
import {
  claimDeliveries, fanOut, postponeDelivery, pruneEvents, registerTarget, renewLeases, type ClaimedDelivery
} from '../store/repositories/notifications.ts'
import { discordMessagesOf, recordOutcome, untilWrittenFor } from './delivery-records.ts'
import type { CreatedMessage } from './discord.ts'
import type { EventPayload } from './events.ts'
import type { Outcome } from './outcome.ts'
import { sendEvent, type PurgeSender } from './send.ts'
import type { Target } from './targets.ts'

const HOUR_MS = 3600_000
/** A target new to the database gets the events of this long before it was first seen (replicas restarting to add it). */
const NEW_TARGET_LOOKBACK_MS = 60_000
/** Events (and their deliveries) are kept this long, then deleted unless still pending. */
const KEEP_EVENTS_MS = 30 * 24 * HOUR_MS

export interface WorkerTuning {
  /** How often to look for due deliveries when there were none; default 1 s. */
  pollMs: number
  /** Each request's time limit; default 10 s. */
  timeoutMs: number
  /**
   * How long a claimed delivery is reserved for its worker; another takes it after that (its worker died). The worker
   * renews it every third of this while it works on the claim. Default 3 × timeout.
   */
  leaseMs: number
  /** The first retry's delay, doubling per attempt up to backoffMaxMs; default 10 s and 1 h. */
  backoffBaseMs: number
  backoffMaxMs: number
  /** How long a failing delivery is retried before it is marked failed; default 24 h. */
  retryWindowMs: number
  /** Deliveries claimed per round and target; default 20. */
  batch: number
  /** How often a cache purge target looks for due purges; default 250 ms (a change should reach the edge within 2 s). */
  purgePollMs: number
}

export const DEFAULT_TUNING: WorkerTuning = {
  pollMs: 1000, timeoutMs: 10_000, leaseMs: 30_000, backoffBaseMs: 10_000, backoffMaxMs: HOUR_MS, retryWindowMs: 24 * HOUR_MS, batch: 20, purgePollMs: 250
}

export interface WorkerOptions {
  database: Database
  clock: Clock
  logger: Logger
  targets: Target[]
  baseUrl: URL
  discordMention: string | undefined
  webhookSecret: string | undefined
  /** The product its messages speak for (src/notify/product.ts). */
  product?: NotifyProduct | undefined
  /** NOTIFY_LANGUAGE: the language of the words its messages carry; English when not given. */
  language?: PageLanguage | undefined
  /** NOTIFY_DISCORD_CROSSPOST: called with each new message of a Discord target. */
  crosspost?: ((message: CreatedMessage) => Promise<void>) | undefined
  /** How purge targets are sent to (src/edge/purge-targets.ts); needed when `targets` has one. */
  deliverPurge?: PurgeSender | undefined
  tuning?: Partial<WorkerTuning>
}

export interface DeliveryWorker {
  /** One round of every target side by side: fan out, claim, deliver; returns how many deliveries it attempted. */
  runOnce (): Promise<number>
  start (): void
  /**
   * Stops; waits a moment for rounds in flight (an unfinished delivery's lease runs out, and another worker retries it:
   * at least once across a stop or a crash).
   */
  stop (): Promise<void>
}

export function createDeliveryWorker (options: WorkerOptions): DeliveryWorker {
  const { database, clock, logger, targets, baseUrl } = options
  const tuning = { ...DEFAULT_TUNING, ...options.tuning }
  if (options.tuning?.leaseMs === undefined) tuning.leaseMs = 3 * tuning.timeoutMs
  const firstSeen = new Map<string, string>()
  /** Targets whose rate limit says wait: nothing is sent to them before this time. */
  const notBefore = new Map<string, number>()
  const iso = (ms: number) => new Date(ms).toISOString()
  let lastPrune = 0
  let stopping = false

  const untilWritten = untilWrittenFor(logger, () => stopping)
  const recording = { database, logger, untilWritten, backoffBaseMs: tuning.backoffBaseMs, backoffMaxMs: tuning.backoffMaxMs, notBefore }
  const crosspost = options.crosspost

  const send = (target: Target, delivery: ClaimedDelivery, now: number): Promise<Outcome> => sendEvent(target, {
    messageId: `evt_${delivery.eventId}`, kind: delivery.kind, subject: delivery.subject,
    payload: JSON.parse(delivery.payload) as EventPayload, at: Date.parse(delivery.eventCreatedAt)
  }, {
    baseUrl, messages: discordMessagesOf(database, target.key, untilWritten), mention: options.discordMention, secret: options.webhookSecret,
    timeoutMs: tuning.timeoutMs, now, product: options.product, language: options.language, onCreated: target.kind === 'discord' ? crosspost : undefined,
    deliverPurge: options.deliverPurge
  })

  const deliver = async (target: Target, delivery: ClaimedDelivery) => {
    const paused = notBefore.get(target.key) ?? 0
    if (paused > clock.now()) {
      const at = iso(paused) // outside the write: only the database's refusals are retried there
      await untilWritten('delivery outcome', target.key, () => postponeDelivery(database.db, delivery, at, null))
      return
    }
    const outcome = await send(target, delivery, clock.now())
    await recordOutcome(recording, delivery, outcome, clock.now())
  }

  /** One round of one target: its new events fanned out, its due deliveries claimed and sent in event order. */
  const runTarget = async (target: Target): Promise<number> => {
    const now = clock.now()
    let since = firstSeen.get(target.key)
    if (since === undefined) {
      since = await registerTarget(database.db, target.key, iso(now - NEW_TARGET_LOOKBACK_MS))
      firstSeen.set(target.key, since)
    }
    // Events older than the retry window would only fail: the scan stays within it.
    const windowStart = iso(now - tuning.retryWindowMs)
    await fanOut(database.db, target.key, since > windowStart ? since : windowStart, iso(now), iso(now + tuning.retryWindowMs), target.kind === 'purge')
    if (now - lastPrune >= HOUR_MS) {
      lastPrune = now
      await pruneEvents(database.db, iso(now - KEEP_EVENTS_MS))
    }
    if ((notBefore.get(target.key) ?? 0) > now) return 0
    const token = randomUUID()
    const claimed = await claimDeliveries(database, {
      targets: [target.key], now: iso(now), leaseUntil: iso(now + tuning.leaseMs), token, limit: tuning.batch
    })
    if (claimed.length === 0) return 0
    // The lease outlives the work: renewed every third of its length while this claim is being worked on (a renewal
    // the database refuses is tried again at the next tick, long before the lease runs out).
    const renewal = setInterval(() => {
      renewLeases(database.db, token, iso(clock.now() + tuning.leaseMs)).catch(() => undefined)
    }, Math.max(10, Math.floor(tuning.leaseMs / 3)))
    renewal.unref()
    try {
      for (const delivery of claimed) {
        if (stopping) break
        try {
          await deliver(target, delivery)
        } catch (error) {
          // The database failed before anything was sent (or the worker is stopping): the lease runs out and the
          // delivery is tried again.
          logger.warn({ target: target.key, eventId: delivery.eventId, code: (error as { code?: unknown }).code }, 'notification outcome not recorded; will retry')
        }
      }
    } finally {
      clearInterval(renewal)
    }
    return claimed.length
  }

  const runOnce = async (): Promise<number> => {
    const attempted = await Promise.all(targets.map(runTarget))
    return attempted.reduce((sum, count) => sum + count, 0)
  }

  // Each target in a lane of its own: a target that hangs until its time limit holds up only its own deliveries.
  const lanes = targets.map((target) => repeating({
    round: () => runTarget(target),
    // Straight on while there is work; otherwise the next poll.
    delayAfter: (attempted) => (attempted ?? 0) > 0 ? 0 : target.kind === 'purge' ? tuning.purgePollMs : tuning.pollMs,
    onFailing: (error) => logger.warn({ target: target.key, code: (error as { code?: unknown }).code }, 'notifications: cannot read the outbox; trying again'),
    onRecovered: () => logger.info({ target: target.key }, 'notifications: reading the outbox again')
  }))

  return {
    runOnce,
    start () {
      stopping = false
      for (const lane of lanes) lane.start()
    },
    async stop () {
      stopping = true
      await Promise.all(lanes.map((lane) => lane.stop(2000)))
    }
  }
}
