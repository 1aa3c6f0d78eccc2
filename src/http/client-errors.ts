// Requests Node's HTTP server or the router would answer on their own — what the parser rejects (bad syntax, huge
// headers, timeouts), CONNECT, an Expect other than 100-continue, an undecodable URL — still get problem+json with
// the headers every other answer carries.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendProblem } from './conventions.ts'
import { DATA_CSP, cacheControl, corsHeaders, securityHeaders } from './headers.ts'
import { PROBLEM_CONTENT_TYPE, problems, type ProblemError } from '../api/problems.ts'

/** Not imported: an import of node:http loads its WebSocket client as well (see src/api/problems.ts). */
const { STATUS_CODES } = process.getBuiltinModule('node:http')

const STATUS_BY_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408
}

/** The complete header set of a problem answered outside Fastify, as `sendProblem` and the conventions give it. */
function problemHeaders (error: ProblemError, body: string, requestId: string): Record<string, string> {
  return {
    ...error.headers,
    'content-type': PROBLEM_CONTENT_TYPE,
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': cacheControl.noStore,
    ...corsHeaders,
    ...securityHeaders,
    'content-security-policy': DATA_CSP,
    'x-request-id': requestId,
    connection: 'close'
  }
}

/**
 * Writes the problem straight to a socket no HTTP response object owns, then closes it. A socket that has written
 * anything has answered (a GET answered 200 before its malformed chunked body failed to parse): a second, unsolicited
 * response would be read as the answer to the next request, so it is only closed.
 */
function writeToSocket (socket: Duplex, error: ProblemError, requestId: string, answered = answeredBefore(socket)): void {
  const body = JSON.stringify(error.problem)
  if (socket.writable && !answered) {
    const status = error.problem.status
    const headers = Object.entries(problemHeaders(error, body, requestId)).map(([name, value]) => `${name}: ${value}`)
    socket.write([`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...headers, '', body].join('\r\n'))
  }
  socket.destroy()
}

/** Whether the socket has written anything: a response, whole or in part, of a request before this one. */
function answeredBefore (socket: Duplex): boolean {
  return ((socket as Duplex & { bytesWritten?: number }).bytesWritten ?? 0) > 0
}

/**
 * Whether a response is still being written on the socket (Node attaches the response in progress to its socket and
 * detaches it when it is finished): a kept-alive connection whose earlier answers are complete is free to answer.
 */
function responseInFlight (socket: Duplex): boolean {
  const current = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage
  return current !== undefined && current !== null && !current.writableFinished
}

/** Node's `clientError`: the parser gave up on the request (no response object exists); `log` hears why. */
export function clientErrorHandler (nextRequestId: () => string, log?: (status: number, reason: string) => void) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return
    const status = STATUS_BY_CODE[error.code ?? ''] ?? 400
    log?.(status, error.code ?? 'unknown')
    writeToSocket(socket, problems.clientError(status), nextRequestId())
  }
}

/**
 * Node's `connect`: a CONNECT request is never routed; this read-only API answers it 405 like any other method, also
 * on a kept-alive connection that answered requests before it (Node emits `connect` only once the request is parsed
 * whole, so the earlier answers are complete unless one is still being written).
 */
export function connectHandler (nextRequestId: () => string) {
  return (request: IncomingMessage, socket: Duplex): void => {
    writeToSocket(socket, problems.methodNotAllowed(request.method ?? 'CONNECT'), nextRequestId(), responseInFlight(socket))
  }
}

/** Node's `checkExpectation`: any Expect but 100-continue (which Node answers itself) is refused with 417. */
export function expectationHandler (nextRequestId: () => string) {
  return (_request: IncomingMessage, response: ServerResponse): void => {
    const error = problems.clientError(417, 'The only expectation this server meets is 100-continue.')
    const body = JSON.stringify(error.problem)
    response.writeHead(417, problemHeaders(error, body, nextRequestId())).end(body)
  }
}

/** The longest path segment routed (Fastify's maxParamLength); no id or name of this API comes near it. */
export const MAX_PATH_SEGMENT = 200

/**
 * Fastify's own pre-routing errors: a 400 problem like any other, naming the cause (a segment too long to be any id,
 * such as a 5,000-digit server id; a URL that does not decode, such as `/%`).
 */
export function handleFrameworkError (error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = (error as { code?: unknown }).code === 'FST_ERR_MAX_PARAM_LENGTH'
  sendProblem(reply, problems.invalidRequest(tooLong
    ? `A part of the request path is longer than ${MAX_PATH_SEGMENT} characters: no id or name of this API is that long.`
    : 'The request URL could not be decoded.'))
}
