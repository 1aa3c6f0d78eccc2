// The edge section (docs/en/architecture.md#edge): how long shared caches keep the public documents, whether responses name their keys,
// and which caches are purged when what a key shows changes. API tokens are secrets: no message echoes one.
import { ConfigError, integer, switchedOn, type Reader } from './values.ts'

/** Where a purge goes: a Varnish with the shipped VCL, a Fastly service, a Cloudflare zone, or any URL taking `{"keys": [...]}`. */
export type PurgeTarget =
  | { kind: 'varnish', url: URL }
  | { kind: 'fastly', serviceId: string, token: string, apiBase: URL }
  | { kind: 'cloudflare', zoneId: string, token: string, apiBase: URL }
  | { kind: 'http', url: URL }

export interface EdgeConfig {
  /** `s-maxage` of live documents: 10 s, or 300 s when purges keep caches fresh. */
  cacheSeconds: number
  /** `stale-if-error`: how long a cache may serve its last copy while the origin is down or failing. */
  staleSeconds: number
  /** Whether responses carry `Surrogate-Key` and `Cache-Tag` (EDGE_TAGS=on, or any purge target). */
  tags: boolean
  purge: PurgeTarget[]
}

const FASTLY_API = 'https://api.fastly.com'
const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4'

/** The edge settings; a Fastly or Cloudflare target without its token stops the start naming the missing variable. */
export function edgeConfig (read: Reader): EdgeConfig {
  const purge = purgeTargets(read)
  // on/off as the docs write it, or any of the words every other switch takes.
  const tags = switchedOn((name) => ({ on: 'true', off: 'false' } as Record<string, string>)[read(name)?.toLowerCase() ?? ''] ?? read(name), 'EDGE_TAGS')
  return {
    cacheSeconds: integer(read, 'EDGE_CACHE_SECONDS', purge.length > 0 ? 300 : 10, 0, 31_536_000),
    staleSeconds: integer(read, 'EDGE_STALE_SECONDS', 86_400, 0, 31_536_000),
    tags: tags || purge.length > 0,
    purge
  }
}

function purgeTargets (read: Reader): PurgeTarget[] {
  const raw = read('EDGE_PURGE')
  if (raw === undefined) return []
  const entries = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  const targets = entries.map((entry, index): PurgeTarget => {
    const where = `EDGE_PURGE: entry ${index + 1}`
    const colon = entry.indexOf(':')
    const scheme = colon < 0 ? '' : entry.slice(0, colon).toLowerCase()
    const rest = entry.slice(colon + 1)
    if (scheme === 'varnish') return { kind: 'varnish', url: httpUrl(rest, `${where} must be varnish:http://host:port`) }
    if (scheme === 'fastly') {
      if (!/^[A-Za-z0-9]{1,64}$/.test(rest)) throw new ConfigError(`${where} must be fastly:<service id> (letters and digits)`)
      return { kind: 'fastly', serviceId: rest, token: token(read, 'FASTLY_API_TOKEN', 'fastly'), apiBase: apiBase(read, 'FASTLY_API_BASE', FASTLY_API) }
    }
    if (scheme === 'cloudflare') {
      if (!/^[A-Fa-f0-9]{1,64}$/.test(rest)) throw new ConfigError(`${where} must be cloudflare:<zone id> (hexadecimal)`)
      return { kind: 'cloudflare', zoneId: rest, token: token(read, 'CLOUDFLARE_API_TOKEN', 'cloudflare'), apiBase: apiBase(read, 'CLOUDFLARE_API_BASE', CLOUDFLARE_API) }
    }
    if (scheme === 'http' || scheme === 'https') return { kind: 'http', url: httpUrl(entry, `${where} is not an http or https URL`) }
    throw new ConfigError(`${where} must start with varnish:, fastly:, cloudflare:, http:// or https://`)
  })
  const names = targets.map(purgeTargetName)
  if (new Set(names).size !== names.length) throw new ConfigError('EDGE_PURGE lists the same target twice')
  return targets
}

/** A target's name for logs and the outbox: its kind and where it goes, never a token. */
export function purgeTargetName (target: PurgeTarget): string {
  if (target.kind === 'fastly') return `fastly:${target.serviceId}`
  if (target.kind === 'cloudflare') return `cloudflare:${target.zoneId}`
  return `${target.kind}:${target.url.origin}${target.url.pathname === '/' ? '' : target.url.pathname}`
}

function httpUrl (raw: string, message: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(message)
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw new ConfigError(message)
  if (url.username !== '' || url.password !== '') throw new ConfigError(`${message}, without a user name or password`)
  return url
}

function token (read: Reader, name: string, kind: string): string {
  const value = read(name)
  if (value === undefined) throw new ConfigError(`EDGE_PURGE names a ${kind} target: set ${name}`)
  if (!/^[\x21-\x7e]{8,512}$/.test(value)) throw new ConfigError(`${name} must be 8 to 512 visible ASCII characters`)
  return value
}

function apiBase (read: Reader, name: string, fallback: string): URL {
  const url = httpUrl(read(name) ?? fallback, `${name} must be an http or https URL`)
  return new URL(url.href.replace(/\/+$/, ''))
}
