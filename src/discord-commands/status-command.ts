// `/status` for anyone in the guild: the one public status (src/status/service.ts) as an ephemeral embed in the page's
// words (src/view/status-text.js): the indicator, the components that are not operational, the open incidents
// with links, and the page. It computes nothing of its own.
import type { Interaction } from './interaction.ts'
import { COLOURS, EMBED_LIMITS, fitEmbed, type Embed } from '../notify/discord-embed.ts'
import { historyUrl, incidentUrl, statusUrl } from '../view/status-links.js'
import { TEXT, headline } from '../view/status-view.js'
import type { Answer } from './answer.ts'
import { linkLanguage, type CommandContext } from './command-context.ts'
import { WORDS, textIn } from './words.ts'

const INDICATOR_COLOURS = {
  none: COLOURS.ok, minor: COLOURS.minor, major: COLOURS.major, critical: COLOURS.critical, maintenance: COLOURS.maintenance
} as const

export function statusCommand (interaction: Interaction, context: CommandContext): Answer {
  return { work: async () => ({ content: '', embeds: [statusEmbed(interaction, context)] }) }
}

function statusEmbed (interaction: Interaction, context: CommandContext): Embed {
  const lang = interaction.locale
  const text = TEXT[lang]
  const words = WORDS[lang]
  const status = context.status.current().value
  const affected = status.components.filter((component) => component.status !== 'operational')
  const body = context.incidents.body()
  const open = body.incidents.filter((incident) => incident.resolvedAt === null)
  // The body lists the newest OPEN_SHOWN; the field says how many more there are, and where they are.
  const total = body.totals?.open ?? open.length
  const historyLink = context.links === undefined ? undefined : historyUrl(context.links, linkLanguage(context, lang), 1)
  const incidentLine = (incident: typeof open[number]) => {
    const label = `#${incident.id} ${incident.title}`
    const shown = context.links === undefined ? label : `[${label.replaceAll(/[[\]]/g, '')}](${incidentUrl(context.links, linkLanguage(context, lang), incident.id)})`
    return `${shown} · ${text.incidentStatus[incident.status]} · ${text.impact[incident.impact]}`
  }
  const embed: Embed = {
    title: text.pageTitle(context.declaration.product.name),
    description: headline(text, status),
    color: INDICATOR_COLOURS[status.indicator],
    fields: [
      {
        name: words.notOperational,
        value: affected.length === 0
          ? words.allOperational
          : affected.map((component) => `${textIn(component.name, lang)}: ${text.componentStatus[component.status]}${component.message === null ? '' : ` (${component.message})`}`).join('\n'),
        inline: false
      },
      { name: words.openIncidents, value: open.length === 0 ? words.noOpenIncidents : openLines(open.map(incidentLine), total, words, historyLink), inline: false }
    ],
    timestamp: status.updatedAt
  }
  if (context.links !== undefined) {
    embed.url = statusUrl(context.links, linkLanguage(context, lang))
    embed.fields.push({ name: words.page, value: statusUrl(context.links, linkLanguage(context, lang)), inline: false })
  }
  return fitEmbed(embed)
}

/**
 * The open incidents' lines, as many as fit in a field with a last line for the rest ("…and 3 more open incidents",
 * linking to the history page, which lists the open ones the page does not show): never a line cut in the middle.
 */
function openLines (lines: string[], total: number, words: typeof WORDS['en'], historyLink: string | undefined): string {
  const more = (hidden: number) => hidden === 0 ? '' : `\n${historyLink === undefined ? words.moreOpenIncidents(hidden) : `[${words.moreOpenIncidents(hidden)}](${historyLink})`}`
  const room = EMBED_LIMITS.fieldValue - more(total).length
  let shown = 0
  let length = -1
  while (shown < lines.length && length + 1 + lines[shown]!.length <= room) length += 1 + lines[shown++]!.length
  return lines.slice(0, shown).join('\n') + more(total - shown)
}
