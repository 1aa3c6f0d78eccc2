// SQL of the notification outbox: write events, fan them out to targets, lease due deliveries, record outcomes,
// remember Discord message ids and the last announced status, and list or retry deliveries for the CLI.
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database } from '../database.ts'
import type { NotifyDeliveriesTable, Tables } from '../tables.ts'
import { inTransaction } from '../transaction.ts'

export interface NewEvent {
  kind: string
  subject: string
  /** Events several processes may produce carry a key; the second write of a key writes nothing. */
  dedupeKey?: string
  payload: unknown
  /** ISO 8601 UTC. */
  at: string
  /** Who caused it; shown by `notify list`, never sent. */
  by?: string
}

/** Writes an event (on `db`, which may be the caller's transaction). Returns its id, or undefined when its key was written before. */
export async function insertEvent (db: Kysely<Tables>, event: NewEvent): Promise<number | undefined> {
  const row = await db.insertInto('notify_events').values({
    kind: event.kind,
    subject: event.subject,
    dedupe_key: event.dedupeKey ?? null,
    payload: JSON.stringify(event.payload),
    created_at: event.at,
    by: event.by ?? null
  }).onConflict((conflict) => conflict.column('dedupe_key').doNothing()).returning('id').executeTakeFirst()
  return row?.id
}

/** Registers a target the first time a worker sees it; returns when it was first seen (it gets events from then on). */
export async function registerTarget (db: Kysely<Tables>, target: string, at: string): Promise<string> {
  await db.insertInto('notify_targets').values({ target, first_seen_at: at })
    .onConflict((conflict) => conflict.column('target').doNothing()).execute()
  const row = await db.selectFrom('notify_targets').select('first_seen_at').where('target', '=', target).executeTakeFirstOrThrow()
  return row.first_seen_at
}

/**
 * Gives `target` a pending delivery of every event written at or after `since` that it has none of yet: a cache purge
 * target (`purges`) only the `edge.purge` events, any other target every other event.
 * Any number of workers may run it at once: the unique (event, target) pair keeps one row each.
 */
