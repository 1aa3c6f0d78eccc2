// What a delivery worker writes back (the operator's targets and the followers alike): a write that must land, retried
// until the database takes it; the outcome of an attempt (delivered, retried with backoff or when the target says,
// failed for good after the retry window); and where a target's Discord message ids are kept.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import type { Database } from '../store/database.ts'
import { isDatabaseError } from '../store/write-errors.ts'
import {
  findDiscordMessage, forgetDiscordMessage, markAttemptFailed, markDelivered, saveDiscordMessage, type ClaimedDelivery
} from '../store/repositories/notifications.ts'
import type { DiscordMessageStore } from './discord.ts'
import { upstreamWaitMs } from './http-request.ts'
import { backoffMs, type Outcome } from './outcome.ts'

export type UntilWritten = (what: string, target: string, write: () => Promise<void>) => Promise<void>

/**
 * A write that must land (something was sent, or is about to be): retried with a growing pause, up to 1 s, for as
 * long as the database refuses it (SQLite's lock held by a CLI, PostgreSQL away). Only stopping gives up, and only
 * the database's errors are retried: anything else would fail the same way forever, so it is thrown at once.
 */
export function untilWrittenFor (logger: Logger, stopping: () => boolean): UntilWritten {
  return async (what, target, write) => {
    let pauseMs = 20
    let warned = false
    for (;;) {
      try {
        await write()
        if (warned) logger.info({ target, what }, 'notifications: outcome recorded after waiting for the database')
        return
      } catch (error) {
        if (stopping() || !isDatabaseError(error)) throw error
        if (!warned) logger.warn({ target, what, code: (error as { code?: unknown }).code }, 'notifications: the database refused a write; retrying until it lands')
        warned = true
        await sleep(pauseMs)
        pauseMs = Math.min(pauseMs * 2, 1000)
      }
    }
  }
}

/** The ids of the messages a Discord target shows, by subject, in the database. */
export function discordMessagesOf (database: Database, target: string, untilWritten: UntilWritten): DiscordMessageStore {
  return {
    find: (subject) => findDiscordMessage(database.db, target, subject),
    save: (subject, id) => untilWritten('discord message id', target, () => saveDiscordMessage(database.db, target, subject, id)),
    forget: (subject) => untilWritten('deleted discord message', target, () => forgetDiscordMessage(database.db, target, subject))
  }
}

export interface OutcomeRecording {
  database: Database
  logger: Logger
  untilWritten: UntilWritten
  backoffBaseMs: number
  backoffMaxMs: number
  /** Targets whose rate limit says wait: nothing is sent to them before this time. */
  notBefore: Map<string, number>
}

/** Records the outcome of one attempt of `delivery` at `now`. */
export async function recordOutcome (recording: OutcomeRecording, delivery: ClaimedDelivery, outcome: Outcome, now: number): Promise<void> {
  const { database, logger, notBefore } = recording
  const iso = (ms: number) => new Date(ms).toISOString()
  const log = { target: delivery.target, event: delivery.kind, eventId: delivery.eventId, delivery: delivery.id, attempt: delivery.attempts }
  const record = (write: () => Promise<void>) => recording.untilWritten('delivery outcome', delivery.target, write)
  if (outcome.kind === 'delivered') {
    const pauseMs = upstreamWaitMs(outcome.pauseMs)
    if (pauseMs !== undefined) notBefore.set(delivery.target, now + pauseMs)
    const at = iso(now)
    await record(() => markDelivered(database.db, delivery, at))
    logger.debug(log, 'notification delivered')
    return
  }
  if (outcome.kind === 'permanent') {
    await record(() => markAttemptFailed(database.db, delivery, outcome.error, undefined))
    logger.error({ ...log, error: outcome.error }, 'notification failed for good')
    return
  }
  // What the target said to wait, within MAX_UPSTREAM_WAIT_MS whoever computed it.
  const retryAfterMs = upstreamWaitMs(outcome.retryAfterMs)
  if (retryAfterMs !== undefined) notBefore.set(delivery.target, now + retryAfterMs)
  const next = now + (retryAfterMs ?? backoffMs(delivery.attempts, recording.backoffBaseMs, recording.backoffMaxMs))
  if (next > Date.parse(delivery.retryUntil)) {
    const error = `${outcome.error} (gave up after ${delivery.attempts} attempts)`
    await record(() => markAttemptFailed(database.db, delivery, error, undefined))
    logger.error({ ...log, error }, 'notification failed for good')
    return
  }
  const retryAt = iso(next)
  await record(() => markAttemptFailed(database.db, delivery, outcome.error, retryAt))
  logger.warn({ ...log, error: outcome.error, retryAt }, 'notification not delivered; will retry')
}
