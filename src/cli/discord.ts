// `status-api discord register`: puts the slash commands (docs/en/architecture.md#discord, docs/en/architecture.md#follow) into Discord, overwriting what was there: the
// global set for every server, and the operator guild's.
import { GLOBAL_COMMANDS, OPERATOR_COMMANDS } from '../discord-commands/commands.ts'
import { DiscordRefusal, registerCommands } from '../discord-commands/register.ts'
import type { Config } from '../config/index.ts'
import { ConfigError } from '../config/values.ts'
import { commandWithActions } from './command.ts'
import { parseCommandLine } from './options.ts'

const usage = `status-api discord <action>

  register
      Overwrites the global slash commands (every server the application is in) with
      ${GLOBAL_COMMANDS.map((command) => `/${command.name}`).join(', ')}, and those of the operator guild with
      ${OPERATOR_COMMANDS.map((command) => `/${command.name}`).join(', ')} (German names and descriptions included), and
      prints what it registered. Needs DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN; without DISCORD_OPERATOR_GUILD_ID
      only the global set. DISCORD_API_BASE (default https://discord.com/api/v10) says where Discord's API is. Exit code
      0 when Discord accepted them, 1 naming Discord's error.`

export const discordCommand = commandWithActions({
  name: 'discord',
  usage,
  actions: { register }
})

async function register (args: string[], config: Config): Promise<number> {
  parseCommandLine('discord register', args, [])
  const { applicationId, operatorGuildId, botToken, apiBase } = config.discord
  const missing = [['DISCORD_APPLICATION_ID', applicationId], ['DISCORD_BOT_TOKEN', botToken]]
    .filter(([, value]) => value === undefined).map(([name]) => name)
  if (missing.length > 0) throw new ConfigError(`discord register needs ${missing.join(', ')}`)
  try {
    const registered = await registerCommands({ applicationId: applicationId!, guildId: operatorGuildId, botToken: botToken!, apiBase })
    console.log(`registered ${registered.global.length} global commands:`)
    for (const line of registered.global) console.log(`  ${line}`)
    if (registered.guild !== undefined) {
      console.log(`registered ${registered.guild.length} commands in guild ${operatorGuildId}:`)
      for (const line of registered.guild) console.log(`  ${line}`)
    }
    return 0
  } catch (error) {
    if (error instanceof DiscordRefusal) {
      console.error(`status-api: discord register: ${error.message}`)
      return 1
    }
    throw error
  }
}
