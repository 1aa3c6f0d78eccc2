// `status-api discord register`: puts the slash commands (DESIGN §12) into the operator guild, overwriting what was there.
import { COMMANDS } from '../discord-commands/commands.ts'
import { DiscordRefusal, registerCommands } from '../discord-commands/register.ts'
import type { Config } from '../config/index.ts'
import { ConfigError } from '../config/values.ts'
import { commandWithActions } from './command.ts'
import { parseCommandLine } from './options.ts'

const usage = `status-api discord <action>

  register
      Overwrites the slash commands of the operator guild with ${COMMANDS.map((command) => `/${command.name}`).join(', ')}
      (German names and descriptions included) and prints what it registered. Needs DISCORD_APPLICATION_ID,
      DISCORD_OPERATOR_GUILD_ID and DISCORD_BOT_TOKEN; DISCORD_API_BASE (default https://discord.com/api/v10)
      says where Discord's API is. Exit code 0 when Discord accepted them, 1 naming Discord's error.`

export const discordCommand = commandWithActions({
  name: 'discord',
  usage,
  actions: { register }
})

async function register (args: string[], config: Config): Promise<number> {
  parseCommandLine('discord register', args, [])
  const { applicationId, operatorGuildId, botToken, apiBase } = config.discord
  const missing = [['DISCORD_APPLICATION_ID', applicationId], ['DISCORD_OPERATOR_GUILD_ID', operatorGuildId], ['DISCORD_BOT_TOKEN', botToken]]
    .filter(([, value]) => value === undefined).map(([name]) => name)
  if (missing.length > 0) throw new ConfigError(`discord register needs ${missing.join(', ')}`)
  try {
    const registered = await registerCommands({ applicationId: applicationId!, guildId: operatorGuildId!, botToken: botToken!, apiBase })
    console.log(`registered ${registered.length} commands in guild ${operatorGuildId}:`)
    for (const line of registered) console.log(`  ${line}`)
    return 0
  } catch (error) {
    if (error instanceof DiscordRefusal) {
      console.error(`status-api: discord register: ${error.message}`)
      return 1
    }
    throw error
  }
}
