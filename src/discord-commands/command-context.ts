// What the command handlers work with: the database the operations (src/operations/) write to, the one status model,
// the incidents in memory, the declaration, and this replica's manual statuses.
import type { Logger } from 'pino'
import type { DiscordCommandsConfig } from '../config/discord.ts'
import type { IncidentsService } from '../incidents/service.ts'
import type { Clock } from '../lib/clock.ts'
import type { PageLanguage } from '../lib/locale.ts'
import type { SiteLinks } from '../view/status-links.js'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import type { StatusService } from '../status/service.ts'
import type { BotRest } from '../notify/discord-rest.ts'
import type { Database } from '../store/database.ts'

export interface CommandContext {
  discord: Pick<DiscordCommandsConfig, 'operatorGuildId' | 'operatorRoleIds'>
  database: Database
  declaration: StatusDeclaration
  status: StatusService
  incidents: IncidentsService
  clock: Clock
  logger: Logger
  /** Links to the public pages; undefined without PUBLIC_BASE_URL (answers then carry none). */
  links: SiteLinks | undefined
  /** The page languages served (LANGUAGES): an answer links to its language's page only when that is served; all when not given. */
  languages?: readonly PageLanguage[] | undefined
  /** This replica's manual statuses, read again after a change so it shows at once (the others within their refresh). */
  manualStatuses: { refresh (): Promise<void> } | undefined
  /** How long a write waits for a busy database. */
  busyWaitMs: number
  /**
   * Following (docs/en/architecture.md#follow): the bot's REST access (it makes the webhooks) and the name they carry; undefined without
   * DISCORD_BOT_TOKEN or PUBLIC_BASE_URL (the follow commands then say so).
   */
  follow?: {
    rest: BotRest
    webhookName: string
    /** The application the bot belongs to: the webhooks it made say so (`application_id`), which is how they are found again. */
    applicationId: string
    /** FOLLOWS_PER_SERVER. */
    perServer: number
  } | undefined
}

/** The language of the pages an answer in `lang` links to: that one when it is served, else English. */
export function linkLanguage (context: Pick<CommandContext, 'languages'>, lang: PageLanguage): PageLanguage {
  return context.languages === undefined || context.languages.includes(lang) ? lang : 'en'
}
