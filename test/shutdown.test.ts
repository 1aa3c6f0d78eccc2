// Graceful shutdown: readiness fails at once, a request in flight still completes, then the stores close.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gracefulShutdown } from '../src/server.ts'
import { buildTestApp } from './helper.ts'

describe('graceful shutdown', () => {
  // The client keeps its connection alive (fetch does): the shutdown must not wait out the keep-alive timeout (72 s).
  it('finishes the request in flight, fails readiness meanwhile, and closes the database', { timeout: 20_000 }, async (t) => {
    const { app, context } = await buildTestApp(t)
    let release: () => void = () => {}
    let entered: () => void = () => {}
    const handlerEntered = new Promise<void>((resolve) => { entered = resolve })
    app.get('/test/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve
        entered()
      })
      return { done: true }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

    const inFlight = fetch(`${url}/test/slow`)
    await handlerEntered
    const stopping = gracefulShutdown(app, context)
    const readiness = await app.inject('/api/v1/readiness')
    assert.equal(readiness.statusCode, 503, 'readiness fails as soon as shutdown starts')
    release()
    const response = await inFlight
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { done: true })
    await stopping
    await assert.rejects(context.database.ping(500), 'the database is closed afterwards')
  })
})
