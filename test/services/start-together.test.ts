// startTogether: when one service fails to start, the ones that did are stopped, so a failed before() leaves nothing running.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { describe, it } from 'node:test'
import { startTogether } from './start-together.ts'

function listening (): Promise<{ server: Server, close: () => Promise<void> }> {
  const server = createServer((_request, response) => response.end())
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    server,
    close: () => new Promise((done) => server.close(() => done()))
  })))
}

describe('startTogether', () => {
  it('gives every service when all start', async () => {
    const [a, b] = await startTogether(listening(), listening())
    assert.ok(a.server.listening && b.server.listening)
    await Promise.all([a.close(), b.close()])
  })

  it('stops the services that started when one fails, and rethrows its error', async () => {
    const started = listening()
    await assert.rejects(startTogether(started, Promise.reject(new Error('PostgreSQL did not start'))), /PostgreSQL did not start/)
    assert.equal((await started).server.listening, false, 'the one that started is closed')
  })
})
