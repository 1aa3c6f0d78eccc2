// The discord section (docs/en/architecture.md#discord, docs/en/architecture.md#follow): the application whose slash commands run incidents, who may use them, and how
// fast the channels that follow are sent to.
import { ConfigError, integer, optionalUrl, type Reader } from './values.ts'

/** The Discord application whose slash commands run incidents (docs/en/architecture.md#discord); ids are snowflakes as decimal strings. */
export interface DiscordCommandsConfig {
  applicationId: string | undefined
  /** The application's Ed25519 public key, 32 bytes; undefined: POST /discord/interactions does not exist. */
  publicKey: Buffer | undefined
  /** The one guild whose members may write (with a role below, or Administrator). */
  operatorGuildId: string | undefined
  operatorRoleIds: string[]
  /** Needed only by `status-api discord register`; a secret. */
  botToken: string | undefined
  /** Discord's REST API (a local stand-in in tests), without a trailing slash. */
  apiBase: string
  /** Messages per second to the channels that follow from other servers (docs/en/architecture.md#follow), over all of them, per replica. */
  fanoutPerSecond: number
  /** How many channels one server may have following (a server has at most 500 channels). */
  followsPerServer: number
}

const SNOWFLAKE = /^\d{17,20}$/

/** DISCORD_*: with a public key the interactions route exists, and needs the application and the operator guild. */
export function discordCommandsConfig (read: Reader): DiscordCommandsConfig {
  const snowflake = (name: string) => {
    const value = read(name)
    if (value !== undefined && !SNOWFLAKE.test(value)) throw new ConfigError(`${name} must be a Discord id (17–20 digits, got "${value.slice(0, 40)}")`)
    return value
  }
  const key = read('DISCORD_PUBLIC_KEY')
  if (key !== undefined && !/^[0-9a-f]{64}$/i.test(key)) throw new ConfigError('DISCORD_PUBLIC_KEY must be the application\'s public key as the developer portal shows it: 64 hex digits')
  const roles = (read('DISCORD_OPERATOR_ROLE_IDS') ?? '').split(',').map((role) => role.trim()).filter((role) => role !== '')
  const badRole = roles.find((role) => !SNOWFLAKE.test(role))
  if (badRole !== undefined) throw new ConfigError(`DISCORD_OPERATOR_ROLE_IDS must be comma-separated role ids (17–20 digits, got "${badRole.slice(0, 40)}")`)
  const config: DiscordCommandsConfig = {
    applicationId: snowflake('DISCORD_APPLICATION_ID'),
    publicKey: key === undefined ? undefined : Buffer.from(key, 'hex'),
    operatorGuildId: snowflake('DISCORD_OPERATOR_GUILD_ID'),
    operatorRoleIds: roles,
    botToken: read('DISCORD_BOT_TOKEN'),
    apiBase: (optionalUrl(read, 'DISCORD_API_BASE', ['http:', 'https:']) ?? new URL('https://discord.com/api/v10')).href.replace(/\/+$/, ''),
    fanoutPerSecond: integer(read, 'DISCORD_FANOUT_PER_SECOND', 40, 1, 1000),
    followsPerServer: integer(read, 'FOLLOWS_PER_SERVER', 50, 1, 500)
  }
  if (config.publicKey !== undefined) {
    for (const [name, value] of [['DISCORD_APPLICATION_ID', config.applicationId], ['DISCORD_OPERATOR_GUILD_ID', config.operatorGuildId]] as const) {
      if (value === undefined) throw new ConfigError(`DISCORD_PUBLIC_KEY is set: set ${name} too (the commands answer for that application and guild)`)
    }
  }
  return config
}
