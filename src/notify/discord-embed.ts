// The Discord message of an event: one embed (title, status, impact colour, latest update, link to the page), cut to
// Discord's limits, and the optional role mention with `allowed_mentions` so nobody else is pinged. Its fixed words are
// the `notify` words of src/locales/<tag>.json in the target's language (NOTIFY_LANGUAGE, or a follower's own).
import type { PageLanguage } from '../lib/locale.ts'
import { WORDS, message } from '../view/locale-words.js'
import type { EventPayload, StatusData } from './events.ts'
import type { Links } from './links.ts'
import type { NotifyProduct } from './product.ts'

/** Discord's documented embed limits (characters). */
export const EMBED_LIMITS = { title: 256, description: 4096, fieldName: 256, fieldValue: 1024, footer: 2048, fields: 25, total: 6000, content: 2000, author: 256 } as const

export const COLOURS = {
  critical: 0xe74c3c, major: 0xe67e22, minor: 0xf1c40f, none: 0x95a5a6,
  resolved: 0x2ecc71, maintenance: 0x3498db, ok: 0x2ecc71, degraded: 0xf1c40f, down: 0xe74c3c, test: 0x95a5a6
} as const

export interface Embed {
  title: string
  description?: string
  url?: string
  color: number
  fields: Array<{ name: string, value: string, inline: boolean }>
  footer?: { text: string, icon_url?: string }
  author?: { name: string, url?: string, icon_url?: string }
  timestamp?: string
}

