// What shared caches are told (docs/en/architecture.md#edge): each public route's Cache-Control gets its shared-cache lifetimes, and with
// keys on, `Surrogate-Key` and `Cache-Tag` naming what the response depends on. Everything is worked out once per route
// when it is registered; a request only has the finished headers set (and an id put into a key on the few routes that
// have one in their path).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { EdgeConfig } from '../config/edge.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The cache keys this route's responses depend on (`status`, `incidents`, `incident-:id`, …; `:name` is the route
     * parameter of that name). A route whose keys are only `docs` and `version` changes only with a new version.
     */
    edgeKeys?: readonly string[]
  }
}

/** The keys of documents that change only with a new version of the service (or its docs): purged at start. */
export const VERSION_KEYS = ['docs', 'version'] as const

/** One year: the shared lifetime of version-only documents when a purge removes them on a new version. */
const VERSION_SECONDS_PURGED = 31_536_000
/** One day: their shared lifetime when nothing purges them, so a new version shows within a day. */
const VERSION_SECONDS_UNPURGED = 86_400

export interface EdgeHeadersOptions {
  edge: EdgeConfig
  /** `stale-while-revalidate` of live documents: one probe interval, so a copy refreshed in the background is never older than the page's stale mark. */
  revalidateSeconds: number
}

/** True when a route's keys say it changes only with a new version. */
export function versionOnly (keys: readonly string[]): boolean {
  return keys.length > 0 && keys.every((key) => (VERSION_KEYS as readonly string[]).includes(key))
}

/** The Cache-Control a route with this browser Cache-Control and these keys sends (errors and `no-store` stay as they are). */
export function edgeCacheControl (browser: string, keys: readonly string[], options: EdgeHeadersOptions): string {
  if (!browser.startsWith('public') || browser.includes('immutable')) return browser
  const { edge } = options
  if (versionOnly(keys)) {
    const shared = edge.purge.length > 0 ? VERSION_SECONDS_PURGED : VERSION_SECONDS_UNPURGED
    return `${browser}, s-maxage=${shared}, stale-if-error=${edge.staleSeconds}`
  }
  return `${browser}, s-maxage=${edge.cacheSeconds}, stale-while-revalidate=${options.revalidateSeconds}, stale-if-error=${edge.staleSeconds}`
}

/** `Surrogate-Key` (space-separated) and `Cache-Tag` (comma-separated) for a list of keys. */
export function keyHeaders (keys: readonly string[]): { 'surrogate-key': string, 'cache-tag': string } {
  return { 'surrogate-key': keys.join(' '), 'cache-tag': keys.join(',') }
}

async function edgeHeaders (app: FastifyInstance, options: EdgeHeadersOptions): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as { cacheControl?: string, edgeKeys?: readonly string[] } | undefined
    const keys = config?.edgeKeys
    if (config === undefined || keys === undefined) return
    // A copy: several routes may share one config object, and each is worked out once.
    route.config = { ...config, ...(config.cacheControl === undefined ? {} : { cacheControl: edgeCacheControl(config.cacheControl, keys, options) }) } as typeof route.config
    if (!options.edge.tags) return
    const setKeys = keysHook(keys)
    route.onRequest = route.onRequest === undefined ? [setKeys] : [...(Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]), setKeys]
  })
}

const SAFE_ID = /^[A-Za-z0-9_.-]{1,64}$/

type Hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void

/** Sets the route's key headers: built once, or with the path's id put in when a key names a parameter. */
function keysHook (keys: readonly string[]): Hook {
  const templated = keys.filter((key) => key.includes(':'))
  if (templated.length === 0) {
    const headers = keyHeaders(keys)
    return (_request, reply, done) => {
      reply.headers(headers)
      done()
    }
  }
  return (request, reply, done) => {
    const params = request.params as Record<string, string | undefined>
    // An id that is not one (anything a client can type) names no key: it is a 404 anyway, and stays out of a header.
    const filled = keys.map((key) => key.replace(/:(\w+)/, (_whole, name: string) => SAFE_ID.test(params[name] ?? '') ? params[name]! : ''))
    reply.headers(keyHeaders(filled.filter((key) => !key.endsWith('-'))))
    done()
  }
}

export default fp(edgeHeaders, { name: 'edge-headers' })
