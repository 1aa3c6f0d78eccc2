// Registering the commands: two bulk overwrites with the bot token, the global set (`PUT {DISCORD_API_BASE}/applications/
// {id}/commands`: following and /status, for every server) and the operator guild's (`…/guilds/{guild}/commands`: the
// commands that change the status). A refusal names Discord's own message and code, never the token.
import { commandSummary, GLOBAL_COMMANDS, OPERATOR_COMMANDS, type CommandDefinition } from './commands.ts'

export interface Registration {
  applicationId: string
  /** The operator guild; undefined: only the global set is registered. */
  guildId: string | undefined
  botToken: string
  apiBase: string
}

export interface Registered {
  /** A line per command (`/incident (open, update, resolve)`). */
  global: string[]
  guild: string[] | undefined
}

/** Discord said no: its status, message and code, and the first field it complained about. */
export class DiscordRefusal extends Error {
  override name = 'DiscordRefusal'
}

const TIMEOUT_MS = 15_000

/** Overwrites the global commands, then the operator guild's; resolves to what was registered. */
export async function registerCommands (registration: Registration): Promise<Registered> {
  const application = `${registration.apiBase}/applications/${registration.applicationId}`
  const global = await overwrite(`${application}/commands`, GLOBAL_COMMANDS, registration.botToken)
  const guild = registration.guildId === undefined ? undefined : await overwrite(`${application}/guilds/${registration.guildId}/commands`, OPERATOR_COMMANDS, registration.botToken)
  return { global, guild }
}

async function overwrite (url: string, commands: CommandDefinition[], botToken: string): Promise<string[]> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bot ${botToken}`, 'content-type': 'application/json', 'user-agent': 'status-api (discord register)' },
      body: JSON.stringify(commands),
      signal: AbortSignal.timeout(TIMEOUT_MS)
    })
  } catch (error) {
    throw new DiscordRefusal(`Discord could not be reached (${(error as Error).name === 'TimeoutError' ? 'no answer within 15 s' : (error as Error).message})`)
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) throw new DiscordRefusal(`Discord refused the commands: ${response.status} ${describe(text)}`)
  let registered: unknown
  try {
    registered = JSON.parse(text)
  } catch {
    registered = undefined
  }
  const names = Array.isArray(registered) ? registered.map((command) => (command as { name?: unknown }).name) : []
  return commands.filter((command) => names.length === 0 || names.includes(command.name)).map(commandSummary)
}

/** Discord's error body: `{ message, code, errors }`; the first nested `_errors` entry says which field. */
function describe (text: string): string {
  let body: { message?: unknown, code?: unknown, errors?: unknown } | undefined
  try {
    body = JSON.parse(text)
  } catch {
    return text.slice(0, 200).replace(/\s+/g, ' ')
  }
  const message = typeof body?.message === 'string' ? body.message : 'no message'
  const code = typeof body?.code === 'number' ? ` (code ${body.code})` : ''
  const field = firstFieldError(body?.errors, '')
  return `${message}${code}${field === undefined ? '' : `; ${field}`}`
}

function firstFieldError (errors: unknown, path: string): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined
  for (const [key, value] of Object.entries(errors)) {
    if (key === '_errors' && Array.isArray(value)) {
      const first = value[0] as { message?: unknown } | undefined
      if (typeof first?.message === 'string') return `${path === '' ? '' : `${path}: `}${first.message}`
    }
    const deeper = firstFieldError(value, path === '' ? key : `${path}.${key}`)
    if (deeper !== undefined) return deeper
  }
  return undefined
}
