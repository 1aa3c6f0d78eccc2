// The spec's {base_url}: PUBLIC_BASE_URL when set, otherwise the request's own origin when its host is well formed.
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config/index.ts'
import { isValidHost } from '../lib/host.ts'
import { LruCache } from '../lib/lru.ts'

/**
 * The origin a request was addressed to: its Host (or, with TRUST_PROXY, X-Forwarded-Host and -Proto — Fastify's
 * request.host and request.protocol honour trustProxy), normalised (lower case, default port dropped);
 * undefined when the host is not well formed.
 */
function requestOrigin (request: FastifyRequest): string | undefined {
  const protocol = request.protocol === 'https' ? 'https' : 'http'
  const host = request.host
  return origins.getOrSet(`${protocol}://${host}`, () => isValidHost(host) ? new URL(`${protocol}://${host}`).origin : undefined)
}

/** Hosts seen recently, checked and normalised once each (bounded: clients choose what they send). */
const origins = new LruCache<string, string | undefined>(256)

/** What an ill-formed Host gets instead of its own value: the listen port on localhost, which points nowhere foreign. */
function fallbackOrigin (config: Config): string {
  return `http://localhost:${config.port}`
}

/** {base_url} for this request, without a trailing slash. A forged Host never changes it when PUBLIC_BASE_URL is set. */
export function baseUrlOf (request: FastifyRequest, config: Config): string {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl.origin
  return requestOrigin(request) ?? fallbackOrigin(config)
}
