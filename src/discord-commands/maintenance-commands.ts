// `/maintenance schedule|end`: the CLI's operations, its time forms (now, +2h, ISO 8601 with a zone) and its checks.
import { checkWindow, endMaintenance, scheduleMaintenance } from '../incidents/operations.ts'
import { checkId, checkMessage, checkTitle } from '../incidents/rules.ts'
import { parseTimeInput } from '../incidents/time-input.ts'
import { maintenanceUrl } from '../view/status-links.js'
import { authorOf } from './access.ts'
import { say, type Answer, type Message } from './answer.ts'
import type { CommandContext } from './command-context.ts'
import { maintenanceComponents } from './components-option.ts'
import { idAsTyped, write } from './incident-commands.ts'
import type { Interaction } from './interaction.ts'
import { WORDS } from './words.ts'

export function maintenanceCommand (interaction: Interaction, context: CommandContext): Answer {
  const value = (name: string) => interaction.command!.options.get(name)?.value
  const words = WORDS[interaction.locale]
  const link = (text: string, id: number): Message =>
    ({ content: context.links === undefined ? text : `${text} ${maintenanceUrl(context.links, interaction.locale, id)}` })
  switch (interaction.command!.subcommand) {
    case 'schedule': {
      const now = context.clock.now()
      const window = {
        title: checkTitle('title', value('title')),
        message: checkMessage('message', value('message')),
        startsAt: parseTimeInput('from', value('from'), now),
        endsAt: parseTimeInput('to', value('to'), now),
        components: maintenanceComponents(value('components'), context.declaration),
        by: authorOf(interaction)
      }
      checkWindow(window, now)
      return {
        work: async () => {
          const id = await write(context, () => scheduleMaintenance(context.db, window, now))
          return link(words.scheduled(id, window.startsAt, window.endsAt), id)
        }
      }
    }
    case 'end': {
      const id = checkId('maintenance', idAsTyped(value('window')))
      return {
        work: async () => {
          const was = await write(context, () => endMaintenance(context.db, id, context.clock.now(), authorOf(interaction)))
          return link(was === 'scheduled' ? words.cancelled(id) : words.ended(id), id)
        }
      }
    }
    default:
      return say(words.unknownCommand)
  }
}
