// The Atom and RSS feeds (`/status/feed.atom`, `/status/feed.rss`, and below each page language's prefix): one entry per published update,
// written by the `feed` library. Titles are plain text, as readers show them (XML-escaped once, never HTML-escaped:
// `Tom & Jerry` reads as that, not `Tom &amp; Jerry`); content is HTML, with operator text HTML-escaped in it. A
// character XML cannot carry (from a row older than the input rules) is replaced, so the feed always parses.
import { Feed, type Item } from 'feed'
import type { PublicComponent } from '../api/components.ts'
import { escapeHtml } from '../lib/html.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { xmlSafe } from '../lib/xml-chars.ts'
import type { FeedEvent } from './feed-events.ts'
import { FEED_TEXT, type FeedText } from './feed-text.ts'
import { POSTMORTEM_ANCHOR, incidentUrl, localPath, maintenanceUrl, statusUrl, type SiteLinks } from '../view/status-links.js'

export type FeedFormat = 'atom' | 'rss'

export const FEED_TYPES: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8'
}

/** The site path of a feed: `/status/feed.atom`, `{GERMAN_PREFIX}/status/feed.rss`, `/fr/status/feed.atom`. */
export function feedPath (lang: PageLanguage, format: FeedFormat, germanPrefix: string): string {
  return localPath(lang, `/status/feed.${format}`, germanPrefix)
}

/** The query that selects components (`?component=a&component=b`, ids in the order given); '' for none. */
export function componentQuery (components: readonly string[]): string {
  return components.length === 0 ? '' : `?${components.map((id) => `component=${encodeURIComponent(id)}`).join('&')}`
}

export interface FeedOptions extends SiteLinks {
  lang: PageLanguage
  format: FeedFormat
  /** Newest first (feedEvents). */
  events: FeedEvent[]
  /** The feed's `updated` when there is no entry yet. */
  now: number
  /** The model's components (GET /api/v1/health/components), whose names an entry's affected components are shown by. */
  components?: ReadonlyArray<Pick<PublicComponent, 'id' | 'name'>>
  /** The declared product's name (the feed's title names it); undefined without a status file. */
  productName?: string | undefined
  /**
   * The ids of `?component=`, sorted, when the feed lists only what names them (`events` are those already): its
   * title names them, and its id and self link are its own. Undefined or empty: every entry.
   */
  only?: readonly string[]
}

/**
 * The names of the components `ids` names, in the model's words and this language; an id no longer declared is shown as
 * it is, as plain text (docs/en/architecture.md#status-model).
 */
export function componentNames (ids: readonly string[], components: ReadonlyArray<Pick<PublicComponent, 'id' | 'name'>>, lang: PageLanguage): string[] {
  return ids.map((id) => components.find((component) => component.id === id)?.name[lang] ?? id)
}

/** The `tag:` URI of an entry (RFC 4151): the host without its port, the year the scheme was minted, the event key. */
export function entryId (baseUrl: string, event: Pick<FeedEvent, 'key'>): string {
  return `tag:${new URL(baseUrl).hostname},2026:${event.key}`
}

export function buildFeed (options: FeedOptions): string {
  const { lang, format, events } = options
  const text = FEED_TEXT[lang]
  const only = options.only ?? []
  const self = `${options.baseUrl}${feedPath(lang, format, options.germanPrefix)}${componentQuery(only)}`
  const whole = options.productName === undefined ? text.title : text.productTitle(options.productName)
  const title = only.length === 0 ? whole : `${whole} (${componentNames(only, options.components ?? [], lang).join(', ')})`
  const feed = new Feed({
    id: `tag:${new URL(options.baseUrl).hostname},2026:${lang === 'en' ? '' : `${lang.toLowerCase()}/`}status-feed${only.length === 0 ? '' : `?component=${only.join(',')}`}`,
    title,
    description: text.description,
    link: statusUrl(options, lang),
    language: text.language,
    updated: new Date(events[0]?.at ?? options.now),
    feedLinks: { [format]: self },
    author: { name: whole },
    generator: false,
    ttl: 1
  })
  const titles = events.map((event) => entryTitle(event, text))
  // The library writes Atom titles as `type="html"`, in which a reader takes `<b>` for markup, and RSS titles as CDATA:
  // each title is a placeholder here and becomes plain, XML-escaped text below, the same in both formats.
  events.forEach((event, index) => feed.addItem(item(event, text, options, titlePlaceholder(index))))
  return xmlSafe(format === 'atom' ? withTextTitles(withLanguage(feed.atom1(), text.language), titles, 'atom') : withTextTitles(feed.rss2(), titles, 'rss'))
}

