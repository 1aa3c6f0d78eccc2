// Sends one event to one target, whichever kind it is: the one place the worker and `notify test` both go through.
import { deliverDiscord, type DiscordMessageStore, type DiscordOptions } from './discord.ts'
import type { PurgeTarget } from '../config/edge.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { webhookText } from './discord-embed.ts'
import type { EventPayload } from './events.ts'
import { linksFor } from './links.ts'
import { webhookProduct, type NotifyProduct } from './product.ts'
import type { Outcome } from './outcome.ts'
import type { Target } from './targets.ts'
import { deliverWebhook } from './webhook.ts'

export interface OutgoingEvent {
  /** The webhook-id: the same on every attempt of this event. */
  messageId: string
  kind: string
  subject: string
  payload: EventPayload
  /** When it happened (milliseconds since the epoch). */
  at: number
}

/**
 * Sends one purge to one shared cache: the edge's own (src/edge/purge-targets.ts), handed in from src/context.ts, so the
 * outbox delivers purges without this floor importing the edge, which reads the model above it.
 */
export type PurgeSender = (target: PurgeTarget, keys: string[], timeoutMs: number) => Promise<Outcome>

export interface SendOptions {
  baseUrl: URL
  messages: DiscordMessageStore
  mention: string | undefined
  secret: string | undefined
  timeoutMs: number
  now: number
  /** The status file's product: Discord embeds name it, webhook payloads carry it as `data.product`. */
  product?: NotifyProduct | undefined
  /** The language of the words a person reads (NOTIFY_LANGUAGE, or a follower's own); English when not given. */
  language?: PageLanguage | undefined
  /** Discord: called with each new message (crossposting). */
  onCreated?: DiscordOptions['onCreated']
  /** Purge targets: how a purge is sent (createNotifications refuses purge targets without it). */
  deliverPurge?: PurgeSender | undefined
}

export function sendEvent (target: Target, event: OutgoingEvent, options: SendOptions): Promise<Outcome> {
  if (target.kind === 'purge') {
    const keys = 'purge' in event.payload ? event.payload.purge.keys : []
    if (options.deliverPurge === undefined) throw new Error('a purge target needs the edge\'s purge sender')
    return options.deliverPurge(target.purge, keys, options.timeoutMs)
  }
  const links = linksFor(options.baseUrl, event.subject)
  if (target.kind === 'discord') {
    return deliverDiscord(target.url, event, links, options.messages, {
      mention: options.mention, timeoutMs: options.timeoutMs, now: options.now, product: options.product, onCreated: options.onCreated, language: options.language
    })
  }
  const text = webhookText(event.kind, event.payload, options.language ?? 'en')
  return deliverWebhook(target.url, { id: event.messageId, type: event.kind, at: event.at, data: { ...withoutTexts(event.payload), links, ...(options.product === undefined ? {} : { product: webhookProduct(options.product) }), text } },
    { secret: options.secret!, timeoutMs: options.timeoutMs, now: options.now })
}

/** The payload as signed webhooks carry it: the English; a template's other languages only in `text`. */
function withoutTexts (payload: EventPayload): EventPayload {
  if (!('texts' in payload)) return payload
  const { texts: _texts, ...rest } = payload
  return rest
}
