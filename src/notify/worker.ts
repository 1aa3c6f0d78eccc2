// The delivery worker every replica runs: gives configured targets their deliveries of new events, leases due ones,
// sends them (Discord or signed webhook), and records the outcome — delivered, retried with backoff, or failed after
// the retry window. Targets are named by their key in logs and rows; their URLs appear nowhere but in the request.
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import { repeating } from '../lib/repeating.ts'
import type { Database } from '../store/database.ts'
import {
  claimDeliveries, fanOut, findDiscordMessage, forgetDiscordMessage, markAttemptFailed, markDelivered, postponeDelivery,
  pruneEvents, registerTarget, saveDiscordMessage, type ClaimedDelivery
} from '../store/repositories/notifications.ts'
import type { DiscordMessageStore } from './discord.ts'
import type { EventPayload } from './events.ts'
import { backoffMs, type Outcome } from './outcome.ts'
import { sendEvent } from './send.ts'
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
  /** How long a claimed delivery is reserved for its worker; another takes it after that (its worker died). Default 3 × timeout. */
  leaseMs: number
  /** The first retry's delay, doubling per attempt up to backoffMaxMs; default 10 s and 1 h. */
  backoffBaseMs: number
  backoffMaxMs: number
  /** How long a failing delivery is retried before it is marked failed; default 24 h. */
  retryWindowMs: number
  /** Deliveries claimed per round; default 20. */
  batch: number
}

export const DEFAULT_TUNING: WorkerTuning = {
  pollMs: 1000, timeoutMs: 10_000, leaseMs: 30_000, backoffBaseMs: 10_000, backoffMaxMs: HOUR_MS, retryWindowMs: 24 * HOUR_MS, batch: 20
}

export interface WorkerOptions {
  database: Database
  clock: Clock
  logger: Logger
  targets: Target[]
  baseUrl: URL
  discordMention: string | undefined
  webhookSecret: string | undefined
  tuning?: Partial<WorkerTuning>
}

export interface DeliveryWorker {
  /** One round: fan out, claim, deliver; returns how many deliveries it attempted. */
  runOnce (): Promise<number>
  start (): void
  /** Stops; waits a moment for a round in flight (an unfinished delivery's lease runs out, and another worker retries it). */
  stop (): Promise<void>
}