/** An entry's title as readers show it: the step and the incident's or window's title, plain text. */
function entryTitle (event: FeedEvent, text: FeedText): string {
  if (event.kind === 'postmortem') return `[${text.postmortem}] ${event.title}`
  return event.kind === 'incident' ? `[${text.incidentStatus[event.status]}] ${event.title}` : `[${text.maintenanceStep[event.step]}] ${event.title}`
}

/** What the library is given as the Atom title of entry `index`: letters, digits and dashes, so it comes out as it went in. */
function titlePlaceholder (index: number): string {
  return `status-api-entry-title-${index}`
}

/**
 * The entries' titles as plain text, XML-escaped once, in place of the library's placeholders: Atom's `type="text"`
 * (RFC 4287 §3.1.1), RSS's plain `<title>`. A placeholder that is not where it was put is an error, not a feed with a
 * wrong title.
 */
function withTextTitles (feed: string, titles: readonly string[], format: FeedFormat): string {
  return titles.reduce((xml, title, index) => {
    const written = format === 'atom' ? `<title type="html"><![CDATA[${titlePlaceholder(index)}]]></title>` : `<title><![CDATA[${titlePlaceholder(index)}]]></title>`
    if (!xml.includes(written)) throw new Error(`The feed library wrote an ${format} entry title this code does not know.`)
    return xml.replace(written, () => format === 'atom' ? `<title type="text">${escapeXml(title)}</title>` : `<title>${escapeXml(title)}</title>`)
  }, feed)
}

/** Text for XML character data: the three characters that would be markup, escaped once. */
function escapeXml (text: string): string {
  return text.replace(/[&<>]/g, (c) => c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;')
}

const ATOM_ROOT = '<feed xmlns="http://www.w3.org/2005/Atom">'

/** The Atom feed's language as `xml:lang` on its root (RFC 4287 §2), which the feed library does not write. */
function withLanguage (atom: string, language: string): string {
  if (!atom.includes(ATOM_ROOT)) throw new Error('The feed library wrote an Atom root this code does not know.')
  return atom.replace(ATOM_ROOT, `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">`)
}

function item (event: FeedEvent, text: FeedText, options: FeedOptions, title: string): Item {
  const { lang } = options
  const date = new Date(event.at)
  const names = componentNames(event.components, options.components ?? [], lang)
  const affected = names.length === 0 ? '' : `<p>${escapeHtml(`${text.affected}: ${names.join(', ')}`)}</p>`
  const message = `<p>${escapeHtml(event.message).replace(/\r?\n/g, '<br>')}</p>${affected}`
  if (event.kind === 'incident') {
    const status = text.incidentStatus[event.status]
    return {
      title,
      id: entryId(options.baseUrl, event),
      link: incidentUrl(options, lang, event.incidentId),
      date,
      published: date,
      ...body(options.format, `<p><strong>${escapeHtml(status)}</strong> · ${escapeHtml(text.impact[event.impact])}</p>${message}`),
      category: [{ name: event.impact, term: event.impact }]
    }
  }
  if (event.kind === 'postmortem') {
    // A link to the post-mortem, not its text: feed readers would show the operator's Markdown with rules of their own.
    const link = `${incidentUrl(options, lang, event.incidentId)}#${POSTMORTEM_ANCHOR}`
    return {
      title,
      id: entryId(options.baseUrl, event),
      link,
      date,
      published: date,
      ...body(options.format, `<p><strong>${escapeHtml(text.postmortem)}</strong> · ${escapeHtml(text.impact[event.impact])}</p>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(text.postmortemLink)}</a></p>${affected}`),
      category: [{ name: 'postmortem', term: 'postmortem' }]
    }
  }
  const step = text.maintenanceStep[event.step]
  return {
    title,
    id: entryId(options.baseUrl, event),
    link: maintenanceUrl(options, lang, event.maintenanceId),
    date,
    published: date,
    ...body(options.format, `<p><strong>${escapeHtml(step)}</strong> · ${escapeHtml(text.window(utcMinute(event.startsAt), utcMinute(event.endsAt)))}</p>${message}`),
    category: [{ name: 'maintenance', term: 'maintenance' }]
  }
}

/** Atom carries the HTML as `content`; RSS readers (MonitoRSS, Slack) read `description`. */
function body (format: FeedFormat, html: string): Pick<Item, 'content' | 'description'> {
  return format === 'atom' ? { content: html } : { description: html }
}

/** `2026-11-24T06:00:00.000Z` → `2026-11-24 06:00 UTC`. */
function utcMinute (iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
