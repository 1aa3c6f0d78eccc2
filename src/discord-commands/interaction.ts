// What an interaction from Discord says, read defensively from its verified JSON: the few fields the commands use.
import { shippedLanguageOf, type PageLanguage } from '../lib/locale.ts'

/** Interaction types (Discord's numbers). */
export const INTERACTION = { ping: 1, command: 2, autocomplete: 4, modalSubmit: 5 } as const
/** Response types. */
export const RESPONSE = { pong: 1, message: 4, deferred: 5, choices: 8, modal: 9 } as const
/** Message flag: only the user who asked sees the answer. */
export const EPHEMERAL = 64
/** The ADMINISTRATOR bit of a member's permissions. */
export const ADMINISTRATOR = 1n << 3n

export interface InteractionUser {
  id: string
  username: string
}

export interface Interaction {
  type: number
  id: string
  token: string
  /** Undefined in a DM. */
  guildId: string | undefined
  /** The user's language: the shipped language of the interaction's `locale`, English for any other. */
  locale: PageLanguage
  /** The server's language as Discord names it (`guild_locale`, such as `pt-BR` or `ja`); undefined in a DM. */
  guildLocale: string | undefined
  user: InteractionUser | undefined
  /** In a guild: the member's roles and permissions (as of this interaction). */
  member: { roles: string[], permissions: bigint } | undefined
  /** A slash command or its autocomplete: `/incident open` is name incident, subcommand open. */
  command: { name: string, subcommand: string | undefined, options: Map<string, CommandOption> } | undefined
  /**
   * The channels the command's options name, as Discord describes them (`data.resolved.channels`): the server a channel
   * belongs to when Discord says it.
   */
  channels: Map<string, { guildId: string | undefined }>
  /** A submitted modal: its custom id and the value of each text input by custom id. */
  modal: { customId: string, fields: Map<string, string> } | undefined
}

export interface CommandOption {
  value: string
  /** The option the user is typing (autocomplete). */
  focused: boolean
}

type Json = Record<string, unknown>

const object = (value: unknown): Json | undefined => typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Json : undefined
const text = (value: unknown): string | undefined => typeof value === 'string' ? value : undefined
const list = (value: unknown): unknown[] => Array.isArray(value) ? value : []

/** The interaction in `body`, or undefined when it is not one (no numeric type). */
export function readInteraction (body: unknown): Interaction | undefined {
  const json = object(body)
  if (json === undefined || typeof json.type !== 'number') return undefined
  const member = object(json.member)
  const userJson = object(member?.user) ?? object(json.user)
  const userId = text(userJson?.id)
  const data = object(json.data)
  return {
    type: json.type,
    id: text(json.id) ?? '',
    token: text(json.token) ?? '',
    guildId: text(json.guild_id),
    locale: shippedLanguageOf(text(json.locale)) ?? 'en',
    guildLocale: guildLocale(text(json.guild_locale)),
    user: userId === undefined ? undefined : { id: userId, username: text(userJson?.username) ?? '' },
    member: member === undefined ? undefined : { roles: list(member.roles).filter((role) => typeof role === 'string'), permissions: permissions(member.permissions) },
    command: json.type === INTERACTION.command || json.type === INTERACTION.autocomplete ? command(data) : undefined,
    channels: resolvedChannels(data),
    modal: json.type === INTERACTION.modalSubmit && data !== undefined ? { customId: text(data.custom_id) ?? '', fields: modalFields(data) } : undefined
  }
}

/** A locale code as Discord writes them (`de`, `es-419`), nothing longer: it is stored with a follow. */
function guildLocale (value: string | undefined): string | undefined {
  return value !== undefined && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(value) ? value : undefined
}

function resolvedChannels (data: Json | undefined): Interaction['channels'] {
  const channels = new Map<string, { guildId: string | undefined }>()
  const resolved = object(object(data?.resolved)?.channels)
  for (const [id, channel] of Object.entries(resolved ?? {}).slice(0, 25)) channels.set(id, { guildId: text(object(channel)?.guild_id) })
  return channels
}

function permissions (value: unknown): bigint {
  return typeof value === 'string' && /^\d{1,30}$/.test(value) ? BigInt(value) : 0n
}

function command (data: Json | undefined): Interaction['command'] {
  const name = text(data?.name)
  if (data === undefined || name === undefined) return undefined
  let options = list(data.options).map(object).filter((option) => option !== undefined)
  let subcommand: string | undefined
  const first = options[0]
  if (first !== undefined && first.type === 1) {
    subcommand = text(first.name)
    options = list(first.options).map(object).filter((option) => option !== undefined)
  }
  const values = new Map<string, CommandOption>()
  for (const option of options) {
    const optionName = text(option.name)
    const value = option.value
    if (optionName === undefined || !['string', 'number', 'boolean'].includes(typeof value)) continue
    values.set(optionName, { value: String(value), focused: option.focused === true })
  }
  return { name, subcommand, options: values }
}

/** Every text input's value by custom id, wherever it sits (in action rows, or in labels). */
function modalFields (data: Json): Map<string, string> {
  const fields = new Map<string, string>()
  const walk = (node: unknown, depth: number) => {
    const json = object(node)
    if (json === undefined || depth > 4) return
    const id = text(json.custom_id)
    const value = text(json.value)
    if (id !== undefined && value !== undefined) fields.set(id, value)
    for (const child of list(json.components)) walk(child, depth + 1)
    if (json.component !== undefined) walk(json.component, depth + 1)
  }
  for (const row of list(data.components)) walk(row, 0)
  return fields
}
