// The spec's {base_url}: PUBLIC_BASE_URL when set, otherwise the request's own origin when its host is well formed.
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { LruCache } from '../lib/lru.ts'

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
/** A DNS name (or IPv4 address) or a bracketed IPv6 address, with an optional port: nothing else is ever reflected. */
const HOST = new RegExp(`^(?:(?:${LABEL}\\.)*${LABEL}\\.?|\\[[0-9a-f:.]{2,45}\\])(?::(\\d{1,5}))?$`, 'i')

/** Whether a Host (or X-Forwarded-Host) value is a syntactically valid host[:port]. */
export function isValidHost (host: string): boolean {
  const match = HOST.exec(host)
  if (match === null || host.length > 260) return false
  if (match[1] !== undefined && Number(match[1]) > 65535) return false
  // The WHATWG parser has the last word (IPv6 forms).
  return URL.canParse(`http://${host}`)
}

/**
 * The origin a request was addressed to: its Host (or, with TRUST_PROXY, X-Forwarded-Host and -Proto — Fastify's
 * request.host and request.protocol honour trustProxy), normalised (lower case, default port dropped);
 * undefined when the host is not well formed.
 */
export function requestOrigin (request: FastifyRequest): string | undefined {
  const protocol = request.protocol === 'https' ? 'https' : 'http'
  const host = request.host
  return origins.getOrSet(`${protocol}://${host}`, () => isValidHost(host) ? new URL(`${protocol}://${host}`).origin : undefined)
}

/** Hosts seen recently, checked and normalised once each (bounded: clients choose what they send). */
const origins = new LruCache<string, string | undefined>(256)

/** What an ill-formed Host gets instead of its own value: the listen port on localhost, which points nowhere foreign. */
export function fallbackOrigin (config: Config): string {
  return `http://localhost:${config.port}`
}

/** {base_url} for this request, without a trailing slash. A forged Host never changes it when PUBLIC_BASE_URL is set. */
export function baseUrlOf (request: FastifyRequest, config: Config): string {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl.origin
  return requestOrigin(request) ?? fallbackOrigin(config)
}

/** Whether the request was addressed to the host of `publicBaseUrl` (its default port implied when none is given). */
export function isAddressedTo (request: FastifyRequest, publicBaseUrl: URL): boolean {
  const host = request.host
  if (!isValidHost(host)) return false
  return new URL(`${publicBaseUrl.protocol}//${host}`).host === publicBaseUrl.host
}
