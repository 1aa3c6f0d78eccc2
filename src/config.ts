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
  /** PostgreSQL connections per replica (the probe has its own besides). */
  databasePoolSize: number
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
    databasePoolSize: integer(read, 'DATABASE_POOL_SIZE', 5, 1, 100),
    redisUrl: optionalUrl(read, 'REDIS_URL', ['redis:', 'rediss:'])?.toString(),
    discordStatusUrl: fetchableUrl(optionalUrl(read, 'DISCORD_STATUS_URL', ['http:', 'https:']), 'DISCORD_STATUS_URL') ??
      new URL('https://discordstatus.com/api/v2/summary.json'),
    botStatusUrl: fetchableUrl(optionalUrl(read, 'BOT_STATUS_URL', ['http:', 'https:']), 'BOT_STATUS_URL'),
    botHeartbeatTimeoutSeconds: integer(read, 'BOT_HEARTBEAT_TIMEOUT_SECONDS', 90, 5, 86400),
    probeIntervalSeconds: integer(read, 'PROBE_INTERVAL_SECONDS', 15, 1, 60),
    docsDir: path.resolve(read('DOCS_DIR') ?? path.join(projectRoot, 'docs')),
    germanPrefix: sitePrefix(read, 'GERMAN_PREFIX', '/de'),
    trustProxy: boolean(read, 'TRUST_PROXY', false),
    rateLimitPerMinute: integer(read, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    logLevel: oneOf(read, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info')
  }
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
