// The server section: its listeners, public address, deployment, docs, language prefix, proxies, rate limit and logging.
import { isIP } from 'node:net'
import path from 'node:path'
import { projectRoot } from './project-root.ts'
import { PAGE_LANGUAGES, type PageLanguage } from '../lib/locale.ts'
import { ConfigError, integer, oneOf, optionalUrl, sitePrefix, switchedOn, type Reader } from './values.ts'

export type DeployEnv = 'production' | 'staging'
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface ServerConfig {
  port: number
  host: string
  publicBaseUrl: URL | undefined
  deployEnv: DeployEnv
  docsDir: string
  germanPrefix: string
  /** The page languages served (LANGUAGES; English always): the others' pages are 404s. The docs stay English and German. */
  languages: PageLanguage[]
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
}

/** The part of ServerConfig serverAddress reads; serverHandling reads the rest. */
type AddressFields = 'port' | 'host' | 'publicBaseUrl' | 'deployEnv'

/** PORT and METRICS_PORT, read first of all settings: metrics are never served on the public port. */
export function listenerPorts (read: Reader): { port: number, metricsPort: number | undefined } {
  const port = integer(read, 'PORT', 3000, 0, 65535)
  const metricsPort = read('METRICS_PORT') === undefined ? undefined : integer(read, 'METRICS_PORT', 0, 1, 65535)
  if (metricsPort === port) throw new ConfigError('METRICS_PORT must differ from PORT: metrics are never served on the public port')
  return { port, metricsPort }
}

/**
 * Where the public server listens and what it is; the stores and monitor sections are read between this part and
 * serverHandling, so that the first bad setting loadConfig reports stays the one it always was.
 */
export function serverAddress (read: Reader, port: number): Pick<ServerConfig, AddressFields> {
  return {
    port,
    host: read('HOST') ?? '127.0.0.1',
    publicBaseUrl: optionalUrl(read, 'PUBLIC_BASE_URL', ['http:', 'https:'], true),
    deployEnv: oneOf(read, 'DEPLOY_ENV', ['production', 'staging'] as const, 'production')
  }
}

/** How the public server answers: the docs, the German prefix, proxies, rate limit, logging, and the metrics listener. */
export function serverHandling (read: Reader, metricsPort: number | undefined): Omit<ServerConfig, AddressFields> {
  return {
    docsDir: path.resolve(read('DOCS_DIR') ?? path.join(projectRoot, 'docs')),
    germanPrefix: sitePrefix(read, 'GERMAN_PREFIX', '/de'),
    languages: pageLanguages(read, 'LANGUAGES'),
    trustProxy: trustedProxies(read, 'TRUST_PROXY'),
    rateLimitPerMinute: integer(read, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    statuspageAtRoot: switchedOn(read, 'STATUSPAGE_AT_ROOT'),
    logLevel: oneOf(read, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    metricsPort,
    metricsHost: read('METRICS_HOST') ?? '127.0.0.1'
  }
}

/**
 * A comma-separated list of shipped language tags (any case: `pt-br` is `pt-BR`); unset or empty: every shipped
 * language. English is served whatever the list says: it is the reference and the x-default of every page.
 */
function pageLanguages (read: Reader, name: string): PageLanguage[] {
  const raw = read(name)?.trim()
  if (raw === undefined || raw === '') return [...PAGE_LANGUAGES]
  const wanted = new Set<PageLanguage>(['en'])
  for (const item of raw.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const tag = PAGE_LANGUAGES.find((shipped) => shipped.toLowerCase() === item.toLowerCase())
    if (tag === undefined) throw new ConfigError(`${name} names "${item}", which is not a shipped language (shipped: ${PAGE_LANGUAGES.join(', ')})`)
    wanted.add(tag)
  }
  return PAGE_LANGUAGES.filter((tag) => wanted.has(tag))
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
