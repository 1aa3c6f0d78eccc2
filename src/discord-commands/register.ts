// Registering the commands in the operator guild: one bulk overwrite, `PUT {DISCORD_API_BASE}/applications/{id}/guilds/
// {guild}/commands` with the bot token. A refusal names Discord's own message and code, never the token.
import { COMMANDS, commandSummary } from './commands.ts'

export interface Registration {
  applicationId: string
  guildId: string
  botToken: string
  apiBase: string
}

/** Discord said no: its status, message and code, and the first field it complained about. */
export class DiscordRefusal extends Error {
  override name = 'DiscordRefusal'
}

const TIMEOUT_MS = 15_000

/** Overwrites the guild's commands; resolves to a line per command registered (`/incident (open, update, resolve)`). */
export async function registerCommands (registration: Registration): Promise<string[]> {
  const url = `${registration.apiBase}/applications/${registration.applicationId}/guilds/${registration.guildId}/commands`
  let response: Response
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bot ${registration.botToken}`, 'content-type': 'application/json', 'user-agent': 'status-api (discord register)' },
      body: JSON.stringify(COMMANDS),
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
  return COMMANDS.filter((command) => names.length === 0 || names.includes(command.name)).map(commandSummary)
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
