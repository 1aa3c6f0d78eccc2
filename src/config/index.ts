// The only reader of process.env: every setting of DESIGN §2, validated once into a typed Config.
import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtinDeclaration, type StatusDeclaration } from '../declaration/declaration.ts'
import { StatusFileError } from '../declaration/file-error.ts'
import { loadStatusFile } from '../declaration/status-file.ts'
import type { Env } from '../lib/environment.ts'
import { MIN_SECRET_LENGTH, OPERATOR_SCOPES, type OperatorScope, type OperatorToken } from './operator-scopes.ts'

export type DeployEnv = 'production' | 'staging'
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface Config {
  port: number
  host: string
  publicBaseUrl: URL | undefined
  deployEnv: DeployEnv
  dataDir: string
  databaseUrl: string | undefined
  /** PostgreSQL connections per replica (the probe has its own besides). */
  databasePoolSize: number
  redisUrl: string | undefined
  discordStatusUrl: URL
  botStatusUrl: URL | undefined
  botHeartbeatTimeoutSeconds: number
  probeIntervalSeconds: number
  docsDir: string
  germanPrefix: string
  /** Which proxies' `X-Forwarded-*` to believe: none, the nearest N hops, or these addresses/CIDRs (proxy-addr forms). */
  trustProxy: false | number | string[]
  rateLimitPerMinute: number
  /**
   * The Statuspage v2 copy also at the origin's root (`/api/v2/…`), where Atlassian's widget and clients given the bare
   * origin look for it; off by default, because the root is the dashboard's on a shared host.
   */
  statuspageAtRoot: boolean
  logLevel: LogLevel
  /** The private Prometheus listener; undefined = no metrics at all. */
  metricsPort: number | undefined
  metricsHost: string
  /** The operator API's listener (DESIGN §11); undefined = off. */
  operatorPort: number | undefined
  operatorHost: string
  /** OPERATOR_TOKENS: who may change what through the operator API. */
  operatorTokens: OperatorToken[]
  /** STATUS_API_URL / STATUS_API_TOKEN: the operator API the CLI's write commands act on instead of the database. */
  remote: { url: URL | undefined, token: string | undefined }
  /** Where notifications go (DESIGN §9); every URL is a secret. */
  notify: NotifyConfig
  /** The product, its groups and components (DESIGN §10): the status file, or the built-in model without one. */
  status: StatusDeclaration
  /** Slash commands from Discord (DESIGN §12). */
  discord: DiscordCommandsConfig
}

/** The Discord application whose slash commands run incidents (DESIGN §12); ids are snowflakes as decimal strings. */
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

const codeDir = path.dirname(fileURLToPath(import.meta.url))
/** True when this process runs the bundle in dist/ rather than the TypeScript sources (docs/en/operations.md#bundle). */
export const runsBundle = path.basename(codeDir) === 'dist'
/** The project's root: this file's folder is src/config/ or, bundled, dist/ (src/bundle/build.ts). */
export const projectRoot = path.resolve(codeDir, runsBundle ? '..' : '../..')

export type { Env }

/** Reads `.env` from the working directory when present (values already in the environment win). */
export function loadDotEnv (file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file)
}

/** The process's environment with `.env` read into it: what a command that needs no full Config reads. */
export function readEnvironment (): Env {
  loadDotEnv()
  return process.env
}

