// GET /api/v1/health/discord: the chat platform's own status (its Statuspage summary, normalised), fresh for a minute.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { PlatformReading, PlatformStatus } from '../../platform/platform-status.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { PlatformStatusBody } from '../../api/platform-status.ts'
import { serialize, type Serialized } from '../../lib/serialized.ts'
import { cacheControl, withMaxAge } from '../headers.ts'
import { sendSerialized } from '../send.ts'

export default async function platformStatusRoutes (fastify: FastifyInstance, options: { platformStatus: PlatformStatus }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  // The value changes at most once a minute: serialise and hash it once, not per request.
  let serialised: Serialized<PlatformStatusBody> | undefined
  /** The route's Cache-Control with its shared-cache lifetimes (src/edge/cache-headers.ts), as the first answer found it. */
  let routeCacheControl: string | undefined
  /** The Cache-Control of each freshness left (0–60 s), built from the route's once. */
  const headers = new Map<number, string>()

  app.get('/api/v1/health/discord', {
    config: {
      cacheControl: cacheControl.platform,
      edgeKeys: ['platform'],
      // The body held while no fetch is due, with the freshness it has left.
      prepared: () => {
        const held = options.platformStatus.held()
        if (held?.status === undefined || routeCacheControl === undefined) return undefined
        return { body: bodyOf(held.status), cacheControl: cacheControlOf(held.maxAgeSeconds) }
      }
    },
    schema: {
      summary: 'The chat platform\'s status',
      description: 'Discord\'s own status page (an Atlassian Statuspage summary), normalised: overall indicator, components, ' +
        'unresolved incidents. Fresh for 60 s; the service fetches it at most once a minute however many clients ask, so ' +
        '`Cache-Control: max-age` is the freshness left. When a fetch fails the last good value is served with `"stale": true`; ' +
        'with no good value yet the answer is 503 with `Retry-After`.',
      tags: ['health'],
      response: {
        200: jsonResponse('The chat platform\'s status; `stale` says whether the latest fetch failed.', PlatformStatusBody),
        ...problemResponses({ 503: 'The chat platform\'s status page has not answered yet; `Retry-After` says when the next attempt is due.' })
      }
    }
  }, (_request, reply) => {
    // At once while no fetch is due (nearly every request): no promise of its own per request.
    const held = options.platformStatus.held()
    return held === undefined ? options.platformStatus.read().then((reading) => answer(reply, reading)) : answer(reply, held)
  })

  const answer = (reply: FastifyReply, reading: PlatformReading): FastifyReply => {
    if (reading.status === undefined) {
      throw problems.upstreamUnavailable('The chat platform\'s status page could not be reached. Try again after the Retry-After delay.', reading.retryAfterSeconds)
    }
    routeCacheControl ??= reply.routeOptions.config.cacheControl!
    return sendSerialized(reply.header('cache-control', cacheControlOf(reading.maxAgeSeconds)), bodyOf(reading.status))
  }
  const bodyOf = (status: PlatformStatusBody): Serialized<PlatformStatusBody> => {
    if (serialised?.value !== status) serialised = serialize(status)
    return serialised
  }
  /** The route's Cache-Control (its shared-cache lifetimes included, src/edge/cache-headers.ts) with this freshness left. */
  const cacheControlOf = (maxAgeSeconds: number): string => {
    let header = headers.get(maxAgeSeconds)
    if (header === undefined) {
      header = withMaxAge(routeCacheControl!, maxAgeSeconds)
      headers.set(maxAgeSeconds, header)
    }
    return header
  }
}
