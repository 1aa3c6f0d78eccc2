// SQL of following from Discord (docs/en/architecture.md#follow): the followed channels and their webhooks, the hand-over of each event to
// the followers (their rows in the notification outbox, target `follow:{id}`), and the claim of due follower deliveries.
import { sql, type Kysely } from 'kysely'
import { PAGE_LANGUAGES, shippedLanguageOf, type PageLanguage } from '../../lib/locale.ts'
import type { Database } from '../database.ts'
import type { Tables } from '../tables.ts'
import type { ClaimedDelivery } from './notifications.ts'

/** A followed channel as commands show it: never the webhook token. */
export interface FollowRow {
  id: number
  guildId: string
  channelId: string
  /** Component ids; empty: every component. */
  components: string[]
  /** The language its messages are in: the one chosen, else the server's, else English. */
  language: PageLanguage
  /** Whether the follow chose it (else it is the server's, or English). */
  languageChosen: boolean
}

/** What sending needs: the webhook, token included. Only the delivery worker reads it. */
export interface FollowWebhook {
  id: number
  webhookId: string
  webhookToken: string
  /** The language its messages are in. */
  language: PageLanguage
}

export interface NewFollow {
  guildId: string
  channelId: string
  webhookId: string
  webhookToken: string
  components: string[]
  /** The language chosen with the follow; undefined: the server's. */
  language?: PageLanguage | undefined
  /** The server's `guild_locale`, as Discord sent it. */
  guildLocale?: string | undefined
  by: string
  at: string
}

/** What a later /follow of the same channel changes. */
export type FollowChange = Pick<NewFollow, 'components' | 'language' | 'guildLocale'>

/** A follower's language: the one it chose (if still shipped), else its server's (if shipped), else English. */
export function followLanguage (row: { language: string | null, guild_locale: string | null }): { language: PageLanguage, chosen: boolean } {
  const chosen = PAGE_LANGUAGES.find((tag) => tag === row.language)
  if (chosen !== undefined) return { language: chosen, chosen: true }
  return { language: shippedLanguageOf(row.guild_locale) ?? 'en', chosen: false }
}

/** A follower's key in the outbox (deliveries and Discord message ids): safe to log and show. */
export const followTarget = (id: number) => `follow:${id}`
const FOLLOW_TARGETS = 'follow:%'

const filterText = (components: string[]) => components.length === 0 ? null : components.join(',')
const filterList = (text: string | null) => text === null || text === '' ? [] : text.split(',')

export async function findFollow (db: Kysely<Tables>, channelId: string): Promise<FollowRow & FollowWebhook | undefined> {
  const row = await db.selectFrom('discord_follows').select(['id', 'guild_id', 'channel_id', 'components', 'webhook_id', 'webhook_token', 'language', 'guild_locale'])
    .where('channel_id', '=', channelId).executeTakeFirst()
  return row === undefined ? undefined : { ...followRow(row), webhookId: row.webhook_id, webhookToken: row.webhook_token }
}

/** Stores a new follow; undefined when the channel is followed already (another request made it meanwhile). */
export async function insertFollow (db: Kysely<Tables>, follow: NewFollow): Promise<number | undefined> {
  const row = await db.insertInto('discord_follows').values({
    guild_id: follow.guildId, channel_id: follow.channelId, webhook_id: follow.webhookId, webhook_token: follow.webhookToken,
    components: filterText(follow.components), language: follow.language ?? null, guild_locale: follow.guildLocale ?? null,
    created_by: follow.by, created_at: follow.at, updated_at: follow.at
  }).onConflict((conflict) => conflict.column('channel_id').doNothing()).returning('id').executeTakeFirst()
  return row?.id
}

/** A later /follow of a followed channel: its filter and language are what that /follow says. */
export async function updateFollow (db: Kysely<Tables>, id: number, change: FollowChange, at: string): Promise<void> {
  await db.updateTable('discord_follows').set({
    components: filterText(change.components), language: change.language ?? null, guild_locale: change.guildLocale ?? null, updated_at: at
  }).where('id', '=', id).execute()
}

/** Ends a follow: the row, its deliveries not yet sent and the ids of its messages. */
export async function deleteFollow (db: Kysely<Tables>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('discord_follows').where('id', '=', id).execute()
    await trx.deleteFrom('notify_deliveries').where('target', '=', followTarget(id)).where('state', '=', 'pending').execute()
    await trx.deleteFrom('notify_discord_messages').where('target', '=', followTarget(id)).execute()
  })
}

type FollowColumns = { id: number, guild_id: string, channel_id: string, components: string | null, language: string | null, guild_locale: string | null }
function followRow (row: FollowColumns): FollowRow {
  const { language, chosen } = followLanguage(row)
  return { id: row.id, guildId: row.guild_id, channelId: row.channel_id, components: filterList(row.components), language, languageChosen: chosen }
}

/** A server's followed channels, oldest first. */
export async function listFollows (db: Kysely<Tables>, guildId: string): Promise<FollowRow[]> {
  const rows = await db.selectFrom('discord_follows').select(['id', 'guild_id', 'channel_id', 'components', 'language', 'guild_locale'])
    .where('guild_id', '=', guildId).orderBy('id').execute()
  return rows.map(followRow)
}