/** Validates the environment into a Config, throwing ConfigError on the first bad value. */
export function loadConfig (env: Env = process.env): Config {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === '' ? undefined : value
  }
  const port = integer(read, 'PORT', 3000, 0, 65535)
  const metricsPort = read('METRICS_PORT') === undefined ? undefined : integer(read, 'METRICS_PORT', 0, 1, 65535)
  if (metricsPort === port) throw new ConfigError('METRICS_PORT must differ from PORT: metrics are never served on the public port')
  const operatorPort = read('OPERATOR_PORT') === undefined ? undefined : integer(read, 'OPERATOR_PORT', 0, 1, 65535)
  if (operatorPort !== undefined && operatorPort === port) throw new ConfigError('OPERATOR_PORT must differ from PORT: the public port never takes changes')
  if (operatorPort !== undefined && operatorPort === metricsPort) throw new ConfigError('OPERATOR_PORT must differ from METRICS_PORT')
  return {
    port,
    host: read('HOST') ?? '127.0.0.1',
    publicBaseUrl: optionalUrl(read, 'PUBLIC_BASE_URL', ['http:', 'https:'], true),
    deployEnv: oneOf(read, 'DEPLOY_ENV', ['production', 'staging'] as const, 'production'),
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl: optionalUrl(read, 'DATABASE_URL', ['postgres:', 'postgresql:'])?.toString(),
    databasePoolSize: integer(read, 'DATABASE_POOL_SIZE', 5, 1, 100),
    redisUrl: optionalUrl(read, 'REDIS_URL', ['redis:', 'rediss:'])?.toString(),
    discordStatusUrl: fetchableUrl(optionalUrl(read, 'DISCORD_STATUS_URL', ['http:', 'https:']), 'DISCORD_STATUS_URL') ??
      new URL('https://discordstatus.com/api/v2/summary.json'),
    botStatusUrl: fetchableUrl(optionalUrl(read, 'BOT_STATUS_URL', ['http:', 'https:']), 'BOT_STATUS_URL'),
    botHeartbeatTimeoutSeconds: integer(read, 'BOT_HEARTBEAT_TIMEOUT_SECONDS', 90, 5, 86400),
    probeIntervalSeconds: integer(read, 'PROBE_INTERVAL_SECONDS', 15, 1, 60),
    docsDir: path.resolve(read('DOCS_DIR') ?? path.join(projectRoot, 'docs')),
    germanPrefix: sitePrefix(read, 'GERMAN_PREFIX', '/de'),
    trustProxy: trustedProxies(read, 'TRUST_PROXY'),
    rateLimitPerMinute: integer(read, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    statuspageAtRoot: switchedOn(read, 'STATUSPAGE_AT_ROOT'),
    logLevel: oneOf(read, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    metricsPort,
    metricsHost: read('METRICS_HOST') ?? '127.0.0.1',
    operatorPort,
    operatorHost: read('OPERATOR_HOST') ?? '127.0.0.1',
    operatorTokens: operatorTokens(read, 'OPERATOR_TOKENS'),
    remote: { url: fetchableUrl(optionalUrl(read, 'STATUS_API_URL', ['http:', 'https:']), 'STATUS_API_URL'), token: read('STATUS_API_TOKEN') },
    notify: notifyConfig(read),
    status: statusDeclaration(env),
    discord: discordCommandsConfig(read)
  }
}

export interface StatusFileLocation {
  /** The absolute path. */
  file: string
  /** How messages name it: STATUS_FILE's value as given, or `status.yaml`. */
  shown: string
  fromVariable: boolean
}

/** `STATUS_FILE`, else `./status.yaml` when it exists, else undefined (the built-in model). */
export function statusFileLocation (env: Env): StatusFileLocation | undefined {
  const named = env.STATUS_FILE?.trim()
  if (named !== undefined && named !== '') {
    if (!existsSync(named)) throw new ConfigError(`STATUS_FILE names a file that does not exist (${named})`)
    return { file: path.resolve(named), shown: named, fromVariable: true }
  }
  return existsSync('status.yaml') ? { file: path.resolve('status.yaml'), shown: 'status.yaml', fromVariable: false } : undefined
}

/** The status file's declaration (DESIGN §10); a mistake in it is one line naming the file, the place and the rule. */
function statusDeclaration (env: Env): StatusDeclaration {
  const location = statusFileLocation(env)
  if (location === undefined) return builtinDeclaration()
  try {
    return loadStatusFile(location.file, env)
  } catch (error) {
    if (error instanceof StatusFileError) throw new ConfigError(`${location.fromVariable ? 'STATUS_FILE ' : ''}${location.shown}: ${error.message}`)
    throw error
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

const SNOWFLAKE = /^\d{17,20}$/

/** DISCORD_*: with a public key the interactions route exists, and needs the application and the operator guild. */
function discordCommandsConfig (read: Reader): DiscordCommandsConfig {
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
    apiBase: (optionalUrl(read, 'DISCORD_API_BASE', ['http:', 'https:']) ?? new URL('https://discord.com/api/v10')).href.replace(/\/+$/, '')
  }
  if (config.publicKey !== undefined) {
    for (const [name, value] of [['DISCORD_APPLICATION_ID', config.applicationId], ['DISCORD_OPERATOR_GUILD_ID', config.operatorGuildId]] as const) {
      if (value === undefined) throw new ConfigError(`DISCORD_PUBLIC_KEY is set: set ${name} too (the commands answer for that application and guild)`)
    }
  }
  return config
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

/**
 * `name:scope+scope:secret,…` (DESIGN §11). Messages name the entry by position and name, never the secret: it is
 * split at the first two colons, so it may contain colons itself, but no comma.
 */
function operatorTokens (read: Reader, name: string): OperatorToken[] {
  const raw = read(name)
  if (raw === undefined) return []
  const tokens = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry, index): OperatorToken => {
    const first = entry.indexOf(':')
    const second = first === -1 ? -1 : entry.indexOf(':', first + 1)
    const where = `${name}: entry ${index + 1}`
    if (second === -1) throw new ConfigError(`${where} must be NAME:SCOPES:SECRET (scopes joined by +)`)
    const tokenName = entry.slice(0, first)
    const secret = entry.slice(second + 1)
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/.test(tokenName)) {
      throw new ConfigError(`${where}: the name must be 1–40 letters, digits, ".", "_" or "-" (it is recorded with every change)`)
    }
    const scopes = entry.slice(first + 1, second).split('+')
    for (const scope of scopes) {
      if (!(OPERATOR_SCOPES as readonly string[]).includes(scope)) {
        throw new ConfigError(`${where} (${tokenName}): scopes must be ${OPERATOR_SCOPES.join(', ')}, joined by + (got "${scope.slice(0, 20)}")`)
      }
    }
    if ([...secret].length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`${where} (${tokenName}): the secret is shorter than ${MIN_SECRET_LENGTH} characters; make one with status-api token new`)
    }
    if (/\s/.test(secret)) throw new ConfigError(`${where} (${tokenName}): the secret must not contain spaces`)
    return { name: tokenName, scopes: [...new Set(scopes)] as OperatorScope[], secret }
  })
  const names = tokens.map((token) => token.name)
  const twice = names.find((tokenName, index) => names.indexOf(tokenName) !== index)
  if (twice !== undefined) throw new ConfigError(`${name} names the token "${twice}" twice`)
  if (new Set(tokens.map((token) => token.secret)).size !== tokens.length) throw new ConfigError(`${name}: two tokens share one secret`)
  return tokens
}

