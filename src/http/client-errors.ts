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

export function handleClientError (error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return
  const status = STATUS_BY_CODE[error.code ?? ''] ?? 400
  const body = JSON.stringify(problems.clientError(status).problem)
  if (socket.writable) {
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
