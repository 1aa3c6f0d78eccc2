// Which handler answers an interaction: PING, autocomplete, the status for anyone, following for members with Manage
// Webhooks in any server, and the writes (commands and their forms) only for operators. A refusal thrown while reading
// the options is answered in the user's language.
import { InvalidInput } from '../incidents/rules.ts'
import { followAccess, writeAccess } from './access.ts'
import { refusal, say, type Answer } from './answer.ts'
import { autocomplete } from './autocomplete.ts'
import type { CommandContext } from './command-context.ts'
import { componentCommand } from './component-commands.ts'
import { followCommand, followingCommand, unfollowCommand } from './follow-commands.ts'
import { incidentCommand, incidentModalSubmit } from './incident-commands.ts'
import { INTERACTION, RESPONSE, type Interaction } from './interaction.ts'
import { maintenanceCommand } from './maintenance-commands.ts'
import { readModalCustomId } from './modals.ts'
import { statusCommand } from './status-command.ts'
import { WORDS } from './words.ts'

const WRITE_COMMANDS = { incident: incidentCommand, maintenance: maintenanceCommand, component: componentCommand } as const
const FOLLOW_COMMANDS = { follow: followCommand, unfollow: unfollowCommand, following: followingCommand } as const

export function dispatch (interaction: Interaction, context: CommandContext): Answer {
  const words = WORDS[interaction.locale]
  if (interaction.type === INTERACTION.ping) return { respond: { type: RESPONSE.pong } }
  const command = interaction.command
  if (interaction.type === INTERACTION.command && command?.name === 'status') return statusCommand(interaction, context)
  if (command !== undefined && Object.hasOwn(FOLLOW_COMMANDS, command.name)) {
    // The declared components are public: anyone may see them offered.
    if (interaction.type === INTERACTION.autocomplete) return { respond: autocomplete(interaction, context) }
    const access = followAccess(interaction)
    if (access !== 'granted') return say(access === 'not-in-guild' ? words.followNotInGuild : words.followNoPermission)
    return FOLLOW_COMMANDS[command.name as keyof typeof FOLLOW_COMMANDS](interaction, context)
  }
  const writes = interaction.type === INTERACTION.modalSubmit || (command !== undefined && Object.hasOwn(WRITE_COMMANDS, command.name))
  if (!writes) return interaction.type === INTERACTION.autocomplete ? { respond: { type: RESPONSE.choices, data: { choices: [] } } } : say(words.unknownCommand)
  const access = writeAccess(interaction, context.discord)
  if (access !== 'granted') {
    if (interaction.type === INTERACTION.autocomplete) return { respond: { type: RESPONSE.choices, data: { choices: [] } } }
    return say(access === 'not-in-guild' ? words.notInGuild : words.notOperator)
  }
  if (interaction.type === INTERACTION.autocomplete) return { respond: autocomplete(interaction, context) }
  try {
    if (interaction.type === INTERACTION.modalSubmit) {
      const request = readModalCustomId(interaction.modal?.customId ?? '')
      return request === undefined ? say(words.unknownCommand) : incidentModalSubmit(interaction, context, request)
    }
    if (interaction.type === INTERACTION.command) return WRITE_COMMANDS[command!.name as keyof typeof WRITE_COMMANDS](interaction, context)
  } catch (error) {
    if (error instanceof InvalidInput) {
      const answer = refusal(error.message, interaction.locale)
      return { work: async () => answer }
    }
    throw error
  }
  return say(words.unknownCommand)
}
