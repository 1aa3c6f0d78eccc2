// The slash commands as Discord registers them (docs/en/architecture.md#discord, docs/en/architecture.md#follow): names, options and their German names and descriptions.
// `status-api discord register` sends exactly these lists (the operator guild's, and the global one for every server
// the application is in); the handlers read the options by these names.
import { INCIDENT_IMPACTS, INCIDENT_STATUSES, TEXT_LIMITS } from '../incidents/rules.ts'

const STRING = 3
const SUB_COMMAND = 1
const CHANNEL = 7
/** Channel types a follow can post into: text and announcement channels. */
const FOLLOWABLE_CHANNELS = [0, 5]
/** The Manage Webhooks permission bit: who may follow a channel (an Administrator has it too). */
export const MANAGE_WEBHOOKS = 1n << 29n
/** Installation context: in a server only, never in a DM. */
const GUILD_CONTEXT = 0

interface Localized { en: string, de: string }

export interface OptionDefinition {
  type: number
  name: string
  name_localizations: { de: string }
  description: string
  description_localizations: { de: string }
  required?: boolean
  autocomplete?: boolean
  max_length?: number
  choices?: Array<{ name: string, name_localizations: { de: string }, value: string }>
  channel_types?: number[]
  options?: OptionDefinition[]
}

export interface CommandDefinition {
  name: string
  name_localizations: { de: string }
  description: string
  description_localizations: { de: string }
  type: 1
  options?: OptionDefinition[]
  /** Who sees the command by default: a permission bit set as a decimal string. */
  default_member_permissions?: string
  contexts?: number[]
}

function option (name: Localized, description: Localized, extra: Partial<OptionDefinition> = {}): OptionDefinition {
  return { type: STRING, name: name.en, name_localizations: { de: name.de }, description: description.en, description_localizations: { de: description.de }, ...extra }
}

function subcommand (name: Localized, description: Localized, options: OptionDefinition[]): OptionDefinition {
  return option(name, description, { type: SUB_COMMAND, options })
}

function choices (values: readonly string[], words: Record<string, Localized>) {
  return values.map((value) => ({ name: words[value]!.en, name_localizations: { de: words[value]!.de }, value }))
}

const IMPACT_WORDS: Record<string, Localized> = {
  none: { en: 'none', de: 'keine' }, minor: { en: 'minor', de: 'gering' }, major: { en: 'major', de: 'erheblich' }, critical: { en: 'critical', de: 'kritisch' }
}
const STATUS_WORDS: Record<string, Localized> = {
  investigating: { en: 'investigating', de: 'wird untersucht' }, identified: { en: 'identified', de: 'Ursache gefunden' },
  monitoring: { en: 'monitoring', de: 'wird beobachtet' }, resolved: { en: 'resolved', de: 'behoben' }
}
/** What an operator may set a manual component to (maintenance windows say under_maintenance). */
export const MANUAL_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage'] as const
const COMPONENT_WORDS: Record<string, Localized> = {
  operational: { en: 'operational', de: 'betriebsbereit' }, degraded_performance: { en: 'degraded performance', de: 'eingeschränkte Leistung' },
  partial_outage: { en: 'partial outage', de: 'Teilausfall' }, major_outage: { en: 'major outage', de: 'schwerer Ausfall' }
}

const title = (required: boolean) => option({ en: 'title', de: 'titel' }, { en: 'One line the status page shows', de: 'Eine Zeile, die die Statusseite zeigt' },
  { required, max_length: TEXT_LIMITS.title })
const message = (required: boolean, what: Localized) => option({ en: 'message', de: 'nachricht' }, what, { required, max_length: 4000 })
const components = (what: Localized) => option({ en: 'components', de: 'komponenten' }, what, { autocomplete: true })
const incident = option({ en: 'incident', de: 'vorfall' }, { en: 'An open incident', de: 'Ein offener Vorfall' }, { required: true, autocomplete: true })
const status = (values: readonly string[], required: boolean) => option({ en: 'status', de: 'status' },
  { en: 'Where the work stands', de: 'Wo die Arbeit steht' }, { required, choices: choices(values, STATUS_WORDS) })

