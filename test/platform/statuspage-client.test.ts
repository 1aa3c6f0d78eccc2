// The Statuspage client against a real HTTP server on loopback: every misbehaviour becomes an UpstreamError
// with a fixed reason, in bounded time, without reading past the size limit or naming the host.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createServer } from 'node:net'
import { DEFAULT_LIMITS, fetchStatuspageSummary, type FetchLimits } from '../../src/platform/statuspage-client.ts'
import { UpstreamError, type UpstreamFailure } from '../../src/platform/upstream-error.ts'
import { freePort } from '../services/ports.ts'
import { StatuspageServer, fixture, type Behaviour } from './statuspage-server.ts'

const MiB = 1024 * 1024
/** A short timeout keeps the hanging cases quick; the route tests use the real 3 s. */
const QUICK: FetchLimits = { timeoutMs: 400, maxBytes: MiB }

describe('the Statuspage client', () => {
  let server: StatuspageServer
  before(async () => { server = await StatuspageServer.start() })
  after(() => server.close())

  async function failure (behaviour: Behaviour, limits = QUICK): Promise<{ reason: UpstreamFailure, message: string, ms: number }> {
    server.serve(behaviour)
    const started = performance.now()
    const error = await fetchStatuspageSummary(new URL(server.url), limits).then(() => undefined, (e: unknown) => e)
    assert.ok(error instanceof UpstreamError, `expected an UpstreamError, got ${String(error)}`)
    assert.ok(!error.message.includes('127.0.0.1') && !error.message.includes(String(server.port)), 'no host in the message')
    return { reason: error.reason, message: error.message, ms: performance.now() - started }
  }

  it('returns a valid summary as sent', async () => {
    server.serve({ kind: 'fixture', name: 'major-outage' })
    const summary = await fetchStatuspageSummary(new URL(server.url), DEFAULT_LIMITS)
    assert.deepEqual(summary, JSON.parse(fixture('major-outage')))
  })

  it('uses a 3 s timeout and a 1 MiB limit by default', () => {
    assert.deepEqual(DEFAULT_LIMITS, { timeoutMs: 3000, maxBytes: MiB })
  })

  it('a server that never answers: timeout, within the limit', async () => {
    const { reason, ms } = await failure({ kind: 'hang' })
    assert.equal(reason, 'timeout')
    assert.ok(ms < QUICK.timeoutMs + 1000, `took ${ms} ms`)
  })

  it('a body that stops half-way: the timeout covers the body too', async () => {
    const { reason, ms } = await failure({ kind: 'stall-body' })
    assert.equal(reason, 'timeout')
    assert.ok(ms < QUICK.timeoutMs + 1000, `took ${ms} ms`)
  })

  it('a 500: http_status', async () => {
    const { reason, message } = await failure({ kind: 'status', status: 500 })
    assert.equal(reason, 'http_status')
    assert.equal(message, 'http_status: 500')
  })

  it('HTML instead of JSON: invalid_json', async () => {
    assert.equal((await failure({ kind: 'body', body: '<!doctype html><title>Down</title>', contentType: 'text/html' })).reason, 'invalid_json')
  })

  it('truncated JSON: invalid_json', async () => {
    assert.equal((await failure({ kind: 'body', body: fixture('operational').slice(0, 700) })).reason, 'invalid_json')
  })

  it('a connection dropped mid-body: unreachable', async () => {
    assert.equal((await failure({ kind: 'cut' })).reason, 'unreachable')
  })

  it('wrong types: invalid_body, naming the field', async () => {
    const summary = JSON.parse(fixture('operational'))
    summary.components[0].status = 42
    const { reason, message } = await failure({ kind: 'body', body: JSON.stringify(summary) })
    assert.equal(reason, 'invalid_body')
    assert.match(message, /\/components\/0\/status/)
  })

  it('valid JSON of another shape, and an unknown status value: invalid_body', async () => {
    assert.equal((await failure({ kind: 'body', body: '[1,2,3]' })).reason, 'invalid_body')
    const summary = JSON.parse(fixture('operational'))
    summary.status.indicator = 'apocalyptic'
    assert.equal((await failure({ kind: 'body', body: JSON.stringify(summary) })).reason, 'invalid_body')
  })

  it('a declared 5 MiB body: too_large before reading it', async () => {
    server.bodyBytesWritten = 0
    server.clientHungUp = false
    const { reason } = await failure({ kind: 'large', bytes: 5 * MiB, declareLength: true }, DEFAULT_LIMITS)
    assert.equal(reason, 'too_large')
  })

  it('an undeclared (chunked) 5 MiB body: too_large', async () => {
    const { reason } = await failure({ kind: 'large', bytes: 5 * MiB, declareLength: false }, DEFAULT_LIMITS)
    assert.equal(reason, 'too_large')
  })

  it('a body that never ends: too_large as soon as the limit is passed, and the client hangs up', async () => {
    server.bodyBytesWritten = 0
    server.clientHungUp = false
    const { reason } = await failure({ kind: 'endless' }, { timeoutMs: 60_000, maxBytes: MiB })
    assert.equal(reason, 'too_large', 'stopped by the size limit (a 60 s timeout would have failed the test run)')
    await waitFor(() => server.clientHungUp)
  })

  it('nothing listening: unreachable', async () => {
    const port = await freePort()
    const error = await fetchStatuspageSummary(new URL(`http://127.0.0.1:${port}/api/v2/summary.json`), QUICK).catch((e: unknown) => e)
    assert.ok(error instanceof UpstreamError)
    assert.equal(error.reason, 'unreachable')
    assert.ok(!error.message.includes(String(port)))
  })

  it('a peer that accepts and closes without HTTP: unreachable', async () => {
    const rude = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => rude.listen(0, '127.0.0.1', resolve))
    const port = (rude.address() as { port: number }).port
    const error = await fetchStatuspageSummary(new URL(`http://127.0.0.1:${port}/`), QUICK).catch((e: unknown) => e)
    rude.close()
    assert.ok(error instanceof UpstreamError)
    assert.equal(error.reason, 'unreachable')
  })
})

/** Waits (bounded) for a condition the server sets on its own socket events. */
async function waitFor (condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
  assert.ok(condition(), 'condition reached')
}
