// Counts every answered request for the metrics by route pattern (`routeOptions.url`, never the raw URL) and status.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Metrics } from '../publish/metrics.ts'

async function requestMetrics (app: FastifyInstance, options: { metrics: Metrics }): Promise<void> {
  app.addHook('onResponse', (request, reply, done) => {
    options.metrics.observeRequest(request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000)
    done()
  })
}

export default fp(requestMetrics, { name: 'request-metrics' })
