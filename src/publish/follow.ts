// The ways to follow the status (issue 30 and 40; docs/en/architecture.md#beyond-the-spec, docs/en/architecture.md#follow): the Discord commands first (when this service
// answers them), then feeds, the maintenance calendar, webhooks, the Statuspage-compatible address, badges, the MCP
// command and, where it is public, Prometheus. One list, rendered by the status page's "Follow" section, /status.md
// and llms.txt. Absolute addresses carry ORIGIN_PLACEHOLDER, which each response fills with its {base_url}.
import type { DiscordCommandsConfig } from '../config/discord.ts'
import type { Locale } from '../lib/locale.ts'
import type { Indicator } from '../status/model.ts'
import { ORIGIN_PLACEHOLDER } from '../lib/origin-placeholder.ts'
import { TEXT } from '../view/status-view.js'
import { localPath } from '../view/status-links.js'

export interface FollowOptions {
  lang: Locale
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

const WORDS = {
  en: {
    heading: 'Follow',
    intro: 'Get the status where you already are. Each of these reads the same status as this page.',
    discord: 'In your Discord server',
    discordText: 'With the bot in your server, /follow posts every new incident, maintenance window and status change into a channel ' +
      'of yours, each update editing the same message (you need Manage Webhooks; components: keeps only some). /unfollow ends it, ' +
      '/following lists what your server follows. Where the operators post updates in an announcement channel, Discord\'s own Follow button works too.',
    discordFollow: 'Follow',
    discordSome: 'Only some components',
    discordUnfollow: 'Stop',
    discordFollowing: 'What your server follows',
    discordDocs: 'How it works',
    feeds: 'Feeds',
    feedsText: 'One entry for every update to an incident or a maintenance window: for feed readers and feed bots in Discord (MonitoRSS). ' +
      'Add ?component={id} (repeatable) to the address for only the updates about those components.',
    calendar: 'Maintenance calendar',
    calendarText: 'Planned and active maintenance windows as an iCalendar: subscribe to its address in Google Calendar, Outlook or Apple Calendar.',
    calendarSnippet: 'Calendar address',
    webhooks: 'Webhooks',
    webhooksText: 'The operators of this service can send every update to Discord channels and, signed (Standard Webhooks), to any HTTPS address.',
    webhooksDocs: 'Notifications',
    statuspage: 'Statuspage-compatible address',
    statuspageText: 'Status relay bots in Discord servers, and every tool that reads an Atlassian Statuspage, follow this page when given this address.',
    statuspageSnippet: 'Page URL',
    summary: 'summary.json',
    badges: 'Badge for a README',
    badgesText: 'The current status as an image that stays up to date.',
    mcp: 'For AI agents (MCP)',
    mcpText: 'A Model Context Protocol server with read-only tools over this status, run from a checkout of status-api.',
    mcpSnippet: 'Command',
    mcpDocs: 'How to set it up',
    metrics: 'Prometheus',
    metricsText: (port: number) => `Metrics in the Prometheus text format on port ${port} of this service's host, path /metrics.`,
    copy: 'Copy',
    copied: (what: string) => `Copied: ${what}`,
    copyFailed: (what: string) => `Could not copy ${what}; it is selected, press Ctrl+C (⌘C) to copy it.`
  },
  de: {
    heading: 'Folgen',
    intro: 'Der Status dort, wo Sie ohnehin sind. Alle diese Wege lesen denselben Status wie diese Seite.',
    discord: 'In Ihrem Discord-Server',
    discordText: 'Ist der Bot in Ihrem Server, postet /follow jeden neuen Vorfall, jede Wartung und jede Statusänderung in einen Kanal ' +
      'Ihrer Wahl; jede weitere Meldung bearbeitet dieselbe Nachricht (Sie brauchen „Webhooks verwalten“; components: wählt nur einige ' +
      'Komponenten). /unfollow beendet es, /following zeigt, was Ihr Server verfolgt. Wo die Betreiber Meldungen in einem Ankündigungskanal posten, ' +
      'funktioniert auch Discords eigener Folgen-Knopf.',
    discordFollow: 'Folgen',
    discordSome: 'Nur einige Komponenten',
    discordUnfollow: 'Beenden',
    discordFollowing: 'Was Ihr Server verfolgt',
    discordDocs: 'So funktioniert es',
    feeds: 'Feeds',
    feedsText: 'Ein Eintrag für jede Meldung zu einem Vorfall oder einer Wartung: für Feedreader und Feed-Bots in Discord (MonitoRSS). ' +
      'Mit ?component={id} (wiederholbar) an der Adresse nur die Meldungen zu diesen Komponenten.',
    calendar: 'Wartungskalender',
    calendarText: 'Geplante und laufende Wartungen als iCalendar: abonnieren Sie die Adresse in Google Kalender, Outlook oder Apple Kalender.',
    calendarSnippet: 'Kalenderadresse',
    webhooks: 'Webhooks',
    webhooksText: 'Die Betreiber dieses Dienstes können jede Meldung an Discord-Kanäle und, signiert (Standard Webhooks), an jede HTTPS-Adresse senden.',
    webhooksDocs: 'Benachrichtigungen',
    statuspage: 'Statuspage-kompatible Adresse',
    statuspageText: 'Status-Bots in Discord-Servern und alle Werkzeuge, die eine Atlassian-Statuspage lesen, folgen dieser Seite, wenn sie diese Adresse bekommen.',
    statuspageSnippet: 'Seiten-URL',
    summary: 'summary.json',
    badges: 'Badge für eine README',
    badgesText: 'Der aktuelle Status als Bild, das sich selbst aktualisiert.',
    mcp: 'Für KI-Agenten (MCP)',
    mcpText: 'Ein Model-Context-Protocol-Server mit lesenden Werkzeugen für diesen Status, gestartet aus einem Checkout von status-api.',
    mcpSnippet: 'Befehl',
    mcpDocs: 'So richten Sie ihn ein',
    metrics: 'Prometheus',
    metricsText: (port: number) => `Metriken im Prometheus-Textformat auf Port ${port} des Hosts dieses Dienstes, Pfad /metrics.`,
    copy: 'Kopieren',
    copied: (what: string) => `Kopiert: ${what}`,
    copyFailed: (what: string) => `${what} ließ sich nicht kopieren; der Text ist markiert, drücken Sie Strg+C (⌘C).`
  }
} as const

export function followWords (lang: Locale): typeof WORDS[Locale] {
  return WORDS[lang]
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
  const words = WORDS[options.lang]
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
