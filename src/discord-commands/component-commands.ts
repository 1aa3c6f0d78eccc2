// `/component set|clear`: a manual component's status, through the same operations (src/operations/) as the operator
// API's `PUT` / `DELETE /v1/components/{id}/status`.
import { checkMessage } from '../incidents/rules.ts'
import { say, type Answer } from './answer.ts'
import type { CommandContext } from './command-context.ts'
import { write } from './incident-commands.ts'
import type { Interaction } from './interaction.ts'
import { operationsOf } from './interaction-operations.ts'
import { WORDS } from './words.ts'

export function componentCommand (interaction: Interaction, context: CommandContext): Answer {
  const value = (name: string) => interaction.command!.options.get(name)?.value
  const words = WORDS[interaction.locale]
  if (!context.declaration.components.some((component) => component.check.kind === 'manual')) return say(words.noManualComponents)
  const shown = () => context.manualStatuses?.refresh().catch(() => undefined)
  const id = value('component') ?? ''
  switch (interaction.command!.subcommand) {
    case 'set': {
      const status = value('status') ?? ''
      const message = value('message')
      return {
        work: async () => {
          // The message first, named as the option is: a refusal of it is Discord's `message`, not the operation's `the message`.
          const change = message === undefined ? { status } : { status, message: checkMessage('message', message) }
          await write(context, () => operationsOf(interaction, context).setComponentStatus(id, change))
          await shown()
          return { content: words.componentSet(id, status) }
        }
      }
    }
    case 'clear':
      return {
        work: async () => {
          await write(context, () => operationsOf(interaction, context).clearComponentStatus(id))
          await shown()
          return { content: words.componentCleared(id) }
        }
      }
    default:
      return say(words.unknownCommand)
  }
}
