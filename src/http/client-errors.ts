// Requests rejected before routing — by Node's HTTP parser (bad syntax, huge headers, timeouts) or by the
// router (an undecodable URL) — still get problem+json.
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendProblem } from './conventions.ts'
import { PROBLEM_CONTENT_TYPE, problems } from '../api/problems.ts'

const STATUS_BY_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408
}

export function handleClientError (error: Error & { code?: string }, socket: Socket, log?: (status: number, reason: string) => void): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return
  const status = STATUS_BY_CODE[error.code ?? ''] ?? 400
  log?.(status, error.code ?? 'unknown')
  const body = JSON.stringify(problems.clientError(status).problem)
  // A socket that has written anything has answered (a GET answered 200 before its malformed chunked body failed
  // to parse): a second, unsolicited response would be read as the answer to the next request. Close it instead.
  if (socket.writable && socket.bytesWritten === 0) {
    socket.write([
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Access-Control-Allow-Origin: *',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '', body
    ].join('\r\n'))
  }
  socket.destroy()
}

/** Fastify's own pre-routing errors (FST_ERR_BAD_URL for `/%`, …): a 400 problem like any other. */
export function handleFrameworkError (_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  sendProblem(reply, problems.invalidRequest('The request URL could not be decoded.'))
}
