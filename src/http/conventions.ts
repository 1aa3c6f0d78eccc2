// The HTTP rules for every route (docs/en/architecture.md#api-contract), present and future: methods, CORS, security headers,
// Cache-Control, ETag/304, problem+json errors, discovery links on HTML.
import type { IncomingMessage } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  DATA_CSP, HTML_CSP, cacheControl, corsHeaders, htmlLinkHeader, htmlSecurityHeaders, ifNoneMatchHits, preflightHeaders, securityHeaders
} from './headers.ts'
import { ALLOWED_METHODS, PROBLEM_CONTENT_TYPE, ProblemError, problems } from '../api/problems.ts'
import { PATTERN_MEANINGS } from '../api/search.ts'
import { etagOf } from '../lib/etag.ts'
import { HTML_TYPE, type SendableBody } from '../lib/serialized.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache-Control for successful responses of this route; errors are always `no-store`. */
    cacheControl?: string
  }
}

export interface ConventionsOptions {
  staging: boolean
  /** The HTML 404 page for this request, when a browser asks for an address that does not exist (not-found-page.ts). */
  notFoundPage?: (request: FastifyRequest) => SendableBody | undefined
  /** True once graceful shutdown began: every response then closes its connection, so the drain ends when it is sent. */
  draining?: () => boolean
}

const READ_METHODS = new Set(['GET', 'HEAD'])

/** Every error is a problem with its request id: the one thing to quote when reporting it (it is in the log line too). */
export function sendProblem (reply: FastifyReply, error: ProblemError): FastifyReply {
  return reply.code(error.problem.status).headers(error.headers).type(PROBLEM_CONTENT_TYPE)
    .headers({ 'cache-control': cacheControl.noStore, 'x-request-id': reply.request.id }).send(JSON.stringify(error.problem))
}

async function conventions (app: FastifyInstance, options: ConventionsOptions): Promise<void> {
  // Header sets built once, each complete for its kind of response: this code runs on every request.
  const dataResponse = { ...corsHeaders, ...securityHeaders, 'content-security-policy': DATA_CSP }
  const htmlResponse = {
    ...corsHeaders,
    ...securityHeaders,
    ...htmlSecurityHeaders,
    'content-security-policy': HTML_CSP,
    link: htmlLinkHeader(options.staging),
    ...(options.staging ? { 'x-robots-tag': 'noindex' } : {})
  }
  const draining = options.draining ?? (() => false)
  const preflight = { ...preflightHeaders, allow: ALLOWED_METHODS, 'content-length': '0' }

  // Callback-style hooks: no promise per request on the hot path. Reads pass straight through.
  app.addHook('onRequest', (request, reply, done) => {
    if (!hostIsWellFormed(request.raw)) {
      return sendProblem(reply, problems.clientError(400, 'An HTTP/1.1 request carries exactly one Host header.'))
    }
    if (READ_METHODS.has(request.method)) return done()
    // CORS preflight and capability discovery: no content, so Content-Length is 0 (RFC 9110 §9.3.7).
    if (request.method === 'OPTIONS') reply.code(204).headers(preflight).send()
    else sendProblem(reply, problems.methodNotAllowed(request.method))
  })

  // Every response passes here, errors and 404s included: its headers are decided in one place.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type')
    if (typeof type === 'string' && type.startsWith('text/html')) {
      // A page's own links (a history page's prev and next) come before the discovery links every page carries.
      const own = reply.getHeader('link')
      reply.headers(htmlResponse)
      if (typeof own === 'string') reply.header('link', `${own}, ${htmlResponse.link}`)
    } else {
      reply.headers(dataResponse)
    }
    if (draining()) reply.header('connection', 'close')
    if (reply.statusCode !== 200) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl.noStore)
      return done(null, payload)
    }
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', request.routeOptions.config.cacheControl ?? cacheControl.noStore)
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
    let etag = reply.getHeader('etag') as string | undefined
    if (etag === undefined) {
      etag = etagOf(payload)
      reply.header('etag', etag)
    }
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length').removeHeader('content-encoding')
      return done(null, '')
    }
    done(null, payload)
  })

  // A browser that hits a wrong address gets a page to find its way back; everyone else the problem.
  const sendNotFound = (request: FastifyRequest, reply: FastifyReply, error: ProblemError): FastifyReply => {
    const page = options.notFoundPage?.(request)
    if (page === undefined) return sendProblem(reply, error)
    return reply.code(404).type(HTML_TYPE).header('cache-control', cacheControl.noStore).send(page.payload)
  }
  app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, problems.notFound()))

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ProblemError) return error.problem.status === 404 ? sendNotFound(request, reply, error) : sendProblem(reply, error)
    if (error.validation !== undefined) {
      return sendProblem(reply, problems.invalidRequest(validationDetail(error)))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return sendProblem(reply, problems.clientError(status))
    request.log.error({ err: error }, 'unhandled error')
    return sendProblem(reply, problems.internal())
  })
}

/** RFC 9112 §3.2: a request with more than one Host header, or an HTTP/1.1 request with none, gets 400. */
export function hostIsWellFormed (raw: IncomingMessage): boolean {
  const headers = raw.rawHeaders
  let hosts = 0
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!
    if (name.length === 4 && name.toLowerCase() === 'host') hosts++
  }
  return hosts === 1 || (hosts === 0 && raw.httpVersion !== '1.1')
}

/** A readable sentence from Ajv's errors, naming the parameter but never echoing the input. */
function validationDetail (error: FastifyError): string {
  const first = error.validation?.[0]
  const where = error.validationContext ?? 'request'
  if (first === undefined) return `The ${where} is not valid.`
  const params = first.params as { missingProperty?: string, pattern?: string, allowedValues?: unknown[] }
  // A repeatable parameter's value is named by the parameter, not its place in the list (`component/1`).
  const name = String(first.instancePath || params.missingProperty || '').replace(/^\//, '').replace(/\/\d+$/, '')
  // A value outside an enum is told the values allowed (they are public: the contract lists them).
  const allowed = first.keyword === 'enum' && Array.isArray(params.allowedValues) ? `must be one of: ${params.allowedValues.join(', ')}` : undefined
  const message = allowed ?? (first.keyword === 'pattern' ? PATTERN_MEANINGS[params.pattern ?? ''] : undefined) ?? first.message ?? 'is not valid'
  return `The ${where === 'querystring' ? 'query' : where} parameter ${name === '' ? '' : `"${name}" `}${message}.`.replace(/\s+/g, ' ')
}

export default fp(conventions, { name: 'http-conventions' })