/** How many channels of a server follow; with `upToId`, only the follows made before that one and itself. */
export async function countGuildFollows (db: Kysely<Tables>, guildId: string, upToId?: number): Promise<number> {
  let query = db.selectFrom('discord_follows').select((s) => s.fn.countAll<number>().as('n')).where('guild_id', '=', guildId)
  if (upToId !== undefined) query = query.where('id', '<=', upToId)
  return Number((await query.executeTakeFirstOrThrow()).n)
}

/** The webhooks of these follows (those that still exist). */
export async function followWebhooks (db: Kysely<Tables>, ids: number[]): Promise<Map<number, FollowWebhook>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('discord_follows').select(['id', 'webhook_id', 'webhook_token', 'language', 'guild_locale']).where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, { id: row.id, webhookId: row.webhook_id, webhookToken: row.webhook_token, language: followLanguage(row).language }]))
}

export interface WaitingEvent {
  id: number
  subject: string
  payload: string
  createdAt: string
}

/** The oldest events not yet handed to the followers. */
export async function eventsForFollowers (db: Kysely<Tables>, limit: number): Promise<WaitingEvent[]> {
  const rows = await db.selectFrom('notify_events').select(['id', 'subject', 'payload', 'created_at'])
    .where('followers_at', 'is', null).orderBy('id').limit(limit).execute()
  return rows.map((row) => ({ id: row.id, subject: row.subject, payload: row.payload, createdAt: row.created_at }))
}

/** Every follow made at or before `at`, with its filter, and whether it has had a delivery of `subject` already. */
export async function followersAt (db: Kysely<Tables>, at: string, subject: string): Promise<Array<{ id: number, components: string[], hasSubject: boolean }>> {
  const rows = await db.selectFrom('discord_follows as f').select(['f.id', 'f.components'])
    .select((s) => s.exists(s.selectFrom('notify_deliveries as d').select('d.id')
      .where('d.target', '=', sql<string>`${sql.lit('follow:')} || ${sql.ref('f.id')}`).where('d.subject', '=', subject)).as('has_subject'))
    .where('f.created_at', '<=', at).orderBy('f.id').execute()
  return rows.map((row) => ({ id: row.id, components: filterList(row.components), hasSubject: Boolean(row.has_subject) }))
}

/**
 * Writes one pending delivery of the event per follow and marks the event handed over. Any number of replicas may do it
 * at once: the unique (event, target) pair keeps one delivery each.
 */
export async function handEventToFollowers (db: Kysely<Tables>, event: { id: number, subject: string }, follows: number[],
  times: { now: string, retryUntil: string }): Promise<void> {
  const CHUNK = 400
  for (let start = 0; start < follows.length; start += CHUNK) {
    await db.insertInto('notify_deliveries').values(follows.slice(start, start + CHUNK).map((id) => ({
      event_id: event.id, target: followTarget(id), subject: event.subject, state: 'pending', attempts: 0, next_attempt_at: times.now, retry_until: times.retryUntil
    }))).onConflict((conflict) => conflict.columns(['event_id', 'target']).doNothing()).execute()
  }
  await db.updateTable('notify_events').set({ followers_at: times.now }).where('id', '=', event.id).execute()
}

/** Marks old events handed over without deliveries (older than the retry window: they would only fail). */
export async function skipEventForFollowers (db: Kysely<Tables>, id: number, now: string): Promise<void> {
  await db.updateTable('notify_events').set({ followers_at: now }).where('id', '=', id).execute()
}

/**
 * Leases up to `limit` due follower deliveries, oldest event first, each the oldest pending of its follow and subject
 * (an incident's updates reach a channel in order). PostgreSQL skips rows another replica is claiming.
 */
export async function claimFollowDeliveries (database: Database, options: { now: string, leaseUntil: string, token: string, limit: number }): Promise<ClaimedDelivery[]> {
  const lock = database.dialect === 'postgres' ? sql`for update of d skip locked` : sql``
  await sql`
    update notify_deliveries set lease_token = ${options.token}, lease_until = ${options.leaseUntil}, attempts = attempts + 1
    where id in (
      select d.id from notify_deliveries d
      where d.state = 'pending' and d.target like ${FOLLOW_TARGETS}
        and d.next_attempt_at <= ${options.now}
        and (d.lease_until is null or d.lease_until <= ${options.now})
        and not exists (
          select 1 from notify_deliveries earlier
          where earlier.target = d.target and earlier.subject = d.subject and earlier.state = 'pending' and earlier.event_id < d.event_id)
      order by d.event_id, d.id
      limit ${options.limit}
      ${lock})`.execute(database.db)
  const rows = await database.db.selectFrom('notify_deliveries as d')
    .innerJoin('notify_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.event_id', 'd.target', 'd.subject', 'e.kind', 'e.payload', 'e.created_at', 'd.attempts', 'd.retry_until'])
    .where('d.lease_token', '=', options.token).where('d.state', '=', 'pending')
    .orderBy('d.event_id').orderBy('d.id')
    .execute()
  return rows.map((row) => ({
    id: row.id, eventId: row.event_id, target: row.target, subject: row.subject, kind: row.kind, payload: row.payload,
    eventCreatedAt: row.created_at, attempts: Number(row.attempts), retryUntil: row.retry_until, leaseToken: options.token
  }))
}

/** How many channels are followed (for the log line at start). */
export async function countFollows (db: Kysely<Tables>): Promise<number> {
  const row = await db.selectFrom('discord_follows').select((s) => s.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}
