// Delivery to the channels that follow from other servers (docs/en/architecture.md#follow), a lane of its own beside the operator's
// targets: each new event is handed to the followers its filter lets through (one outbox row per follower, written once
// whichever replica does it), then due rows are leased in event order and sent through each follow's webhook, started at
// no more than DISCORD_FANOUT_PER_SECOND a second over all followers and awaited side by side, so a slow or failing one
// delays nobody else. A 429 pauses that follower (or, `global`, every one) for Discord's `retry_after`, never longer than
// MAX_UPSTREAM_WAIT_MS; Unknown Webhook
// (10015) ends the follow. A follow's webhook token appears in the request alone; logs name it `follow:{id}`.
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import { createPacer } from '../lib/pacer.ts'
import { repeating } from '../lib/repeating.ts'
import type { Database } from '../store/database.ts'
import {
  claimFollowDeliveries, deleteFollow, eventsForFollowers, followersAt, followWebhooks, handEventToFollowers, skipEventForFollowers,
  type FollowWebhook
} from '../store/repositories/discord-follows.ts'
import { findDiscordMessage, markAttemptFailed, postponeDelivery, type ClaimedDelivery } from '../store/repositories/notifications.ts'
import { discordMessagesOf, recordOutcome, untilWrittenFor } from './delivery-records.ts'
import { MAX_UPSTREAM_WAIT_MS, upstreamWaitMs } from './http-request.ts'
import type { EventPayload } from './events.ts'
import { componentsNamed, followerWants } from './follow-filter.ts'
import type { NotifyProduct } from './product.ts'
import { sendEvent } from './send.ts'
import { DEFAULT_TUNING, type WorkerTuning } from './worker.ts'

/** Events handed over per round. */
const HAND_OVER_BATCH = 20

export interface FollowerWorkerOptions {
  database: Database
  clock: Clock
  logger: Logger
  baseUrl: URL
  /** Discord's REST API: webhooks are executed at `{apiBase}/webhooks/{id}/{token}`. */
  apiBase: string
  /** DISCORD_FANOUT_PER_SECOND. */
  perSecond: number
  product?: NotifyProduct | undefined
  tuning?: Partial<WorkerTuning>
}

export interface FollowerWorker {
  /** One round: hand new events over, claim due deliveries and send them; resolves when they are all answered. */
  runOnce (): Promise<number>
  start (): void
  stop (): Promise<void>
}

const followIdOf = (target: string) => Number(target.slice('follow:'.length))