export async function fanOut (db: Kysely<Tables>, target: string, since: string, now: string, retryUntil: string, purges = false): Promise<number> {
  const result = await db.insertInto('notify_deliveries')
    .columns(['event_id', 'target', 'subject', 'state', 'attempts', 'next_attempt_at', 'retry_until'])
    .expression((eb) => eb.selectFrom('notify_events as e')
      .select((s) => [
        'e.id', s.val(target).as('target'), 'e.subject', s.val('pending').as('state'), s.val(0).as('attempts'),
        s.val(now).as('next_attempt_at'), s.val(retryUntil).as('retry_until')
      ])
      .where('e.created_at', '>=', since)
      .where('e.kind', purges ? '=' : '<>', 'edge.purge')
      .where((w) => w.not(w.exists(w.selectFrom('notify_deliveries as d').select('d.id')
        .whereRef('d.event_id', '=', 'e.id').where('d.target', '=', target))))
      .orderBy('e.id'))
    .onConflict((conflict) => conflict.columns(['event_id', 'target']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}

export interface ClaimedDelivery {
  id: number
  eventId: number
  target: string
  subject: string
  kind: string
  payload: string
  eventCreatedAt: string
  attempts: number
  retryUntil: string
  leaseToken: string
}

export interface ClaimOptions {
  targets: string[]
  now: string
  leaseUntil: string
  /** Random per claim: only the holder may record the outcome. */
  token: string
  limit: number
}

/**
 * Leases up to `limit` due deliveries of `targets`: pending, due, not leased (or the lease ran out, e.g. its worker
 * died), and the oldest pending one of their target and subject, so each subject reaches each target in order.
 * PostgreSQL: rows another worker is claiming are skipped (FOR UPDATE SKIP LOCKED); SQLite: one write statement.
 */
export async function claimDeliveries (database: Database, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (options.targets.length === 0) return []
  const lock = database.dialect === 'postgres' ? sql`for update of d skip locked` : sql``
  await sql`
    update notify_deliveries set lease_token = ${options.token}, lease_until = ${options.leaseUntil}, attempts = attempts + 1
    where id in (
      select d.id from notify_deliveries d
      where d.state = 'pending' and d.target in (${sql.join(options.targets)})
        and d.next_attempt_at <= ${options.now}
        and (d.lease_until is null or d.lease_until <= ${options.now})
        and not exists (
          select 1 from notify_deliveries earlier
          where earlier.target = d.target and earlier.subject = d.subject and earlier.state = 'pending' and earlier.event_id < d.event_id)
      order by d.event_id
      limit ${options.limit}
      ${lock})`.execute(database.db)
  const rows = await database.db.selectFrom('notify_deliveries as d')
    .innerJoin('notify_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.event_id', 'd.target', 'd.subject', 'e.kind', 'e.payload', 'e.created_at', 'd.attempts', 'd.retry_until'])
    .where('d.lease_token', '=', options.token)
    .where('d.state', '=', 'pending')
    .orderBy('d.event_id')
    .execute()
  return rows.map((row) => ({
    id: row.id, eventId: row.event_id, target: row.target, subject: row.subject, kind: row.kind, payload: row.payload,
    eventCreatedAt: row.created_at, attempts: Number(row.attempts), retryUntil: row.retry_until, leaseToken: options.token
  }))
}

/**
 * Records a successful delivery while it is still pending, whoever holds its lease now: it was sent, so it is
 * delivered (a worker that lost the lease must not leave it to be sent once more).
 */
export async function markDelivered (db: Kysely<Tables>, delivery: ClaimedDelivery, at: string): Promise<void> {
  await db.updateTable('notify_deliveries')
    .set({ state: 'delivered', delivered_at: at, lease_token: null, lease_until: null, last_error: null })
    .where('id', '=', delivery.id).where('state', '=', 'pending')
    .execute()
}

/** Extends the lease of every delivery still held under `token` (the worker is alive and still working on them). */
export async function renewLeases (db: Kysely<Tables>, token: string, leaseUntil: string): Promise<void> {
  await db.updateTable('notify_deliveries').set({ lease_until: leaseUntil })
    .where('lease_token', '=', token).where('state', '=', 'pending')
    .execute()
}

/** Records a failed attempt: try again at `nextAttemptAt`, or give up (`failed`) when `nextAttemptAt` is undefined. */
export async function markAttemptFailed (db: Kysely<Tables>, delivery: ClaimedDelivery, error: string, nextAttemptAt: string | undefined): Promise<void> {
  await db.updateTable('notify_deliveries')
    .set(nextAttemptAt === undefined
      ? { state: 'failed', last_error: error, lease_token: null, lease_until: null }
      : { next_attempt_at: nextAttemptAt, last_error: error, lease_token: null, lease_until: null })
    .where('id', '=', delivery.id).where('state', '=', 'pending').where('lease_token', '=', delivery.leaseToken)
    .execute()
}

/** Hands a lease back without counting the attempt (the worker stops, or the target asked it to wait). */
export async function postponeDelivery (db: Kysely<Tables>, delivery: ClaimedDelivery, nextAttemptAt: string, error: string | null): Promise<void> {
  await db.updateTable('notify_deliveries')
    .set({ next_attempt_at: nextAttemptAt, lease_token: null, lease_until: null, last_error: error, attempts: sql`attempts - 1` })
    .where('id', '=', delivery.id).where('state', '=', 'pending').where('lease_token', '=', delivery.leaseToken)
    .execute()
}

export async function findDiscordMessage (db: Kysely<Tables>, target: string, subject: string): Promise<string | undefined> {
  const row = await db.selectFrom('notify_discord_messages').select('message_id')
    .where('target', '=', target).where('subject', '=', subject).executeTakeFirst()
  return row?.message_id
}

export async function saveDiscordMessage (db: Kysely<Tables>, target: string, subject: string, messageId: string): Promise<void> {
  await db.insertInto('notify_discord_messages').values({ target, subject, message_id: messageId })
    .onConflict((conflict) => conflict.columns(['target', 'subject']).doUpdateSet({ message_id: messageId }))
    .execute()
}

export async function forgetDiscordMessage (db: Kysely<Tables>, target: string, subject: string): Promise<void> {
  await db.deleteFrom('notify_discord_messages').where('target', '=', target).where('subject', '=', subject).execute()
}

export interface StatusChange {
  to: string
  /** When the new status was first seen (ISO 8601 UTC). */
  at: string
}

/**
 * Announces an overall status change once across replicas: writes the event (made from the status announced
 * before) when the last announced status is another one and older than the change. The first status ever seen is
 * announced (from `ok`) unless it is `ok` itself. Returns whether the event was written.
 */
export async function recordStatusChange (database: Database, change: StatusChange, event: (from: string) => NewEvent): Promise<boolean> {
  return inTransaction(database.db, async (trx) => {
    const inserted = await trx.insertInto('notify_status').values({ id: 1, status: change.to, changed_at: change.at })
      .onConflict((conflict) => conflict.column('id').doNothing()).executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) {
      // The very first status: nothing to announce when all is well; anything else is news (from the `ok` a fresh
      // instance assumes).
      if (change.to === 'ok') return false
      await insertEvent(trx, event('ok'))
      return true
    }
    let current = trx.selectFrom('notify_status').select(['status', 'changed_at']).where('id', '=', 1)
    if (database.dialect === 'postgres') current = current.forUpdate()
    const last = await current.executeTakeFirstOrThrow()
    if (last.status === change.to || last.changed_at >= change.at) return false
    await trx.updateTable('notify_status').set({ status: change.to, changed_at: change.at }).where('id', '=', 1).execute()
    await insertEvent(trx, event(last.status))
    return true
  })
}

export type DeliveryRow = Selectable<NotifyDeliveriesTable> & { kind: string, event_created_at: string, by: string | null }

/** The newest deliveries (optionally of one state), for `status-api notify list`. */
export async function listDeliveries (db: Kysely<Tables>, state: string | undefined, limit: number): Promise<DeliveryRow[]> {
  let query = db.selectFrom('notify_deliveries as d').innerJoin('notify_events as e', 'e.id', 'd.event_id')
    .selectAll('d').select(['e.kind', 'e.created_at as event_created_at', 'e.by'])
  if (state !== undefined) query = query.where('d.state', '=', state)
  return query.orderBy('d.id', 'desc').limit(limit).execute()
}

/** Makes a delivery pending again, due now, with a fresh retry window. Returns false when there is no such delivery. */
export async function retryDelivery (db: Kysely<Tables>, id: number, now: string, retryUntil: string): Promise<boolean> {
  const result = await db.updateTable('notify_deliveries')
    .set({ state: 'pending', next_attempt_at: now, retry_until: retryUntil, lease_token: null, lease_until: null, delivered_at: null })
    .where('id', '=', id).executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Deletes events (and their deliveries) written before `before` that nothing is still trying to deliver. */
export async function pruneEvents (db: Kysely<Tables>, before: string): Promise<void> {
  await db.deleteFrom('notify_events')
    .where('created_at', '<', before)
    .where((w) => w.not(w.exists(w.selectFrom('notify_deliveries as d').select('d.id')
      .whereRef('d.event_id', '=', 'notify_events.id').where('d.state', '=', 'pending'))))
    .execute()
}
