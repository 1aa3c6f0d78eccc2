// The spec's {base_url}: PUBLIC_BASE_URL when set, otherwise the request's own origin when its host is well formed.
import type { IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config/index.ts'
import { isValidHost } from '../lib/host.ts'
import { LruCache } from '../lib/lru.ts'

/** An origin from a request's protocol and host, normalised (lower case, default port dropped); undefined when the host is not well formed. */
function originOf (protocol: 'http' | 'https', host: string): string | undefined {
  return origins.getOrSet(`${protocol}://${host}`, () => isValidHost(host) ? new URL(`${protocol}://${host}`).origin : undefined)
}

/** Hosts seen recently, checked and normalised once each (bounded: clients choose what they send). */
const origins = new LruCache<string, string | undefined>(256)

/** What an ill-formed Host gets instead of its own value: the listen port on localhost, which points nowhere foreign. */
function fallbackOrigin (config: Config): string {
  return `http://localhost:${config.port}`
}

/**
 * {base_url} for this request, without a trailing slash. A forged Host never changes it when PUBLIC_BASE_URL is set.
 * Otherwise the request's Host (or, with TRUST_PROXY, X-Forwarded-Host and -Proto: Fastify's request.host and
 * request.protocol honour trustProxy).
 */
export function baseUrlOf (request: FastifyRequest, config: Config): string {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl.origin
  return originOf(request.protocol === 'https' ? 'https' : 'http', request.host) ?? fallbackOrigin(config)
}

/**
 * What a document on {base_url} depends on besides its path, for `Vary`: nothing when PUBLIC_BASE_URL is set; otherwise
 * the Host, and with TRUST_PROXY the forwarded host and scheme, which then choose the origin. A shared cache that keeps
 * one copy for every reader would otherwise hand one reader's links (a forged X-Forwarded-Host's) to all the others.
 */
export function baseUrlVary (config: Config): string | undefined {
  if (config.publicBaseUrl !== undefined) return undefined
  return config.trustProxy === false ? 'Host' : 'Host, X-Forwarded-Host, X-Forwarded-Proto'
}

/**
 * {base_url} for the request this reply answers, with what it depends on added to the reply's `Vary`: the one way a
 * route that puts {base_url} into its body learns it, so none forgets to tell caches.
 */
export function baseUrlFor (reply: FastifyReply, config: Config): string {
  const vary = baseUrlVary(config)
  if (vary !== undefined) {
    const before = reply.getHeader('vary')
    if (before === undefined) reply.header('vary', vary)
    else if (!String(before).includes(vary)) reply.header('vary', `${String(before)}, ${vary}`)
  }
  return baseUrlOf(reply.request, config)
}

/**
 * The same {base_url} for a request the framework has not seen (src/http/prepared-answers.ts); undefined where only
 * the framework can tell it, behind a trusted proxy, whose forwarded headers it reads. Without TRUST_PROXY the
 * framework's host is the Host header, and its protocol that of the connection (this listener is plain HTTP).
 */
export function baseUrlOfRaw (raw: IncomingMessage, config: Config): string | undefined {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl.origin
  if (config.trustProxy !== false) return undefined
  return originOf('http', raw.headers.host ?? '') ?? fallbackOrigin(config)
}
