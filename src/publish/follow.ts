// The ways to follow the status (issue 30 and 40; docs/en/architecture.md#beyond-the-spec, docs/en/architecture.md#follow): the Discord commands first (when this service
// answers them), then feeds, the maintenance calendar, webhooks, the Statuspage-compatible address, badges, the MCP
// command and, where it is public, Prometheus. One list, rendered by the status page's "Follow" section, /status.md
// and llms.txt. Absolute addresses carry ORIGIN_PLACEHOLDER, which each response fills with its {base_url}.
import type { DiscordCommandsConfig } from '../config/discord.ts'
import type { PageLanguage } from '../lib/locale.ts'
import { WORDS as LOCALES, message } from '../view/locale-words.js'
import type { Indicator } from '../status/model.ts'
import { ORIGIN_PLACEHOLDER } from '../lib/origin-placeholder.ts'
import { TEXT } from '../view/status-view.js'
import { localPath } from '../view/status-links.js'

export interface FollowOptions {
  lang: PageLanguage
  germanPrefix: string
  /** The status file's product name: the badge's alt text; undefined: "System status". */
  productName: string | undefined
  /** The Prometheus listener's port when it listens beyond loopback; undefined: not listed (it is then private). */
  publicMetricsPort: number | undefined
  /** Whether this service answers the Discord commands `/follow`, `/unfollow` and `/following` (see discordFollowing). */
  discordCommands?: boolean
  /** The page indicator now, which sizes the status badge's preview; undefined: unknown. */
  indicator?: Indicator | undefined
}

export interface FollowLink { label: string, href: string }
export interface FollowSnippet { label: string, code: string }

export interface FollowEntry {
  key: 'discord' | 'feeds' | 'calendar' | 'webhooks' | 'statuspage' | 'badges' | 'mcp' | 'metrics'
  title: string
  text: string
  links: FollowLink[]
  /** Text to paste somewhere else; the page gives each a copy button. */
  snippets: FollowSnippet[]
}

/** The section's words in one language (the `follow` section of src/locales/<tag>.json). */
function wordsOf (lang: PageLanguage) {
  const words = LOCALES[lang].follow
  return {
    ...words,
    metricsText: (port: number) => message(lang, words.metricsText, { port }),
    copied: (what: string) => message(lang, words.copied, { what }),
    copyFailed: (what: string) => message(lang, words.copyFailed, { what })
  }
}

export function followWords (lang: PageLanguage): ReturnType<typeof wordsOf> {
  return wordsOf(lang)
}

/** The follow commands exist where the interactions route does (a public key) and webhooks can be made (the bot token). */
export function discordFollowing (discord: Pick<DiscordCommandsConfig, 'publicKey' | 'botToken'>): boolean {
  return discord.publicKey !== undefined && discord.botToken !== undefined
}

/** Loopback listeners are private: Prometheus is listed only when METRICS_HOST listens beyond them. */
export function publicMetricsPort (metricsPort: number | undefined, metricsHost: string): number | undefined {
  if (metricsPort === undefined) return undefined
  const loopback = metricsHost === 'localhost' || metricsHost === '::1' || /^127\./.test(metricsHost)
  return loopback ? undefined : metricsPort
}

export function followEntries (options: FollowOptions): FollowEntry[] {
  const words = wordsOf(options.lang)
  const local = (path: string) => `${ORIGIN_PLACEHOLDER}${localPath(options.lang, path, options.germanPrefix)}`
  const page = `${ORIGIN_PLACEHOLDER}/status`
  const badge = `${ORIGIN_PLACEHOLDER}/status/badges/status.svg`
  const alt = TEXT[options.lang].pageTitle(options.productName)
  const calendar = local('/status/maintenance.ics')
  const entries: FollowEntry[] = []
  if (options.discordCommands === true) {
    entries.push({
      key: 'discord',
      title: words.discord,
      text: words.discordText,
      links: [{ label: words.discordDocs, href: local('/docs/follow') }],
      snippets: [
        { label: words.discordFollow, code: '/follow channel:#status' },
        { label: words.discordSome, code: '/follow channel:#status components:{id},{id}' },
        { label: words.discordUnfollow, code: '/unfollow channel:#status' },
        { label: words.discordFollowing, code: '/following' }
      ]
    })
  }
  entries.push(
    {
      key: 'feeds',
      title: words.feeds,
      text: words.feedsText,
      links: [{ label: 'Atom', href: local('/status/feed.atom') }, { label: 'RSS', href: local('/status/feed.rss') }],
      snippets: []
    },
    {
      key: 'calendar',
      title: words.calendar,
      text: words.calendarText,
      links: [{ label: 'iCalendar (.ics)', href: calendar }],
      snippets: [{ label: words.calendarSnippet, code: calendar }]
    },
    {
      key: 'webhooks',
      title: words.webhooks,
      text: words.webhooksText,
      links: [{ label: words.webhooksDocs, href: local('/docs/notifications') }],
      snippets: []
    },
    {
      key: 'statuspage',
      title: words.statuspage,
      text: words.statuspageText,
      links: [{ label: words.summary, href: `${ORIGIN_PLACEHOLDER}/status/api/v2/summary.json` }],
      snippets: [{ label: words.statuspageSnippet, code: page }]
    },
    {
      key: 'badges',
      title: words.badges,
      text: words.badgesText,
      links: [{ label: 'SVG', href: badge }, { label: 'Shields.io JSON', href: `${ORIGIN_PLACEHOLDER}/status/badges/status.json` }],
      snippets: [
        { label: 'Markdown', code: `[![${alt}](${badge})](${local('/status')})` },
        { label: 'HTML', code: `<a href="${local('/status')}"><img src="${badge}" alt="${alt}"></a>` }
      ]
    },
    {
      key: 'mcp',
      title: words.mcp,
      text: words.mcpText,
      links: [{ label: words.mcpDocs, href: local('/docs/agents#mcp') }],
      snippets: [{ label: words.mcpSnippet, code: `status-api mcp --url ${ORIGIN_PLACEHOLDER}` }]
    }
  )
  if (options.publicMetricsPort !== undefined) {
    entries.push({ key: 'metrics', title: words.metrics, text: words.metricsText(options.publicMetricsPort), links: [], snippets: [] })
  }
  return entries
}

/**
 * The entries in llms.txt's form: one `- [name](url): note` line per link, the note carrying the snippets. A way
 * without a link of its own (Prometheus, on another port) is left out: llms.txt lists links.
 */
export function followLlms (options: FollowOptions, heading: string): string[] {
  const lines = [heading, '']
  for (const entry of followEntries(options)) {
    const snippets = entry.snippets.map((snippet) => ` ${snippet.label}: \`${snippet.code}\`.`).join('')
    for (const link of entry.links) lines.push(`- [${entry.title}: ${link.label}](${link.href}): ${entry.text}${snippets}`)
  }
  lines.push('')
  return lines
}

/** The entries as Markdown: a heading, then each way as a list item with its links and snippets (`/status.md`). */
export function followMarkdown (options: FollowOptions, heading: string): string[] {
  const lines = [heading, '']
  for (const entry of followEntries(options)) {
    const links = entry.links.map((link) => `[${link.label}](${link.href})`).join(', ')
    lines.push(`- **${entry.title}**: ${entry.text}${links === '' ? '' : ` ${links}`}`)
    for (const snippet of entry.snippets) lines.push(`  - ${snippet.label}: \`${snippet.code}\``)
  }
  lines.push('')
  return lines
}
