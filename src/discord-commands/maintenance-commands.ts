// `/maintenance schedule|end`: the CLI's operations, its time forms (now, +2h, ISO 8601 with a zone) and its checks
// (src/incidents/input.ts), with the options' names in refusals.
import { checkId } from '../incidents/rules.ts'
import { maintenanceUrl } from '../view/status-links.js'
import { say, type Answer, type Message } from './answer.ts'
import { linkLanguage, type CommandContext } from './command-context.ts'
import { componentsTyped } from './components-option.ts'
import { idAsTyped, write } from './incident-commands.ts'
import type { Interaction } from './interaction.ts'
import { operationsOf } from './interaction-operations.ts'
import { WORDS } from './words.ts'

export function maintenanceCommand (interaction: Interaction, context: CommandContext): Answer {
  const value = (name: string) => interaction.command!.options.get(name)?.value
  const words = WORDS[interaction.locale]
  const link = (text: string, id: number): Message =>
    ({ content: context.links === undefined ? text : `${text} ${maintenanceUrl(context.links, linkLanguage(context, interaction.locale), id)}` })
  switch (interaction.command!.subcommand) {
    case 'schedule': {
      const typed = {
        title: value('title'), message: value('message'), from: value('from'), to: value('to'), components: componentsTyped(value('components')),
        rrule: value('repeat'), timezone: value('timezone')
      }
      return {
        work: async () => {
          const window = await write(context, () => operationsOf(interaction, context).scheduleMaintenance(typed))
          const scheduled = words.scheduled(window.id, Date.parse(window.startsAt), Date.parse(window.endsAt))
          if (window.series === undefined) return link(scheduled, window.id)
          return link(`${words.seriesScheduled(window.series.id, window.series.rrule, window.series.timezone)} ${scheduled}`, window.id)
        }
      }
    }
    case 'end': {
      const id = checkId('maintenance', idAsTyped(value('window')))
      return {
        work: async () => {
          const { was } = await write(context, () => operationsOf(interaction, context).endMaintenance(id))
          return link(was === 'scheduled' ? words.cancelled(id) : words.ended(id), id)
        }
      }
    }
    default:
      return say(words.unknownCommand)
  }
}
