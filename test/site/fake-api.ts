// Test only: the status endpoints the refresh script asks (the model's components among them), serving a FixtureStatus's current bodies the way
// the real routes do (health 503 while down, discord 503 problem while it has no value, problems on failure).
import type { FastifyInstance } from 'fastify'
import { problems } from '../../src/api/problems.ts'
import type { FixtureStatus } from './fixtures.ts'
import { parseSnowflake } from '../../src/bot/guild-shard.ts'
import { findGuild } from '../../src/view/status-view.js'
import { badgeContent, badgeSvg } from '../../src/publish/badges.ts'
import { latencySparklineImage } from '../../src/view/status-sparkline.js'

export function fakeStatusApi (fixture: FixtureStatus, counts: Record<string, number> = {}) {
  return async function routes (app: FastifyInstance): Promise<void> {
    const count = (name: string) => { counts[name] = (counts[name] ?? 0) + 1 }
    const failing = (read: () => unknown) => {
      try {
        return read()
      } catch {
        throw problems.internal()
      }
    }
    app.get('/api/v1/health', async (_request, reply) => {
      count('health')
      const body = failing(() => fixture.health()) as ReturnType<FixtureStatus['health']>
      return reply.code(body.status === 'down' ? 503 : 200).send(body)
    })
    app.get('/api/v1/health/components', async () => { count('components'); return failing(() => fixture.components()) })
    app.get('/api/v1/health/history', async () => { count('history'); return failing(() => fixture.history()) })
    app.get('/api/v1/health/incidents', async () => { count('incidents'); return failing(() => fixture.incidents()) })
    app.get('/api/v1/health/shards', async () => {
      count('shards')
      const body = failing(() => fixture.shards())
      if (body === undefined) throw problems.notReady('No bot shard has reported a heartbeat yet.')
      return body
    })
    app.get<{ Params: { guildId: string } }>('/api/v1/health/shards/:guildId', async (request) => {
      const body = failing(() => fixture.shards()) as ReturnType<FixtureStatus['shards']>
      if (parseSnowflake(request.params.guildId) === undefined) throw problems.invalidRequest('not a snowflake')
      if (body === undefined) throw problems.notReady('No bot shard has reported a heartbeat yet.')
      return findGuild(body, request.params.guildId)
    })
    // The Follow section shows the status badge: rendered from the fixture's model as the real route does.
    app.get('/status/badges/status.svg', async (_request, reply) => {
      const content = badgeContent('status', undefined, { status: fixture.components(), health: fixture.health(), history: undefined })
      return reply.type('image/svg+xml; charset=utf-8').send(badgeSvg(content))
    })
    // The component cards' sparklines, rendered as the real route does (no history in the fixture: an empty image).
    app.get('/status/components/:id/latency.svg', async (_request, reply) =>
      reply.type('image/svg+xml; charset=utf-8').send(latencySparklineImage(null)))
    app.get('/api/v1/health/discord', async () => {
      count('discord')
      const body = await fixture.discord().catch(() => { throw problems.internal() })
      if (body === undefined) throw problems.upstreamUnavailable('No status of the chat platform has been fetched yet.', 60)
      return body
    })
  }
}
