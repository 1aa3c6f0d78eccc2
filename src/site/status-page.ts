// The status page (`/status` and its German twin): server-rendered sections plus the refresh script's settings.
import type { DeclaredProduct } from '../declaration/declaration.ts'
import { escapeHtml } from '../lib/html.ts'
import { followSection } from './follow-section.ts'
import { renderPage } from './layout.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { TEXT, findGuild, guildAnswer, headline, incidentsInLanguage, renderSections, shardFinderSection, type IncidentText, type StatusBodies } from '../view/status-view.js'
import type { ShardsBody } from '../api/shards.ts'
import { guildIdFromInput } from '../bot/guild-shard.ts'
import { dateTime, time } from '../view/status-format.js'
import { WORDS } from '../view/locale-words.js'

export interface StatusPageOptions {
  lang: PageLanguage
  /** Days the bars show (the status file's `uptime.barDays`); 90 when not given. */
  barDays?: 30 | 60 | 90
  /** The served page languages (LANGUAGES), for the language menu and hreflang. */
  languages?: readonly PageLanguage[]
  bodies: StatusBodies
  /** When this page was rendered (ISO), for "last updated". */
  now: string
  /** How often the refresh script asks the API; 60 in production, shorter only in tests. */
  refreshSeconds: number
  /**
   * After how many seconds past its last check the data is stale (three probe intervals plus EDGE_CACHE_SECONDS,
   * docs/en/architecture.md#edge): the script then marks the page. Undefined: never marked.
   */
  staleAfterSeconds?: number
  /** The status page's path in each language. */
  paths: Record<PageLanguage, string>
  germanPrefix: string
  /** The status file's product: the page is then "Acme status" ("Acme Status"); undefined: "System status". */
  product?: DeclaredProduct
  /** The Prometheus port when it is public (src/publish/follow.ts): the "Follow" section lists it. */
  publicMetricsPort?: number
  /** Whether the Discord follow commands are listed first in the Follow section. */
  discordCommands?: boolean
  notice?: string
  /**
   * The page language's texts of incidents opened from a template (src/incidents/texts.ts), by id: the page shows them
   * for the English, and hands them to its script, which shows them again after each refresh.
   */
  incidentTexts?: Readonly<Record<string, IncidentText>>
}

export function renderStatusPage (options: StatusPageOptions): string {
  const { lang, now } = options
  // Only the shown incidents' texts: the page stays within its size whatever the 90 days hold.
  const shown = new Set((options.bodies.incidents?.incidents ?? []).map((incident) => String(incident.id)))
  const texts = Object.fromEntries(Object.entries(options.incidentTexts ?? {}).filter(([id]) => shown.has(id)))
  const bodies = { ...options.bodies, incidents: incidentsInLanguage(options.bodies.incidents, texts) }
  const textsData = Object.keys(texts).length === 0 ? '' : ` data-incident-texts="${escapeHtml(JSON.stringify(texts))}"`
  const text = { ...TEXT[lang], statusPath: options.paths[lang], barDays: options.barDays }
  const title = text.pageTitle(options.product?.name)
  // The model's page indicator, for tools and tests; "unknown" only while the model could not be read.
  const indicator = bodies.components === null ? 'unknown' : bodies.components.indicator
  // The stale notice comes first under the title: a copy a cache kept while the origin was away says so before anything it shows.
  const body = `<div id="status" class="status-page" data-locale="${lang}" data-status-path="${escapeHtml(options.paths[lang])}"${options.barDays === undefined || options.barDays === 90 ? '' : ` data-bar-days="${options.barDays}"`} data-refresh-seconds="${options.refreshSeconds}"${staleData(bodies, options.staleAfterSeconds)} data-indicator="${indicator}"${textsData}>
<h1>${escapeHtml(title)}</h1>
<p id="stale-notice" class="stale-notice" role="status" hidden></p>
${renderSections(text, bodies)}
${followSection({ lang, germanPrefix: options.germanPrefix, productName: options.product?.name, publicMetricsPort: options.publicMetricsPort, discordCommands: options.discordCommands, indicator: bodies.health === null ? undefined : bodies.components?.indicator })}
<p id="status-announce" class="vh" role="status"></p>
<div class="page-meta">
<p>${escapeHtml(text.lastUpdated)}: ${time(now, dateTime(text, now)).replace('<time', '<time id="last-updated"')}. ${escapeHtml(text.refreshNote(options.refreshSeconds))}</p>
<p id="refresh-error" class="refresh-error" hidden>${escapeHtml(text.refreshFailed)}</p>
</div>
</div>`
  const statusWord = bodies.components === null ? '' : ` – ${headline(text, bodies.components)}`
  return renderPage({
    lang,
    product: options.product,
    title: `${title}${statusWord}`,
    description: WORDS[lang].site.statusDescription,
    body,
    pathIn: (tag) => options.paths[tag],
    languages: options.languages,
    styles: ['status.css'],
    modules: ['status.js', 'follow.js'],
    path: options.paths[lang],
    germanPrefix: options.germanPrefix,
    notice: options.notice
  })
}

/** What the script needs to tell a stale copy (one a cache kept while the origin was away): the last check and the limit. */
function staleData (bodies: StatusPageOptions['bodies'], staleAfterSeconds: number | undefined): string {
  if (staleAfterSeconds === undefined || bodies.health === null) return ''
  return ` data-checked-at="${escapeHtml(bodies.health.checkedAt)}" data-stale-after-seconds="${staleAfterSeconds}"`
}

/**
 * The rendered page with the answer for `input` (a server id or message link) in the "Find your server" section:
 * the form of `/status?guild=…` answered without JavaScript, spliced into the page rendered once.
 */
export function withGuildAnswer (html: string, lang: PageLanguage, statusPath: string, input: string, shards: ShardsBody | null): string {
  const text = TEXT[lang]
  const guildId = guildIdFromInput(input)
  const answer = guildId === undefined ? 'invalid' : shards === null ? 'unavailable' : findGuild(shards, guildId)
  const empty = shardFinderSection({ ...text, statusPath })
  const answered = shardFinderSection({ ...text, statusPath }, guildAnswer(text, answer), input.slice(0, 200))
  return html.replace(empty, () => answered)
}
