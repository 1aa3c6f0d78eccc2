// One log line per request with its id; the id an error response quotes is the one in its lines; a request that
// logs on its own (an unhandled error) logs with that id too, though its logger is only made when it first logs.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { pino } from 'pino'
import { buildTestApp } from '../helper.ts'

function capturedLogger () {
  const lines: Array<Record<string, unknown>> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>) } })
  return { logger, lines }
}

describe('request log', () => {
  it('writes one line per request, with the id an error response quotes', async (t) => {
    const { logger, lines } = capturedLogger()
    const { app } = await buildTestApp(t, { LOG_LEVEL: 'info' }, { logger })
    const ok = await app.inject('/api/v1/liveness')
    const missing = await app.inject('/nope')
    const requests = lines.filter((line) => line.msg === 'request')
    assert.equal(requests.length, 2)
    assert.deepEqual(requests.map((line) => [line.url, line.statusCode]), [['/api/v1/liveness', ok.statusCode], ['/nope', 404]])
    assert.equal(requests[1]!.reqId, missing.headers['x-request-id'])
    assert.notEqual(requests[0]!.reqId, requests[1]!.reqId, 'every request has its own id')
  })

  it('logs an unhandled error with the request id, and answers a problem without its text', async (t) => {
    const { logger, lines } = capturedLogger()
    const { app } = await buildTestApp(t, { LOG_LEVEL: 'info' }, { logger })
    app.get('/test-only/boom', () => { throw new Error('secret detail') })
    const response = await app.inject('/test-only/boom')
    assert.equal(response.statusCode, 500)
    assert.doesNotMatch(response.body, /secret detail/)
    const error = lines.find((line) => line.msg === 'unhandled error')
    assert.ok(error, 'the error is logged')
    assert.equal(error.reqId, response.headers['x-request-id'])
    assert.equal((error.err as { message: string }).message, 'secret detail', 'the log has what the response must not')
  })
})
