// What every answered request on the public port leaves behind: its count and time in the metrics (by route pattern,
// never the raw URL, and status) and, at info level, one access log line with its request id (Fastify's default is two).
// Answers sent by the framework and prepared ones (src/http/prepared-answers.ts) are recorded by this one function.
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import fp from 'fastify-plugin'
import type { Metrics } from '../metrics/metrics.ts'

/** Records one answered request; `ms` is the time it took to answer; `prepared`: sent before the framework (src/http/prepared-answers.ts). */
export type AnsweredRequest = (route: string | undefined, reqId: string, method: string, url: string, statusCode: number, ms: number, prepared?: boolean) => void

/** What records answered requests, or undefined when nothing would (no metrics, and the log below info). */
export function answeredRequests (logger: Logger, metrics: Metrics | undefined): AnsweredRequest | undefined {
  const logging = logger.isLevelEnabled('info')
  if (!logging && metrics === undefined) return undefined
  return (route, reqId, method, url, statusCode, ms, prepared = false) => {
    metrics?.observeRequest(route, statusCode, ms / 1000)
    if (!logging) return
    // The parent logger with the id as a field: the same line the request's child would write, without making one.
    const line = { reqId, method, url, statusCode, ms: Math.round(ms * 10) / 10 }
    logger.info(prepared ? { ...line, prepared } : line, 'request')
  }
}

/** With nothing to record there is no hook at all, not one that builds a line to drop. */
async function answeredRequestsHook (app: FastifyInstance, options: { answered: AnsweredRequest | undefined }): Promise<void> {
  const { answered } = options
  if (answered === undefined) return
  app.addHook('onResponse', (request, reply, done) => {
    answered(request.routeOptions.url, request.id, request.method, request.url, reply.statusCode, reply.elapsedTime)
    done()
  })
}

export default fp(answeredRequestsHook, { name: 'answered-requests' })
