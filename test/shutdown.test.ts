// Graceful shutdown: readiness fails at once, a request in flight still completes — closing its keep-alive
// connection — and the drain ends as soon as it is sent; then the stores close.
import assert from 'node:assert/strict'
import { Agent, request } from 'node:http'
import { describe, it } from 'node:test'
import { once } from 'node:events'
import { gracefulShutdown } from '../src/server.ts'
import { buildTestApp, tempDir } from './helper.ts'
import { StatuspageServer } from './platform/statuspage-server.ts'
import { startApp } from './services/app-process.ts'

/** How long the drain may take once the last response is sent (the keep-alive timeout is 72 s). */
const DRAIN_BOUND_MS = 3000

function bounded<T> (promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms) })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

describe('graceful shutdown', () => {
  it('finishes the request in flight on a keep-alive connection, closes it, and ends the drain within 3 s of the response', async (t) => {
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
    const port = (app.server.address() as { port: number }).port
    const agent = new Agent({ keepAlive: true })
    t.after(() => agent.destroy())

    const inFlight = new Promise<{ status: number, connection: string | undefined, body: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/test/slow', agent }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => { body += chunk.toString() })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }))
      }).on('error', reject).end()
    })
    await handlerEntered
    const stopping = gracefulShutdown(app, context)
    const readiness = await app.inject('/api/v1/readiness')
    assert.equal(readiness.statusCode, 503, 'readiness fails as soon as shutdown starts')
    release()
    const response = await inFlight
    assert.equal(response.status, 200)
    assert.deepEqual(JSON.parse(response.body), { done: true })
    assert.equal(response.connection, 'close', 'a response sent during the drain closes its connection')
    await bounded(stopping, DRAIN_BOUND_MS, 'the drain after the last response')
    await assert.rejects(context.database.ping(500), 'the database is closed afterwards')
  })

  it('a real process on SIGTERM answers the keep-alive request in flight, then exits 0 within 3 s of that response', async (t) => {
    // The chat platform hangs, so GET /api/v1/health/discord is in flight until the 3 s upstream timeout.
    const platform = await StatuspageServer.start()
    t.after(() => platform.close())
    platform.serve({ kind: 'hang' })
    const app = await startApp({ DATA_DIR: tempDir(t), DISCORD_STATUS_URL: platform.url })
    t.after(() => app.stop('SIGKILL'))
    const agent = new Agent({ keepAlive: true })
    t.after(() => agent.destroy())
    const { port } = new URL(app.url)

    const inFlight = new Promise<{ status: number, connection: string | undefined }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/v1/health/discord', agent }, (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }))
      }).on('error', reject).end()
    })
    while (platform.requests === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    const exit = once(app.child, 'exit')
    app.child.kill('SIGTERM')
    const response = await inFlight
    assert.equal(response.status, 503, 'answered: no value from the chat platform yet')
    assert.equal(response.connection, 'close')
    const [code] = await bounded(exit, DRAIN_BOUND_MS, 'the exit after the last response')
    assert.equal(code, 0, `exit code 0 (output: ${app.output.slice(-500)})`)
  })
})