export interface DiscordMessageBody {
  content?: string
  embeds: Embed[]
  allowed_mentions: { parse: string[], roles?: string[] }
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** The embeds' words in one language; a value it does not know (a status of a later version) shows as it is. */
function wordsIn (tag: PageLanguage) {
  const words = WORDS[tag].notify
  const page = WORDS[tag].page
  const m = (value: string, params: Record<string, unknown>) => message(tag, value, params)
  const known = (table: Record<string, string>, value: string) => Object.hasOwn(table, value) ? table[value]! : value
  return {
    ...words,
    incidentFooter: (id: number) => m(words.incidentFooter, { id }),
    maintenanceTitle: (title: string) => m(words.maintenanceTitle, { title }),
    maintenanceFooter: (id: number) => m(words.maintenanceFooter, { id }),
    startsIn: (when: string) => m(words.startsIn, { when }),
    statusTitle: (status: string) => m(words.statusTitle, { status: known(words.overall, status) }),
    statusChanged: (from: string, to: string) => m(words.statusChanged, { from: known(words.overall, from), to: known(words.overall, to) }),
    changed: (list: string) => m(words.changed, { list }),
    author: (name: string) => m(words.author, { name }),
    field: (name: string, value: string) => m(words.field, { name, value }),
    incidentStatus: (status: string) => Object.hasOwn(page.incidentStatus, status) ? page.incidentStatus[status as keyof typeof page.incidentStatus] : capital(status),
    impactOf: (impact: string) => Object.hasOwn(words.impactValue, impact) ? words.impactValue[impact as keyof typeof words.impactValue] : capital(impact),
    overallValue: (status: string) => known(words.overall, status),
    maintenanceState: page.maintenanceState
  }
}
type EmbedWords = ReturnType<typeof wordsIn>
const EMBED_WORDS = new Map<PageLanguage, EmbedWords>()
const embedWords = (tag: PageLanguage): EmbedWords => {
  let found = EMBED_WORDS.get(tag)
  if (found === undefined) { found = wordsIn(tag); EMBED_WORDS.set(tag, found) }
  return found
}
/** Discord renders `<t:…:f>` in each reader's own time zone. */
const when = (iso: string) => `<t:${Math.floor(Date.parse(iso) / 1000)}:f>`
/** Discord shows this in the reader's words and updates it: "in an hour". */
const relative = (iso: string) => `<t:${Math.floor(Date.parse(iso) / 1000)}:R>`

/**
 * The event's embed in `language`; with a named product, its author ("Acme status", linking to the page) and footer
 * name the product.
 */
export function embedFor (kind: string, payload: EventPayload, links: Links, product?: NotifyProduct, language: PageLanguage = 'en'): Embed {
  const words = embedWords(language)
  const embed = eventEmbed(kind, payload, links, words, language)
  if (product === undefined) return embed
  const icon = product.iconPath === undefined ? {} : { icon_url: `${new URL(links.status).origin}${product.iconPath}` }
  return { ...embed, author: { name: words.author(product.name), url: links.status, ...icon }, footer: { text: product.name, ...icon } }
}

/** An incident's title and the update's message in `language`, where the template it was opened from gave them. */
function incidentWords (payload: Extract<EventPayload, { incident: unknown }>, language: PageLanguage): { title: string, message: string } {
  const text = language === 'en' ? undefined : payload.texts?.[language]
  return { title: text?.title ?? payload.incident.title, message: text?.message ?? payload.update.message }
}

function eventEmbed (kind: string, payload: EventPayload, links: Links, words: EmbedWords, language: PageLanguage): Embed {
  if ('incident' in payload) {
    const { incident, update } = payload
    const resolved = incident.status === 'resolved'
    const { title, message } = incidentWords(payload, language)
    return {
      title,
      url: links.incident,
      description: message,
      color: resolved ? COLOURS.resolved : COLOURS[incident.impact as keyof typeof COLOURS] ?? COLOURS.none,
      fields: [
        { name: words.status, value: words.incidentStatus(incident.status), inline: true },
        { name: words.impact, value: words.impactOf(incident.impact), inline: true },
        { name: words.started, value: when(incident.startedAt), inline: true },
        ...(incident.resolvedAt === null ? [] : [{ name: words.resolved, value: when(incident.resolvedAt), inline: true }])
      ],
      footer: { text: words.incidentFooter(incident.id) },
      timestamp: update.at
    }
  }
  if ('maintenance' in payload) {
    const { maintenance } = payload
    const states = words.maintenanceState
    const state = maintenance.cancelled ? states.cancelled : kind === 'maintenance.started' ? states.active : kind === 'maintenance.ended' ? states.ended : kind === 'maintenance.reminder' ? words.startsIn(relative(maintenance.startsAt)) : states.scheduled
    return {
      title: words.maintenanceTitle(maintenance.title),
      url: links.maintenance,
      description: maintenance.message,
      color: kind === 'maintenance.ended' ? COLOURS.resolved : COLOURS.maintenance,
      fields: [
        { name: words.status, value: state, inline: true },
        { name: words.from, value: when(maintenance.startsAt), inline: true },
        { name: words.to, value: when(maintenance.endedAt ?? maintenance.endsAt), inline: true }
      ],
      footer: { text: words.maintenanceFooter(maintenance.id) }
    }
  }
  if ('status' in payload) {
    const { status } = payload
    return {
      title: words.statusTitle(status.to),
      url: links.status,
      description: `${words.statusChanged(status.from, status.to)}${changedText(status.changed, words)}`,
      color: COLOURS[status.to as 'ok' | 'degraded' | 'down'] ?? COLOURS.none,
      fields: Object.entries(status.components).slice(0, 10).map(([name, value]) => ({ name: capital(name), value: words.overallValue(value), inline: true })),
      timestamp: status.since
    }
  }
  // A purge is never given to Discord (only purge targets get them); it reads as a test should one ever arrive.
  return { title: words.testTitle, url: links.status, description: 'message' in payload ? payload.message : '', color: COLOURS.test, fields: [] }
}

/** What a signed webhook's receiver may show a person (`data.text`): the Discord message's title and a plain summary in `language`, no Discord markup. */
export interface WebhookText {
  language: PageLanguage
  title: string
  summary: string
}

export function webhookText (kind: string, payload: EventPayload, language: PageLanguage): WebhookText {
  const words = embedWords(language)
  if ('incident' in payload) {
    const { incident } = payload
    return { language, title: incidentWords(payload, language).title, summary: `${words.field(words.status, words.incidentStatus(incident.status))} · ${words.field(words.impact, words.impactOf(incident.impact))}` }
  }
  if ('maintenance' in payload) {
    const { maintenance } = payload
    const states = words.maintenanceState
    const state = maintenance.cancelled ? states.cancelled : kind === 'maintenance.started' ? states.active : kind === 'maintenance.ended' ? states.ended : states.scheduled
    return { language, title: words.maintenanceTitle(maintenance.title), summary: words.field(words.status, state) }
  }
  if ('status' in payload) {
    const { status } = payload
    return { language, title: words.statusTitle(status.to), summary: `${words.statusChanged(status.from, status.to)}${changedText(status.changed, words)}` }
  }
  return { language, title: words.testTitle, summary: 'message' in payload ? payload.message : '' }
}

/** The components whose measured status changed, as a sentence (events written before they were named carry none). */
function changedText (changed: StatusData['changed'] | undefined, words: EmbedWords): string {
  if (changed === undefined || changed.length === 0) return ''
  return ` ${words.changed(changed.map((change) => `${change.id} (${words.overallValue(change.from)} → ${words.overallValue(change.to)})`).join(', '))}`
}

/** The message body: the embed cut to Discord's limits, and the mention (only when `mention` is given). */
export function discordMessage (embed: Embed, mention: string | undefined): DiscordMessageBody {
  const body: DiscordMessageBody = { embeds: [fitEmbed(embed)], allowed_mentions: { parse: [] } }
  if (mention === 'everyone') {
    body.content = '@everyone'
    body.allowed_mentions = { parse: ['everyone'] }
  } else if (mention !== undefined) {
    body.content = `<@&${mention}>`
    body.allowed_mentions = { parse: [], roles: [mention] }
  }
  return body
}

/** Cuts every part to its limit, then the description until the whole embed fits in 6000 characters. */
export function fitEmbed (embed: Embed): Embed {
  const fitted: Embed = {
    ...embed,
    title: cut(embed.title, EMBED_LIMITS.title),
    fields: embed.fields.slice(0, EMBED_LIMITS.fields).map((field) => ({
      name: cut(field.name, EMBED_LIMITS.fieldName), value: cut(field.value, EMBED_LIMITS.fieldValue), inline: field.inline
    }))
  }
  if (embed.description !== undefined) fitted.description = cut(embed.description, EMBED_LIMITS.description)
  if (embed.footer !== undefined) fitted.footer = { ...embed.footer, text: cut(embed.footer.text, EMBED_LIMITS.footer) }
  if (embed.author !== undefined) fitted.author = { ...embed.author, name: cut(embed.author.name, EMBED_LIMITS.author) }
  // Our fields are short; should they ever not be, the last ones go before the description is cut to nothing.
  while (fitted.fields.length > 0 && embedLength({ ...fitted, description: '' }) > EMBED_LIMITS.total - 100) fitted.fields.pop()
  const others = embedLength({ ...fitted, description: '' })
  if (fitted.description !== undefined && others + length(fitted.description) > EMBED_LIMITS.total) {
    fitted.description = cut(fitted.description, EMBED_LIMITS.total - others)
  }
  return fitted
}

/** What Discord counts towards the 6000: title, description, field names and values, footer text, author name. */
export function embedLength (embed: Embed): number {
  return length(embed.title) + length(embed.description ?? '') + length(embed.footer?.text ?? '') + length(embed.author?.name ?? '') +
    embed.fields.reduce((sum, field) => sum + length(field.name) + length(field.value), 0)
}

// Counted in UTF-16 units, never fewer than Discord's characters; a cut never splits a surrogate pair.
const length = (text: string) => text.length

function cut (text: string, max: number): string {
  if (text.length <= max) return text
  let kept = ''
  for (const point of text) {
    if (kept.length + point.length > max - 1) break
    kept += point
  }
  return kept + '…'
}
