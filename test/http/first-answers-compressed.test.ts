// The first answers of a body are compressed (issue 34), in a real `status-api serve`: after each rebuild of the status
// page and health, the first br and the first gzip answer are br and gzip; a client that kept the body as it is gets a 304.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { request, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { startApp } from '../services/app-process.ts'

interface Answer { status: number, headers: IncomingHttpHeaders, body: Buffer }

/** One request over a real socket; the body exactly as sent (node:http decodes nothing). */
function get (url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
    })
    sent.on('error', reject)
    sent.end()
  })
}

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const

describe('first answers compressed, in a real process', () => {
  it('sends the first br and gzip answers of each rebuilt body compressed; the identity ETag revalidates to 304', async (t) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'status-api-first-compressed-'))
    t.after(() => rmSync(dataDir, { recursive: true, force: true }))
    const app = await startApp({ DATA_DIR: dataDir, PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))

    for (const coding of ['br', 'gzip'] as const) {
      for (const route of ['/status', '/api/v1/health/history', '/api/v1/openapi.json']) {
        const first = await get(`${app.url}${route}`, { 'accept-encoding': coding })
        assert.equal(first.status, 200, route)
        assert.equal(first.headers['content-encoding'], coding, `${route}: the process's first ${coding} answer is ${coding}`)
        assert.ok(DECODE[coding](first.body).length > 4 * first.body.length, `${route}: compressed well`)
      }
    }

    // The status page is rebuilt every probe round: each new body's first answer (a new ETag) is compressed too.
    const seen = new Set<string>()
    const firsts: Array<string | undefined> = []
    const until = Date.now() + 15_000
    while (firsts.length < 4 && Date.now() < until) {
      const coding = firsts.length % 2 === 0 ? 'br' : 'gzip'
      const answer = await get(`${app.url}/status`, { 'accept-encoding': coding })
      const etag = `${coding} ${answer.headers.etag}`
      if (!seen.has(etag)) {
        seen.add(etag)
        if (seen.size > 2) firsts.push(answer.headers['content-encoding']) // past the bodies already asked for above
      }
      await sleep(150)
    }
    assert.deepEqual(firsts, ['br', 'gzip', 'br', 'gzip'], 'after each rebuild, the first answer is compressed')

    const plain = await get(`${app.url}/api/v1/openapi.json`)
    assert.equal(plain.headers['content-encoding'], undefined)
    for (const coding of ['br', 'gzip']) {
      const again = await get(`${app.url}/api/v1/openapi.json`, { 'accept-encoding': coding, 'if-none-match': plain.headers.etag! })
      assert.equal(again.status, 304, `kept as it is, revalidated accepting ${coding}`)
      assert.equal(again.headers.etag, plain.headers.etag)
    }
    const br = await get(`${app.url}/api/v1/openapi.json`, { 'accept-encoding': 'br' })
    const brAgain = await get(`${app.url}/api/v1/openapi.json`, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! })
    assert.equal(brAgain.status, 304, 'the br variant revalidates with its own ETag')
  })
})