function integer (read: Reader, name: string, fallback: number, min: number, max: number): number {
  const raw = read(name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
  }
  return value
}

/** A setting that is on or off: `true`/`yes`/`1` or `false`/`no`/`0` (unset: off); anything else stops the start. */
function switchedOn (read: Reader, name: string): boolean {
  const raw = read(name)?.toLowerCase()
  if (raw === undefined || raw === 'false' || raw === 'no' || raw === '0') return false
  if (raw === 'true' || raw === 'yes' || raw === '1') return true
  throw new ConfigError(`${name} must be true or false (got "${raw}")`)
}

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * `false` (or unset, `0`), a hop count, or a comma-separated list of addresses, CIDRs and proxy-addr's named ranges.
 * A blanket `true` is refused: it believes the leftmost X-Forwarded-For entry, which the client writes itself.
 */
function trustedProxies (read: Reader, name: string): false | number | string[] {
  const raw = read(name)?.toLowerCase()
  if (raw === undefined || raw === 'false' || raw === 'no' || raw === '0') return false
  if (raw === 'true' || raw === 'yes') {
    throw new ConfigError(`${name}=${raw} would let any client choose its own address; give the number of proxies in front of the service (e.g. 1) or their addresses/CIDRs`)
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw)
    if (hops > 16) throw new ConfigError(`${name} must be a hop count from 0 to 16 or a list of proxy addresses/CIDRs (got "${raw}")`)
    return hops
  }
  const entries = raw.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    if (!NAMED_RANGES.includes(entry) && !isAddressOrCidr(entry)) {
      throw new ConfigError(`${name} must be false, a hop count, or a comma-separated list of addresses/CIDRs (got "${entry}")`)
    }
  }
  return entries
}

function isAddressOrCidr (entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
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

/** A URL fetch() can ask: credentials in it make every request fail (and would be a secret in the config). */
function fetchableUrl (url: URL | undefined, name: string): URL | undefined {
  if (url !== undefined && (url.username !== '' || url.password !== '')) {
    throw new ConfigError(`${name} must not contain a user name or password (user:password@...): requests to such a URL always fail`)
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
