// The notify section (docs/en/architecture.md#beyond-the-spec): where notifications go; every URL is a secret, so no message echoes one.
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { ConfigError, integer, switchedOn, urlList, type Reader } from './values.ts'

export interface NotifyConfig {
  discordWebhooks: URL[]
  /** Who a new Discord message pings: a role id, or `everyone` (@everyone); undefined pings nobody. */
  discordMention: string | undefined
  webhooks: URL[]
  /** The Standard Webhooks secret (`whsec_` + base64) signing NOTIFY_WEBHOOKS. */
  webhookSecret: string | undefined
  /** Each notification request's time limit (a claimed delivery is reserved for three times as long). */
  timeoutSeconds: number
  /** Crosspost each new message a Discord webhook posts into an announcement channel (needs DISCORD_BOT_TOKEN). */
  discordCrosspost: boolean
  /** NOTIFY_LANGUAGE: the language of the words the operator's webhooks carry (Discord messages, signed webhooks' `data.text`). */
  language: PageLanguage
  /** Minutes before a maintenance window starts its maintenance.reminder goes out, unless the window says; 0: none. */
  maintenanceRemindMinutes: number
}

/** The notification settings; links in notifications need PUBLIC_BASE_URL. Messages never echo a URL: they are secrets. */
export function notifyConfig (read: Reader): NotifyConfig {
  const discordWebhooks = urlList(read, 'NOTIFY_DISCORD_WEBHOOKS', (url) => /^\/api(\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname),
    'a Discord webhook URL (https://discord.com/api/webhooks/ID/TOKEN)')
  const webhooks = urlList(read, 'NOTIFY_WEBHOOKS', () => true, 'an http or https URL')
  const webhookSecret = read('NOTIFY_WEBHOOK_SECRET')
  if (webhookSecret !== undefined && !/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/.test(webhookSecret)) {
    throw new ConfigError('NOTIFY_WEBHOOK_SECRET must be whsec_ followed by base64 of at least 24 random bytes')
  }
  if (webhooks.length > 0 && webhookSecret === undefined) throw new ConfigError('NOTIFY_WEBHOOKS needs NOTIFY_WEBHOOK_SECRET to sign with')
  const mention = read('NOTIFY_DISCORD_MENTION')
  let discordMention: string | undefined
  if (mention !== undefined) {
    const role = /^(?:<@&)?(\d{17,20})>?$/.exec(mention)
    if (role !== null) discordMention = role[1]
    else if (mention === '@everyone' || mention === 'everyone') discordMention = 'everyone'
    else throw new ConfigError(`NOTIFY_DISCORD_MENTION must be a role id (17–20 digits) or @everyone (got "${mention.slice(0, 40)}")`)
  }
  if ((discordWebhooks.length > 0 || webhooks.length > 0) && read('PUBLIC_BASE_URL') === undefined) {
    throw new ConfigError('notifications link to the status page: set PUBLIC_BASE_URL when NOTIFY_DISCORD_WEBHOOKS or NOTIFY_WEBHOOKS is set')
  }
  const discordCrosspost = switchedOn(read, 'NOTIFY_DISCORD_CROSSPOST')
  if (discordCrosspost && read('DISCORD_BOT_TOKEN') === undefined) throw new ConfigError('NOTIFY_DISCORD_CROSSPOST needs DISCORD_BOT_TOKEN: crossposting is done by the bot')
  return { discordWebhooks, discordMention, webhooks, webhookSecret, timeoutSeconds: integer(read, 'NOTIFY_TIMEOUT_SECONDS', 10, 1, 60), discordCrosspost,
    language: notifyLanguage(read('NOTIFY_LANGUAGE')),
    maintenanceRemindMinutes: integer(read, 'MAINTENANCE_REMIND_MINUTES', 60, 0, 10080) }
}

/** NOTIFY_LANGUAGE: a shipped language's tag (any case: `pt-br` is `pt-BR`); English when unset. */
function notifyLanguage (raw: string | undefined): PageLanguage {
  if (raw === undefined || raw.trim() === '') return 'en'
  const tag = PAGE_LANGUAGES.find((shipped) => shipped.toLowerCase() === raw.trim().toLowerCase())
  if (tag === undefined) throw new ConfigError(`NOTIFY_LANGUAGE is "${raw.slice(0, 40)}", which is not a shipped language (shipped: ${PAGE_LANGUAGES.join(', ')})`)
  return tag
}