export function createFollowerWorker (options: FollowerWorkerOptions): FollowerWorker {
  const { database, clock, logger, baseUrl } = options
  const tuning = { ...DEFAULT_TUNING, ...options.tuning }
  if (options.tuning?.leaseMs === undefined) tuning.leaseMs = 3 * tuning.timeoutMs
  const iso = (ms: number) => new Date(ms).toISOString()
  const pacer = createPacer(options.perSecond)
  const notBefore = new Map<string, number>()
  /** A global 429: nothing is sent to any follower before this time. */
  let allPausedUntil = 0
  let stopping = false
  const inFlight = new Set<Promise<void>>()
  const untilWritten = untilWrittenFor(logger, () => stopping)
  const recording = { database, logger, untilWritten, backoffBaseMs: tuning.backoffBaseMs, backoffMaxMs: tuning.backoffMaxMs, notBefore }

  /** Each event not yet handed over gets a delivery per follower that wants it. */
  const handOver = async () => {
    for (const event of await eventsForFollowers(database.db, HAND_OVER_BATCH)) {
      const now = clock.now()
      if (Date.parse(event.createdAt) < now - tuning.retryWindowMs) {
        await skipEventForFollowers(database.db, event.id, iso(now))
        continue
      }
      const named = componentsNamed(JSON.parse(event.payload) as EventPayload)
      const follows = await followersAt(database.db, event.createdAt, event.subject)
      const wanted = follows.filter((follow) => followerWants(follow.components, named, follow.hasSubject)).map((follow) => follow.id)
      await handEventToFollowers(database.db, event, wanted, { now: iso(now), retryUntil: iso(now + tuning.retryWindowMs) })
      if (wanted.length > 0) logger.info({ eventId: event.id, followers: wanted.length }, 'notifications: event handed to the followers')
    }
  }

  /** `shown`: the id of the message this follower shows for the delivery's subject, read before its turn came. */
  const deliver = async (webhook: FollowWebhook, delivery: ClaimedDelivery, shown: string | undefined): Promise<void> => {
    const url = new URL(`${options.apiBase}/webhooks/${webhook.webhookId}/${encodeURIComponent(webhook.webhookToken)}`)
    const stored = discordMessagesOf(database, delivery.target, untilWritten)
    const outcome = await sendEvent({ kind: 'discord', key: delivery.target, url }, {
      messageId: `evt_${delivery.eventId}`, kind: delivery.kind, subject: delivery.subject,
      payload: JSON.parse(delivery.payload) as EventPayload, at: Date.parse(delivery.eventCreatedAt)
    }, {
      baseUrl, messages: { ...stored, find: async () => shown }, mention: undefined, secret: undefined,
      timeoutMs: tuning.timeoutMs, now: clock.now(), product: options.product, language: webhook.language
    })
    const now = clock.now()
    const globalWait = outcome.kind === 'retry' && outcome.global === true ? upstreamWaitMs(outcome.retryAfterMs) : undefined
    if (globalWait !== undefined) allPausedUntil = Math.max(allPausedUntil, now + globalWait)
    await recordOutcome(recording, delivery, outcome, now)
    if (outcome.kind === 'permanent' && outcome.webhookGone === true) {
      await untilWritten('ended follow', delivery.target, () => deleteFollow(database.db, webhook.id))
      logger.info({ target: delivery.target }, 'notifications: a followed channel\'s webhook was deleted in Discord; the follow ended')
    }
  }

  /** Hands a claimed delivery back for later without counting the attempt. */
  const postpone = (delivery: ClaimedDelivery, until: number, error: string | null) => {
    const at = iso(until) // outside the write: only the database's refusals are retried there
    return untilWritten('delivery outcome', delivery.target, () => postponeDelivery(database.db, delivery, at, error))
  }

  const round = async (): Promise<number> => {
    await handOver()
    const now = clock.now()
    if (allPausedUntil > now) return 0
    const claimed = await claimFollowDeliveries(database, { now: iso(now), leaseUntil: iso(now + tuning.leaseMs), token: randomUUID(), limit: options.perSecond })
    if (claimed.length === 0) return 0
    const webhooks = await followWebhooks(database.db, [...new Set(claimed.map((delivery) => followIdOf(delivery.target)))])
    for (const delivery of claimed) {
      if (stopping) break // the lease runs out and the delivery is tried again
      const webhook = webhooks.get(followIdOf(delivery.target))
      if (webhook === undefined) {
        await untilWritten('delivery outcome', delivery.target, () => markAttemptFailed(database.db, delivery, 'the follow ended', undefined))
        continue
      }
      const paused = Math.max(notBefore.get(delivery.target) ?? 0, allPausedUntil)
      if (paused > clock.now()) {
        await postpone(delivery, Math.min(paused, clock.now() + MAX_UPSTREAM_WAIT_MS), null)
        continue
      }
      // Read before the turn, so that the request leaves the moment its turn comes (the pace is the requests').
      const shown = await findDiscordMessage(database.db, delivery.target, delivery.subject)
      await pacer.next()
      const task: Promise<void> = deliver(webhook, delivery, shown)
        .catch((error: unknown) => logger.warn({ target: delivery.target, eventId: delivery.eventId, code: (error as { code?: unknown }).code }, 'notification outcome not recorded; will retry'))
        .finally(() => inFlight.delete(task))
      inFlight.add(task)
    }
    if (notBefore.size > 1000) for (const [target, until] of notBefore) if (until <= now) notBefore.delete(target)
    return claimed.length
  }

  const lane = repeating({
    round,
    delayAfter: (claimed) => (claimed ?? 0) > 0 ? 0 : tuning.pollMs,
    onFailing: (error) => logger.warn({ target: 'followers', code: (error as { code?: unknown }).code }, 'notifications: cannot read the outbox for the followers; trying again'),
    onRecovered: () => logger.info({ target: 'followers' }, 'notifications: reading the outbox for the followers again')
  })

  return {
    async runOnce () {
      const claimed = await round()
      await Promise.all(inFlight)
      return claimed
    },
    start () {
      stopping = false
      lane.start()
    },
    async stop () {
      stopping = true
      await lane.stop(2000)
      let timer: NodeJS.Timeout | undefined
      await Promise.race([Promise.all(inFlight), new Promise((resolve) => { timer = setTimeout(resolve, 2000) })])
      clearTimeout(timer)
    }
  }
}
