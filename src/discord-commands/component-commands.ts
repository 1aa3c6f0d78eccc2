// `/component set|clear`: a manual component's status, through the same operations as the operator API's
// `PUT` / `DELETE /v1/components/{id}/status`.
import { checkMessage } from '../incidents/rules.ts'
import { authorOf } from './access.ts'
import { say, type Answer } from './answer.ts'
import type { CommandContext } from './command-context.ts'
import { write } from './incident-commands.ts'
import type { Interaction } from './interaction.ts'
import { WORDS } from './words.ts'

export function componentCommand (interaction: Interaction, context: CommandContext): Answer {
  const value = (name: string) => interaction.command!.options.get(name)?.value
  const words = WORDS[interaction.locale]
  const operations = context.manualComponents
  if (operations === undefined) return say(words.noManualComponents)
  const id = value('component') ?? ''
  switch (interaction.command!.subcommand) {
    case 'set': {
      const status = value('status') ?? ''
      const message = value('message')
      return {
        work: async () => {
          const change = message === undefined ? { status } : { status, message: checkMessage('message', message) }
          await write(context, () => operations.setManualComponent(context.db, context.declaration, id, change, context.clock.now(), authorOf(interaction)))
          await operations.shown?.().catch(() => undefined)
          return { content: words.componentSet(id, status) }
        }
      }
    }
    case 'clear':
      return {
        work: async () => {
          await write(context, () => operations.clearManualComponent(context.db, context.declaration, id, context.clock.now(), authorOf(interaction)))
          await operations.shown?.().catch(() => undefined)
          return { content: words.componentCleared(id) }
        }
      }
    default:
      return say(words.unknownCommand)
  }
}
