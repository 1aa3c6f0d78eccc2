// The reporter over HTTP against a real local receiver: the token and the batch it sends, a failed send kept and sent
// again with the next beat (the latest report of each shard), a refused one dropped, nothing ever thrown into the bot.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { openHeartbeatReporter } from '../../src/bot/heartbeat-reporter.ts'

interface Received { authorization: string | undefined, reports: Array<{ shard: number, status: string }> }

/** A receiver answering each request with the next status of `answers` (then 200). */
async function receiver (t: { after: (fn: () => Promise<void>) => void }, answers: number[]) {
  const received: Received[] = []
  const server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.setEncoding('utf8').on('data', (chunk: string) => { body += chunk }).on('end', () => {
      received.push({ authorization: request.headers.authorization, reports: (JSON.parse(body) as { reports: Received['reports'] }).reports })
      const status = answers.shift() ?? 200
      response.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'application/problem+json' })
      response.end(JSON.stringify(status === 200 ? { recorded: 1 } : { status, detail: `answered ${status}` }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(() => new Promise((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, received }
}

describe('the heartbeat reporter over HTTP', () => {
  it('sends the batch with the token; a failed send is retried with the next beat, the latest report per shard', async (t) => {
    const { url, received } = await receiver(t, [503])
    const errors: string[] = []
    const reporter = openHeartbeatReporter({ url, token: 'bot-token', onError: (message) => errors.push(message) })
    await reporter.reportAll([{ shard: 0, status: 'connecting' }, { shard: 1, status: 'ready', pingMs: 40 }])
    assert.equal(errors.length, 1)
    assert.match(errors[0]!, /HTTP 503: answered 503/)
    await reporter.report({ shard: 0, status: 'ready', pingMs: 35 })
    await reporter.close()
    assert.equal(received.length, 2)
    assert.equal(received[0]!.authorization, 'Bearer bot-token')
    assert.deepEqual(received[1]!.reports, [{ shard: 0, status: 'ready', pingMs: 35 }, { shard: 1, status: 'ready', pingMs: 40 }])
  })

  it('drops what the service refuses, and never throws: not for a refusal, an unreachable service or a bad report', async (t) => {
    const { url, received } = await receiver(t, [400])
    const errors: string[] = []
    const reporter = openHeartbeatReporter({ url, token: 'bot-token', onError: (message) => errors.push(message) })
    await reporter.report({ shard: 0, status: 'ready' })
    await reporter.report({ shard: 1, status: 'ready' })
    assert.deepEqual(received.map((r) => r.reports.map((report) => report.shard)), [[0], [1]], 'the refused report was not sent again')
    await reporter.report({ shard: -1, status: 'ready' })
    assert.match(errors.at(-1)!, /a heartbeat was not sent: shard must be a whole number/)
    const away = openHeartbeatReporter({ url: 'http://127.0.0.1:9/', token: 'x', onError: (message) => errors.push(message), timeoutMs: 2000 })
    await away.report({ shard: 0, status: 'ready' })
    assert.match(errors.at(-1)!, /cannot be reached/)
  })
})
