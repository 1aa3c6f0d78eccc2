// Delivery to a Discord webhook: the first event of an incident or window creates its message (`?wait=true` returns
// it), later ones edit it (PATCH). 429 waits as long as Discord says (at most MAX_UPSTREAM_WAIT_MS); an empty rate-limit bucket pauses the target;
// 404 means the webhook was deleted (permanent), unless only the message was (then a new one is created).
import type { PageLanguage } from '../lib/locale.ts'
import type { EventPayload } from './events.ts'
import { DeliveryError, retryAfterMs, sendRequest, upstreamWaitMs, type SentResponse } from './http-request.ts'
import type { Links } from './links.ts'
import type { NotifyProduct } from './product.ts'
import type { Outcome } from './outcome.ts'
import { discordMessage, embedFor } from './discord-embed.ts'

/** Where the ids of the messages this target shows are kept (the database; memory for `notify test`). */
export interface DiscordMessageStore {
  find (subject: string): Promise<string | undefined>
  save (subject: string, messageId: string): Promise<void>
  forget (subject: string): Promise<void>
}

export interface DiscordEvent {
  kind: string
  subject: string
  payload: EventPayload
}

/** A message a webhook created: its id and the channel it is in (what crossposting needs). */
export interface CreatedMessage {
  id: string
  channelId: string
}

export interface DiscordOptions {
  mention: string | undefined
  /** Called once for each new message (not for edits); a failure of it never fails the delivery. */
  onCreated?: ((message: CreatedMessage) => Promise<void>) | undefined
  product?: NotifyProduct | undefined
  /** The message's language; English when not given. */
  language?: PageLanguage | undefined
  timeoutMs: number
  now: number
}

const UNKNOWN_MESSAGE = 10008
const UNKNOWN_WEBHOOK = 10015

/** Incidents and windows have one message each; status changes and tests post a new one every time. */
const editable = (subject: string) => subject.startsWith('incident:') || subject.startsWith('maintenance:')

export async function deliverDiscord (url: URL, event: DiscordEvent, links: Links, messages: DiscordMessageStore, options: DiscordOptions): Promise<Outcome> {
  const embed = embedFor(event.kind, event.payload, links, options.product, options.language)
  try {
    // A reminder is a new message (the window's `scheduled` one, if any, stays as it is): its start and end edit it.
    const existing = editable(event.subject) && event.kind !== 'maintenance.reminder' ? await messages.find(event.subject) : undefined
    if (existing !== undefined) {
      const body = discordMessage(embed, undefined)
      const edited = await sendRequest(messageUrl(url, existing), { method: 'PATCH', headers: {}, body: JSON.stringify(body), timeoutMs: options.timeoutMs })
      if (edited.status !== 404 || discordCode(edited) !== UNKNOWN_MESSAGE) return outcomeOf(edited, options.now)
      await messages.forget(event.subject) // someone deleted the message: show the incident in a new one
    }
    const mention = event.kind === 'test' || event.kind.endsWith('.opened') || event.kind === 'maintenance.scheduled' || event.kind === 'maintenance.reminder' || event.kind === 'status.changed'
      ? options.mention : undefined
    const created = await sendRequest(executeUrl(url), {
      method: 'POST', headers: {}, body: JSON.stringify(discordMessage(embed, mention)), timeoutMs: options.timeoutMs
    })
    const outcome = outcomeOf(created, options.now)
    if (outcome.kind !== 'delivered') return outcome
    const id = messageId(created)
    if (editable(event.subject)) {
      if (id === undefined) return { kind: 'retry', error: 'discord answered without a message id' }
      await messages.save(event.subject, id)
    }
    const channelId = parseJson(created.body)?.channel_id
    if (options.onCreated !== undefined && id !== undefined && typeof channelId === 'string' && /^\d{1,25}$/.test(channelId)) {
      await options.onCreated({ id, channelId }).catch(() => undefined)
    }
    return outcome
  } catch (error) {
    if (error instanceof DeliveryError) return { kind: 'retry', error: error.message }
    throw error
  }
}

/** `POST /api/webhooks/{id}/{token}?wait=true` (keeping a `thread_id` the operator put in the URL). */
function executeUrl (url: URL): URL {
  const execute = new URL(url)
  execute.pathname = execute.pathname.replace(/\/$/, '')
  execute.searchParams.set('wait', 'true')
  return execute
}

/** `PATCH /api/webhooks/{id}/{token}/messages/{message_id}`. */
function messageUrl (url: URL, id: string): URL {
  const edit = new URL(url)
  edit.pathname = `${edit.pathname.replace(/\/$/, '')}/messages/${id}`
  edit.searchParams.delete('wait')
  return edit
}

function outcomeOf (response: SentResponse, now: number): Outcome {
  const { status, headers } = response
  if (status >= 200 && status < 300) {
    const empty = headers.get('x-ratelimit-remaining') === '0'
    return { kind: 'delivered', pauseMs: empty ? seconds(headers.get('x-ratelimit-reset-after')) : undefined }
  }
  if (status === 429) {
    const fromBody = seconds(String(parseJson(response.body)?.retry_after ?? ''))
    const wait = Math.max(fromBody ?? 0, retryAfterMs(headers, now) ?? 0, seconds(headers.get('x-ratelimit-reset-after')) ?? 0)
    const global = parseJson(response.body)?.global === true || headers.get('x-ratelimit-global') === 'true'
    return { kind: 'retry', error: `discord rate limit (429${global ? ', global' : ''}), waiting ${(wait / 1000).toFixed(1)} s`, retryAfterMs: wait > 0 ? wait : 1000, global }
  }
  if (status === 404) {
    const gone = discordCode(response) === UNKNOWN_WEBHOOK
    return { kind: 'permanent', error: 'discord webhook not found (404): it was deleted', ...(gone ? { webhookGone: true } : {}) }
  }
  if (status === 401 || status === 403) return { kind: 'permanent', error: `discord refused the webhook (http ${status})` }
  if (status === 400 || status === 413) return { kind: 'permanent', error: `discord refused the message (http ${status})` }
  return { kind: 'retry', error: `http ${status}` }
}

/** Seconds Discord sent (body or header) as milliseconds, capped at MAX_UPSTREAM_WAIT_MS. */
function seconds (raw: string | null): number | undefined {
  if (raw === null || !/^\d+(\.\d+)?$/.test(raw.trim())) return undefined
  return upstreamWaitMs(Number(raw) * 1000)
}

function parseJson (text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null ? value as Record<string, unknown> : undefined
  } catch {
    return undefined
  }
}

function discordCode (response: SentResponse): number | undefined {
  const code = parseJson(response.body)?.code
  return typeof code === 'number' ? code : undefined
}

function messageId (response: SentResponse): string | undefined {
  const id = parseJson(response.body)?.id
  return typeof id === 'string' && /^\d{1,25}$/.test(id) ? id : undefined
}