/** The operator guild's commands: they change the status. */
export const OPERATOR_COMMANDS: CommandDefinition[] = [
  {
    name: 'incident', name_localizations: { de: 'vorfall' }, type: 1,
    description: 'Open, update or resolve an incident on the status page',
    description_localizations: { de: 'Einen Vorfall auf der Statusseite eröffnen, aktualisieren oder beheben' },
    options: [
      subcommand({ en: 'open', de: 'eröffnen' }, { en: 'Open an incident (a form asks for what is missing)', de: 'Einen Vorfall eröffnen (ein Formular fragt nach dem, was fehlt)' }, [
        option({ en: 'template', de: 'vorlage' }, { en: 'A template of the status file: it gives what you leave out', de: 'Eine Vorlage der Statusdatei: Sie gibt vor, was du weglässt' },
          { autocomplete: true }),
        option({ en: 'impact', de: 'auswirkung' }, { en: 'How bad it is (required without a template)', de: 'Wie schwer er ist (ohne Vorlage nötig)' },
          { choices: choices(INCIDENT_IMPACTS, IMPACT_WORDS) }),
        title(false),
        message(false, { en: 'The first update', de: 'Die erste Meldung' }),
        status(INCIDENT_STATUSES.filter((value) => value !== 'resolved'), false),
        components({ en: 'Affected components, comma-separated (music, dashboard=partial_outage)', de: 'Betroffene Komponenten, durch Kommas getrennt (music, dashboard=partial_outage)' })
      ]),
      subcommand({ en: 'update', de: 'aktualisieren' }, { en: 'Add an update to an open incident', de: 'Einem offenen Vorfall eine Meldung hinzufügen' }, [
        incident,
        message(false, { en: 'The update (a form asks when it is missing)', de: 'Die Meldung (ein Formular fragt, wenn sie fehlt)' }),
        status(INCIDENT_STATUSES, false),
        components({ en: 'Replaces the affected components, comma-separated', de: 'Ersetzt die betroffenen Komponenten, durch Kommas getrennt' })
      ]),
      subcommand({ en: 'resolve', de: 'beheben' }, { en: 'Resolve an open incident', de: 'Einen offenen Vorfall als behoben melden' }, [
        incident,
        message(false, { en: 'The last update (a default sentence when empty)', de: 'Die letzte Meldung (ohne sie ein Standardsatz)' })
      ])
    ]
  },
  {
    name: 'maintenance', name_localizations: { de: 'wartung' }, type: 1,
    description: 'Schedule or end a maintenance window',
    description_localizations: { de: 'Ein Wartungsfenster planen oder beenden' },
    options: [
      subcommand({ en: 'schedule', de: 'planen' }, { en: 'Schedule a maintenance window', de: 'Ein Wartungsfenster planen' }, [
        title(true),
        message(true, { en: 'What happens and what users notice', de: 'Was passiert und was Nutzer merken' }),
        option({ en: 'from', de: 'von' }, { en: 'Start: now, +2h, or 2026-11-21T22:00Z', de: 'Beginn: now, +2h oder 2026-11-21T22:00Z' }, { required: true }),
        option({ en: 'to', de: 'bis' }, { en: 'End: +3h, or 2026-11-21T23:00+01:00', de: 'Ende: +3h oder 2026-11-21T23:00+01:00' }, { required: true }),
        components({ en: 'Components under maintenance, comma-separated', de: 'Komponenten in Wartung, durch Kommas getrennt' })
      ]),
      subcommand({ en: 'end', de: 'beenden' }, { en: 'End an active window now, or cancel a planned one', de: 'Ein laufendes Fenster jetzt beenden oder ein geplantes absagen' }, [
        option({ en: 'window', de: 'fenster' }, { en: 'A window not yet over', de: 'Ein noch nicht beendetes Fenster' }, { required: true, autocomplete: true })
      ])
    ]
  },
  {
    name: 'component', name_localizations: { de: 'komponente' }, type: 1,
    description: 'Set or clear the status of a manual component',
    description_localizations: { de: 'Den Status einer manuellen Komponente setzen oder zurücknehmen' },
    options: [
      subcommand({ en: 'set', de: 'setzen' }, { en: 'Set a manual component\'s status', de: 'Den Status einer manuellen Komponente setzen' }, [
        option({ en: 'component', de: 'komponente' }, { en: 'A manual component', de: 'Eine manuelle Komponente' }, { required: true, autocomplete: true }),
        option({ en: 'status', de: 'status' }, { en: 'Its status', de: 'Ihr Status' }, { required: true, choices: choices(MANUAL_STATUSES, COMPONENT_WORDS) }),
        message(false, { en: 'A short public sentence', de: 'Ein kurzer öffentlicher Satz' })
      ]),
      subcommand({ en: 'clear', de: 'zurücksetzen' }, { en: 'Clear what was set: the component is operational again', de: 'Das Gesetzte zurücknehmen: Die Komponente ist wieder betriebsbereit' }, [
        option({ en: 'component', de: 'komponente' }, { en: 'A manual component', de: 'Eine manuelle Komponente' }, { required: true, autocomplete: true })
      ])
    ]
  }
]

