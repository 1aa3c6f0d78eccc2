// The HTTP rules of DESIGN §4 for every route, present and future: methods, CORS, security headers,
// Cache-Control, ETag/304, problem+json errors, discovery links on HTML.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  DATA_CSP, HTML_CSP, cacheControl, corsHeaders, etagOf, htmlLinkHeader, ifNoneMatchHits, preflightHeaders, securityHeaders
} from './headers.ts'
import { ALLOWED_METHODS, PROBLEM_CONTENT_TYPE, ProblemError, problems } from './problems.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache-Control for successful responses of this route; errors are always `no-store`. */
    cacheControl?: string
  }
}

export interface ConventionsOptions {
  staging: boolean
}

const READ_METHODS = new Set(['GET', 'HEAD'])

export function sendProblem (reply: FastifyReply, error: ProblemError): FastifyReply {
  return reply.code(error.problem.status).headers(error.headers).type(PROBLEM_CONTENT_TYPE)
    .header('cache-control', cacheControl.noStore).send(JSON.stringify(error.problem))
}

async function conventions (app: FastifyInstance, options: ConventionsOptions): Promise<void> {
  const linkHeader = htmlLinkHeader(options.staging)

  app.addHook('onRequest', async (request, reply) => {
    reply.headers({ ...corsHeaders, ...securityHeaders, 'x-request-id': request.id })
    if (READ_METHODS.has(request.method)) return
    if (request.method === 'OPTIONS') {
      // CORS preflight and capability discovery: no content, so Content-Length is 0 (RFC 9110 §9.3.7).
      return reply.code(204).headers({ ...preflightHeaders, allow: ALLOWED_METHODS, 'content-length': '0' }).send()
    }
    return sendProblem(reply, problems.methodNotAllowed(request.method))
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    const html = type.startsWith('text/html')
    reply.header('content-security-policy', html ? HTML_CSP : DATA_CSP)
    if (html) {
      reply.header('link', linkHeader)
      if (options.staging) reply.header('x-robots-tag', 'noindex')
    }
    if (reply.statusCode !== 200) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl.noStore)
      return payload
    }
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', request.routeOptions.config.cacheControl ?? cacheControl.noStore)
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    let etag = reply.getHeader('etag') as string | undefined
    if (etag === undefined) {
      etag = etagOf(payload)
      reply.header('etag', etag)
    }
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length')
      return ''
    }
    return payload
  })

  app.setNotFoundHandler((_request, reply) => sendProblem(reply, problems.notFound()))

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ProblemError) return sendProblem(reply, error)
    if (error.validation !== undefined) {
      return sendProblem(reply, problems.invalidRequest(validationDetail(error)))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return sendProblem(reply, problems.clientError(status))
    request.log.error({ err: error }, 'unhandled error')
    return sendProblem(reply, problems.internal())
  })
}

/** A readable sentence from Ajv's errors, naming the parameter but never echoing the input. */
function validationDetail (error: FastifyError): string {
  const first = error.validation?.[0]
  const where = error.validationContext ?? 'request'
  if (first === undefined) return `The ${where} is not valid.`
  const name = String(first.instancePath || (first.params as { missingProperty?: string }).missingProperty || '').replace(/^\//, '')
  return `The ${where} parameter ${name === '' ? '' : `"${name}" `}${first.message ?? 'is not valid'}.`.replace(/\s+/g, ' ')
}

export default fp(conventions, { name: 'http-conventions' })
