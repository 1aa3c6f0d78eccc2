// The slash commands as Discord registers them (docs/en/architecture.md#discord, docs/en/architecture.md#follow): names, options, and their
// names and descriptions in every shipped language Discord has, from the `discord.commands` words of src/locales/<tag>.json.
// `status-api discord register` sends exactly these lists (the operator guild's, and the global one for every server
// the application is in); the handlers read the options by their English names, which Discord always sends.
import { INCIDENT_IMPACTS, INCIDENT_STATUSES, TEXT_LIMITS } from '../incidents/rules.ts'
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { WORDS } from '../view/locale-words.js'

const STRING = 3
const SUB_COMMAND = 1
const CHANNEL = 7
/** Channel types a follow can post into: text and announcement channels. */
const FOLLOWABLE_CHANNELS = [0, 5]
/** The Manage Webhooks permission bit: who may follow a channel (an Administrator has it too). */
export const MANAGE_WEBHOOKS = 1n << 29n
/** Installation context: in a server only, never in a DM. */
const GUILD_CONTEXT = 0

/** Discord's locale codes of the shipped languages Discord has, and the language of each (English is the default name). */
export const DISCORD_LOCALES = { de: 'de', fr: 'fr', 'es-ES': 'es', 'pt-BR': 'pt-BR' } as const satisfies Record<string, PageLanguage>

/** Names and descriptions by Discord locale code. */
export type Localizations = Partial<Record<keyof typeof DISCORD_LOCALES, string>>

export interface OptionDefinition {
  type: number
  name: string
  name_localizations: Localizations
  description: string
  description_localizations: Localizations
  required?: boolean
  autocomplete?: boolean
  max_length?: number
  choices?: Array<{ name: string, name_localizations?: Localizations, value: string }>
  channel_types?: number[]
  options?: OptionDefinition[]
}

export interface CommandDefinition {
  name: string
  name_localizations: Localizations
  description: string
  description_localizations: Localizations
  type: 1
  options?: OptionDefinition[]
  /** Who sees the command by default: a permission bit set as a decimal string. */
  default_member_permissions?: string
  contexts?: number[]
}

type CommandWords = typeof WORDS['en']['discord']['commands']
type NameKey = keyof CommandWords['names']
type DescriptionKey = keyof CommandWords['descriptions']

/** English, and the localizations Discord takes, of one word each language's file has. */
function localized (read: (words: CommandWords) => string): { en: string, localizations: Localizations } {
  const localizations: Localizations = {}
  for (const [code, tag] of Object.entries(DISCORD_LOCALES)) localizations[code as keyof typeof DISCORD_LOCALES] = read(WORDS[tag].discord.commands)
  return { en: read(WORDS.en.discord.commands), localizations }
}

function option (name: NameKey, description: DescriptionKey, extra: Partial<OptionDefinition> = {}): OptionDefinition {
  const named = localized((words) => words.names[name])
  const described = localized((words) => words.descriptions[description])
  return { type: STRING, name: named.en, name_localizations: named.localizations, description: described.en, description_localizations: described.localizations, ...extra }
}

function subcommand (name: NameKey, description: DescriptionKey, options: OptionDefinition[]): OptionDefinition {
  return option(name, description, { type: SUB_COMMAND, options })
}

function command (name: NameKey, description: DescriptionKey, options?: OptionDefinition[]): CommandDefinition {
  const { type: _type, ...rest } = option(name, description, options === undefined ? {} : { options })
  return { ...rest, type: 1 }
}

type ChoiceGroup = 'impact' | 'status' | 'componentStatus'
function choices (values: readonly string[], group: ChoiceGroup) {
  return values.map((value) => {
    const named = localized((words) => (words[group] as Record<string, string>)[value]!)
    return { name: named.en, name_localizations: named.localizations, value }
  })
}

/** What an operator may set a manual component to (maintenance windows say under_maintenance). */
export const MANUAL_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage'] as const

