// What shared caches are told (docs/en/architecture.md#edge): each public route's Cache-Control gets its shared-cache lifetimes, and with
// keys on, `Surrogate-Key` and `Cache-Tag` naming what the response depends on. Everything is worked out once per route
// when it is registered; a request only has the finished headers set (and an id put into a key on the few routes that
// have one in their path). What they say is decided in src/edge/cache-headers.ts; this puts it on Fastify's routes.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { edgeCacheControl, filledKeys, keyHeaders, templatedKeys, type EdgeHeadersOptions } from '../edge/cache-headers.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The cache keys this route's responses depend on (`status`, `incidents`, `incident-:id`, …; `:name` is the route
     * parameter of that name). A route whose keys are only `docs` and `version` changes only with a new version.
     */
    edgeKeys?: readonly string[]
  }
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

type Hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void

/** Sets the route's key headers: built once, or with the path's id put in when a key names a parameter. */
function keysHook (keys: readonly string[]): Hook {
  if (!templatedKeys(keys)) {
    const headers = keyHeaders(keys)
    return (_request, reply, done) => {
      reply.headers(headers)
      done()
    }
  }
  return (request, reply, done) => {
    reply.headers(keyHeaders(filledKeys(keys, request.params as Record<string, string | undefined>)))
    done()
  }
}

export default fp(edgeHeaders, { name: 'edge-headers' })