export function createDeliveryWorker (options: WorkerOptions): DeliveryWorker {
  const { database, clock, logger, targets, baseUrl } = options
  const tuning = { ...DEFAULT_TUNING, ...options.tuning }
  if (options.tuning?.leaseMs === undefined) tuning.leaseMs = 3 * tuning.timeoutMs
  const byKey = new Map(targets.map((target) => [target.key, target]))
  const firstSeen = new Map<string, string>()
  /** Targets whose rate limit says wait: nothing is sent to them before this time. */
  const notBefore = new Map<string, number>()
  const iso = (ms: number) => new Date(ms).toISOString()
  let lastPrune = 0

  const fanOutAll = async (now: number) => {
    for (const target of targets) {
      let since = firstSeen.get(target.key)
      if (since === undefined) {
        since = await registerTarget(database.db, target.key, iso(now - NEW_TARGET_LOOKBACK_MS))
        firstSeen.set(target.key, since)
      }
      // Events older than the retry window would only fail: the scan stays within it.
      const windowStart = iso(now - tuning.retryWindowMs)
      await fanOut(database.db, target.key, since > windowStart ? since : windowStart, iso(now), iso(now + tuning.retryWindowMs))
    }
  }

  const messagesOf = (target: Target): DiscordMessageStore => ({
    find: (subject) => findDiscordMessage(database.db, target.key, subject),
    save: (subject, id) => saveDiscordMessage(database.db, target.key, subject, id),
    forget: (subject) => forgetDiscordMessage(database.db, target.key, subject)
  })

  const send = (target: Target, delivery: ClaimedDelivery, now: number): Promise<Outcome> => sendEvent(target, {
    messageId: `evt_${delivery.eventId}`, kind: delivery.kind, subject: delivery.subject,
    payload: JSON.parse(delivery.payload) as EventPayload, at: Date.parse(delivery.eventCreatedAt)
  }, {
    baseUrl, messages: messagesOf(target), mention: options.discordMention, secret: options.webhookSecret, timeoutMs: tuning.timeoutMs, now
  })

  const deliver = async (delivery: ClaimedDelivery) => {
    const target = byKey.get(delivery.target)!
    const log = { target: target.key, event: delivery.kind, eventId: delivery.eventId, delivery: delivery.id, attempt: delivery.attempts }
    const paused = notBefore.get(target.key) ?? 0
    if (paused > clock.now()) {
      await postponeDelivery(database.db, delivery, iso(paused), null)
      return
    }
    const outcome = await send(target, delivery, clock.now())
    const now = clock.now()
    if (outcome.kind === 'delivered') {
      await markDelivered(database.db, delivery, iso(now))
      if (outcome.pauseMs !== undefined) notBefore.set(target.key, now + outcome.pauseMs)
      logger.debug(log, 'notification delivered')
      return
    }
    if (outcome.kind === 'permanent') {
      await markAttemptFailed(database.db, delivery, outcome.error, undefined)
      logger.error({ ...log, error: outcome.error }, 'notification failed for good')
      return
    }
    if (outcome.retryAfterMs !== undefined) notBefore.set(target.key, now + outcome.retryAfterMs)
    const next = now + (outcome.retryAfterMs ?? backoffMs(delivery.attempts, tuning.backoffBaseMs, tuning.backoffMaxMs))
    if (next > Date.parse(delivery.retryUntil)) {
      const error = `${outcome.error} (gave up after ${delivery.attempts} attempts)`
      await markAttemptFailed(database.db, delivery, error, undefined)
      logger.error({ ...log, error }, 'notification failed for good')
      return
    }
    await markAttemptFailed(database.db, delivery, outcome.error, iso(next))
    logger.warn({ ...log, error: outcome.error, retryAt: iso(next) }, 'notification not delivered; will retry')
  }

  const runOnce = async (): Promise<number> => {
    const now = clock.now()
    await fanOutAll(now)
    if (now - lastPrune >= HOUR_MS) {
      await pruneEvents(database.db, iso(now - KEEP_EVENTS_MS))
      lastPrune = now
    }
    const ready = targets.filter((target) => (notBefore.get(target.key) ?? 0) <= now).map((target) => target.key)
    const claimed = await claimDeliveries(database, {
      targets: ready, now: iso(now), leaseUntil: iso(now + tuning.leaseMs), token: randomUUID(), limit: tuning.batch
    })
    // Each target's deliveries one after the other (in event order); the targets side by side.
    const perTarget = Map.groupBy(claimed, (delivery) => delivery.target)
    await Promise.all([...perTarget.values()].map(async (list) => {
      for (const delivery of list) {
        try {
          await deliver(delivery)
        } catch (error) {
          // The database failed around the request: the lease runs out and the delivery is tried again.
          logger.warn({ target: delivery.target, eventId: delivery.eventId, code: (error as { code?: unknown }).code }, 'notification outcome not recorded; will retry')
        }
      }
    }))
    return claimed.length
  }

  const rounds = repeating({
    round: runOnce,
    // Straight on while there is work; otherwise the next poll.
    delayAfter: (attempted) => (attempted ?? 0) > 0 ? 0 : tuning.pollMs,
    onFailing: (error) => logger.warn({ code: (error as { code?: unknown }).code }, 'notifications: cannot read the outbox; trying again'),
    onRecovered: () => logger.info('notifications: reading the outbox again')
  })

  return { runOnce, start: rounds.start, stop: () => rounds.stop(2000) }
}