const title = (required: boolean) => option('title', 'title', { required, max_length: TEXT_LIMITS.title })
const message = (required: boolean, what: DescriptionKey) => option('message', what, { required, max_length: 4000 })
const components = (what: DescriptionKey) => option('components', what, { autocomplete: true })
const incident = option('incident', 'incidentOption', { required: true, autocomplete: true })
const status = (values: readonly string[], required: boolean) => option('status', 'statusWork', { required, choices: choices(values, 'status') })
const component = option('component', 'componentOption', { required: true, autocomplete: true })

/** The operator guild's commands: they change the status. */
export const OPERATOR_COMMANDS: CommandDefinition[] = [
  command('incident', 'incident', [
    subcommand('open', 'incidentOpen', [
      option('template', 'template', { autocomplete: true }),
      option('impact', 'impact', { choices: choices(INCIDENT_IMPACTS, 'impact') }),
      title(false),
      message(false, 'firstUpdate'),
      status(INCIDENT_STATUSES.filter((value) => value !== 'resolved'), false),
      components('openComponents')
    ]),
    subcommand('update', 'incidentUpdate', [incident, message(false, 'updateMessage'), status(INCIDENT_STATUSES, false), components('updateComponents')]),
    subcommand('resolve', 'incidentResolve', [incident, message(false, 'lastMessage')])
  ]),
  command('maintenance', 'maintenance', [
    subcommand('schedule', 'maintenanceSchedule', [
      title(true),
      message(true, 'maintenanceMessage'),
      option('from', 'from', { required: true }),
      option('to', 'to', { required: true }),
      components('maintenanceComponents'),
      option('repeat', 'repeat'),
      option('timezone', 'timezone', { autocomplete: true })
    ]),
    subcommand('end', 'maintenanceEnd', [option('window', 'window', { required: true, autocomplete: true })])
  ]),
  command('component', 'component', [
    subcommand('set', 'componentSet', [
      component,
      option('status', 'componentStatus', { required: true, choices: choices(MANUAL_STATUSES, 'componentStatus') }),
      message(false, 'componentMessage')
    ]),
    subcommand('clear', 'componentClear', [component])
  ])
]

const channel = (what: DescriptionKey) => option('channel', what, { type: CHANNEL, required: true, channel_types: FOLLOWABLE_CHANNELS })
const followed = (name: NameKey, description: DescriptionKey, options?: OptionDefinition[]): CommandDefinition => ({
  ...command(name, description, options), default_member_permissions: String(MANAGE_WEBHOOKS), contexts: [GUILD_CONTEXT]
})
/** The languages a follow may choose, each by its own name ("Deutsch"), which needs no translation. */
const languageChoices = PAGE_LANGUAGES.map((tag) => ({ name: WORDS[tag].site.layout.languageName, value: tag }))

/** The global commands, for every server the application is in: following the status (docs/en/architecture.md#follow), and `/status`. */
export const GLOBAL_COMMANDS: CommandDefinition[] = [
  followed('follow', 'follow', [
    channel('followChannel'),
    option('components', 'followComponents', { autocomplete: true }),
    option('language', 'followLanguage', { choices: languageChoices })
  ]),
  followed('unfollow', 'unfollow', [channel('unfollowChannel')]),
  followed('following', 'following'),
  command('status', 'status')
]

/** Every command, the operator guild's first. */
export const COMMANDS: CommandDefinition[] = [...OPERATOR_COMMANDS, ...GLOBAL_COMMANDS]

/** `/incident (open, update, resolve)` for each command: what `register` prints. */
export function commandSummary (command: CommandDefinition): string {
  const subcommands = (command.options ?? []).filter((option) => option.type === SUB_COMMAND).map((option) => option.name)
  return subcommands.length === 0 ? `/${command.name}` : `/${command.name} (${subcommands.join(', ')})`
}