const channel = (what: Localized) => option({ en: 'channel', de: 'kanal' }, what, { type: CHANNEL, required: true, channel_types: FOLLOWABLE_CHANNELS })
const followed = (name: string, german: string, description: Localized, options?: OptionDefinition[]): CommandDefinition => ({
  name, name_localizations: { de: german }, type: 1, description: description.en, description_localizations: { de: description.de },
  default_member_permissions: String(MANAGE_WEBHOOKS), contexts: [GUILD_CONTEXT], ...(options === undefined ? {} : { options })
})

/** The global commands, for every server the application is in: following the status (docs/en/architecture.md#follow), and `/status`. */
export const GLOBAL_COMMANDS: CommandDefinition[] = [
  followed('follow', 'folgen', { en: 'Post the status of this service in a channel of this server', de: 'Den Status dieses Dienstes in einem Kanal dieses Servers posten' }, [
    channel({ en: 'The channel the updates go to', de: 'Der Kanal, in den die Meldungen gehen' }),
    option({ en: 'components', de: 'komponenten' }, { en: 'Only these components, comma-separated (empty: all)', de: 'Nur diese Komponenten, durch Kommas getrennt (leer: alle)' }, { autocomplete: true })
  ]),
  followed('unfollow', 'entfolgen', { en: 'Stop posting the status in a channel', de: 'Den Status nicht mehr in einem Kanal posten' }, [
    channel({ en: 'The followed channel', de: 'Der Kanal, der folgt' })
  ]),
  followed('following', 'gefolgte-kanäle', { en: 'The channels of this server that follow the status', de: 'Die Kanäle dieses Servers, die dem Status folgen' }),
  {
    name: 'status', name_localizations: { de: 'status' }, type: 1,
    description: 'The status page in short, only for you',
    description_localizations: { de: 'Die Statusseite in Kürze, nur für dich' }
  }
]

/** Every command, the operator guild's first. */
export const COMMANDS: CommandDefinition[] = [...OPERATOR_COMMANDS, ...GLOBAL_COMMANDS]

/** `/incident (open, update, resolve)` for each command: what `register` prints. */
export function commandSummary (command: CommandDefinition): string {
  const subcommands = (command.options ?? []).filter((option) => option.type === SUB_COMMAND).map((option) => option.name)
  return subcommands.length === 0 ? `/${command.name}` : `/${command.name} (${subcommands.join(', ')})`
}
