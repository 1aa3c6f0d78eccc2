// The only reader of process.env: every setting of DESIGN §2, validated once into a typed Config.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type DeployEnv = 'production' | 'staging'
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface Config {
  port: number
  host: string
  publicBaseUrl: URL | undefined
  deployEnv: DeployEnv
  dataDir: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  discordStatusUrl: URL
  botStatusUrl: URL | undefined
  botHeartbeatTimeoutSeconds: number
  probeIntervalSeconds: number
  docsDir: string
  germanPrefix: string
  trustProxy: boolean
  rateLimitPerMinute: number
  logLevel: LogLevel
  /** Where notifications go (DESIGN §9); every URL is a secret. */
  notify: NotifyConfig
}

export interface NotifyConfig {
  discordWebhooks: URL[]
  /** Who a new Discord message pings: a role id, or `everyone` (@everyone); undefined pings nobody. */
  discordMention: string | undefined
  webhooks: URL[]
  /** The Standard Webhooks secret (`whsec_` + base64) signing NOTIFY_WEBHOOKS. */
  webhookSecret: string | undefined
  /** Each notification request's time limit (a claimed delivery is reserved for three times as long). */
  timeoutSeconds: number
}

/** A bad setting: the message names the variable and is safe to print as one line. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type Env = Record<string, string | undefined>

/** Reads `.env` from the working directory when present (values already in the environment win). */
export function loadDotEnv (file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file)
}

/** Validates the environment into a Config, throwing ConfigError on the first bad value. */
export function loadConfig (env: Env = process.env): Config {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === '' ? undefined : value
  }
  return {
    port: integer(read, 'PORT', 3000, 0, 65535),
    host: read('HOST') ?? '127.0.0.1',
    publicBaseUrl: optionalUrl(read, 'PUBLIC_BASE_URL', ['http:', 'https:'], true),
    deployEnv: oneOf(read, 'DEPLOY_ENV', ['production', 'staging'] as const, 'production'),
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl: optionalUrl(read, 'DATABASE_URL', ['postgres:', 'postgresql:'])?.toString(),
    redisUrl: optionalUrl(read, 'REDIS_URL', ['redis:', 'rediss:'])?.toString(),
    discordStatusUrl: optionalUrl(read, 'DISCORD_STATUS_URL', ['http:', 'https:']) ??
      new URL('https://discordstatus.com/api/v2/summary.json'),
    botStatusUrl: optionalUrl(read, 'BOT_STATUS_URL', ['http:', 'https:']),
    botHeartbeatTimeoutSeconds: integer(read, 'BOT_HEARTBEAT_TIMEOUT_SECONDS', 90, 5, 86400),
    probeIntervalSeconds: integer(read, 'PROBE_INTERVAL_SECONDS', 15, 1, 60),
    docsDir: path.resolve(read('DOCS_DIR') ?? path.join(projectRoot, 'docs')),
    germanPrefix: sitePrefix(read, 'GERMAN_PREFIX', '/de'),
    trustProxy: boolean(read, 'TRUST_PROXY', false),
    rateLimitPerMinute: integer(read, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    logLevel: oneOf(read, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    notify: notifyConfig(read)
  }
}

/** The notification settings; links in notifications need PUBLIC_BASE_URL. Messages never echo a URL: they are secrets. */
function notifyConfig (read: Reader): NotifyConfig {
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
  return { discordWebhooks, discordMention, webhooks, webhookSecret, timeoutSeconds: integer(read, 'NOTIFY_TIMEOUT_SECONDS', 10, 1, 60) }
}

/** A comma-separated list of http(s) URLs; an error names the variable and the entry's position, never the URL. */
function urlList (read: Reader, name: string, valid: (url: URL) => boolean, shape: string): URL[] {
  const raw = read(name)
  if (raw === undefined) return []
  const urls = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry, index) => {
    let url: URL
    try {
      url = new URL(entry)
    } catch {
      throw new ConfigError(`${name}: entry ${index + 1} is not ${shape}`)
    }
    if (!['http:', 'https:'].includes(url.protocol) || !valid(url)) throw new ConfigError(`${name}: entry ${index + 1} is not ${shape}`)
    return url
  })
  if (new Set(urls.map((url) => url.href)).size !== urls.length) throw new ConfigError(`${name} lists the same URL twice`)
  return urls
}

type Reader = (name: string) => string | undefined

function integer (read: Reader, name: string, fallback: number, min: number, max: number): number {
  const raw = read(name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
  }
  return value
}

function boolean (read: Reader, name: string, fallback: boolean): boolean {
  const raw = read(name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (['true', '1', 'yes'].includes(raw)) return true
  if (['false', '0', 'no'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false (got "${raw}")`)
}

function oneOf<T extends string> (read: Reader, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(name)
  if (raw === undefined) return fallback
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`)
  }
  return raw as T
}

function optionalUrl (read: Reader, name: string, protocols: string[], originOnly = false): URL | undefined {
  const raw = read(name)
  if (raw === undefined) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`${name} must be an absolute URL (${protocols.join(' or ')})`)
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got ${url.protocol})`)
  }
  if (originOnly && (url.pathname !== '/' || url.search !== '' || url.hash !== '')) {
    throw new ConfigError(`${name} must be an origin such as https://status.example.com, without a path`)
  }
  return url
}

function sitePrefix (read: Reader, name: string, fallback: string): string {
  const raw = read(name) ?? fallback
  if (!/^\/[a-z]{2}(-[a-z]{2})?$/i.test(raw)) {
    throw new ConfigError(`${name} must look like /de or /de-at (got "${raw}")`)
  }
  return raw.toLowerCase()
}
