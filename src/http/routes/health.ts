// GET /api/v1/health and /api/v1/health/history: the monitor's snapshot and history, sent as pre-serialised bytes.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { Monitor } from '../../monitor/monitor.ts'
import { cacheControl } from '../headers.ts'
import { problems } from '../../api/problems.ts'
import { jsonResponse, problemResponses } from '../../api/common.ts'
import { HealthBody, HistoryBody } from '../../api/health.ts'
import { type Serialized } from '../../lib/serialized.ts'
import { sendSerialized } from '../send.ts'

export default async function healthRoutes (fastify: FastifyInstance, options: { monitor: Monitor }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() // request parts typed from each route's schema
  const { monitor } = options

  app.get('/api/v1/health', {
    config: { cacheControl: cacheControl.health },
    schema: {
      summary: 'Health: overall status, version, uptime and components',
      description: 'The monitor\'s latest snapshot (components are probed every few seconds; no database query per request). ' +
        '200 when the overall status is `ok` or `degraded`, 503 with the same body when it is `down`. ' +
        'Polling once a minute is enough.',
      tags: ['health'],
      response: {
        200: jsonResponse('The service is up (`ok` or `degraded`).', HealthBody),
        503: {
          description: 'The service is down (the health body), or no check has finished yet since start (problem+json).',
          content: { ...jsonResponse('', HealthBody).content, ...problemResponses({ 503: '' })[503]!.content }
        }
      }
    }
  }, async (_request, reply) => {
    const snapshot = monitor.health()
    if (snapshot === undefined) throw problems.notReady('The first health check has not finished yet. Try again in a few seconds.')
    return sendSerialized(reply, snapshot, { statusCode: snapshot.statusCode })
  })

  app.get('/api/v1/health/history', {
    config: { cacheControl: cacheControl.history },
    schema: {
      summary: 'History: the last 24 hours of minute checks and 90 days of uptime',
      description: 'One check per minute of the last 24 hours (oldest first; minutes without a record are absent), ' +
        'and uptime over the last 90 days: overall, per component, and per day (exactly 90 entries; a day without ' +
        'checks is `no_data` with `percent: null`, and `expectedChecks` shows gaps). Recomputed at most once a minute.',
      tags: ['health'],
      response: {
        200: jsonResponse('The history.', HistoryBody),
        ...problemResponses({ 503: 'No history could be computed yet (the database has not answered since start).' })
      }
    }
  }, async (_request, reply) => {
    let history: Serialized<unknown>
    try {
      history = await monitor.history.get()
    } catch {
      throw problems.notReady('The history is not available yet because the database does not answer.')
    }
    return sendSerialized(reply, history)
  })
}
