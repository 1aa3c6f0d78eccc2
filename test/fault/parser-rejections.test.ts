// Requests Node's HTTP parser rejects, sent over raw sockets to a real `status-api serve`: one answer per request
// (never a 200 and then an unsolicited 400 on the same connection), and every rejection logged, throttled, with why.
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { describe, it } from 'node:test'
import { startApp } from '../services/app-process.ts'
import { tempDir } from '../helper.ts'
import { eventually } from './steady-load.ts'

/**
 * Sends `raw` (and, once the server has answered it, `then`) and returns everything the server wrote until it
 * closed the connection (or 3 s passed).
 */
async function exchange (url: string, raw: string, then?: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return await new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
      if (then !== undefined && /\r\n\r\n/.test(received)) {
        socket.write(then)
        then = undefined
      }
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
    socket.setTimeout(3000, () => socket.destroy())
    socket.write(raw)
  })
}

/** Status lines anywhere (a second response follows the first body directly, not on a line of its own). */
const statusLines = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g) ?? []

describe('requests the HTTP parser rejects', () => {
  it('a malformed chunked body: exactly one response on the connection; 400, 431 logged with their reason, throttled', async (t) => {
    const app = await startApp({ DATA_DIR: tempDir(t), RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' })
    t.after(() => app.stop('SIGKILL'))

    for (let i = 0; i < 5; i++) {
      // The GET is answered (200) from its headers; the body that follows cannot be parsed.
      const answer = await exchange(app.url, 'GET /api/v1/liveness HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n', 'zz\r\nnot a chunk\r\n\r\n')
      assert.equal(statusLines(answer).length, 1, `one response per request, got: ${statusLines(answer).join(', ')}`)
    }
    const huge = await exchange(app.url, `GET /api/v1/liveness HTTP/1.1\r\nHost: a\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`)
    assert.deepEqual(statusLines(huge), ['HTTP/1.1 431'])
    const garbage = await exchange(app.url, 'GARBAGE\x00 / HTTP/1.1\r\n\r\n')
    assert.deepEqual(statusLines(garbage), ['HTTP/1.1 400'])

    await eventually('three kinds of rejection logged', 3000, async () => (app.output.match(/request rejected by the HTTP parser/g) ?? []).length >= 3)
    const lines = app.output.split('\n').filter((line) => line.includes('request rejected by the HTTP parser'))
    const chunked = lines.filter((line) => /HPE_INVALID_CHUNK_SIZE/.test(line))
    assert.equal(chunked.length, 1, `five chunked rejections, one log line within 10 s:\n${lines.join('\n')}`)
    assert.ok(lines.some((line) => /"status":431/.test(line)), 'the 431 is logged')
    assert.ok(lines.some((line) => /"status":400/.test(line) && !/HPE_INVALID_CHUNK_SIZE/.test(line)), 'the garbage request is logged')
  })
})
