// Compression (docs/en/architecture.md#beyond-the-spec): br and gzip variants of every large body sent from memory, chosen by Accept-Encoding,
// each with its own ETag and 304, Vary on all of them — over real HTTP, decoded and compared byte for byte.
import assert from 'node:assert/strict'
import { request, type IncomingHttpHeaders } from 'node:http'
import { describe, it, type TestContext } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { preferredCoding } from '../../src/http/accept-encoding.ts'
import { encodeOnce } from '../../src/lib/serialized.ts'
import { buildTestApp } from '../helper.ts'

interface Answer { status: number, headers: IncomingHttpHeaders, body: Buffer }

/** One request over a real socket; the body exactly as sent (node:http decodes nothing). */
function get (port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
    })
    sent.on('error', reject)
    sent.end()
  })
}

async function listening (t: TestContext): Promise<number> {
  const { app, context } = await buildTestApp(t)
  await context.monitor.runOnce()
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as { port: number }).port
}

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const

/** Large bodies from each place that sends from memory: serialised JSON, discovery documents, pages, assets. */
const LARGE = ['/api/v1/health/history', '/api/v1/openapi.json', '/llms.txt', '/docs/api', '/de/docs/api', '/status', '/', '/assets/site.css']


/** Whether a Vary value names Accept-Encoding (documents that embed the request's host vary on Host as well). */
function varies (vary: string | string[] | undefined): boolean {
  return String(vary ?? '').split(',').map((name) => name.trim()).includes('Accept-Encoding')
}

describe('compression', () => {
  it('sends br and gzip variants of every large body that decode to the plain bytes, each with its own ETag and Vary', async (t) => {
    const port = await listening(t)
    for (const path of LARGE) {
      const plain = await get(port, path)
      assert.equal(plain.status, 200, path)
      assert.ok(plain.body.length >= 1024, `${path} is large enough to compress`)
      assert.equal(plain.headers['content-encoding'], undefined, path)
      assert.ok(varies(plain.headers.vary), `${path}: the plain variant says it varies too`)
      const etags = new Set([plain.headers.etag])
      for (const coding of ['br', 'gzip'] as const) {
        const encoded = await get(port, path, { 'accept-encoding': coding })
        assert.equal(encoded.status, 200, path)
        assert.equal(encoded.headers['content-encoding'], coding, path)
        assert.ok(varies(encoded.headers.vary), path)
        assert.equal(encoded.headers['content-type'], plain.headers['content-type'], path)
        assert.equal(Number(encoded.headers['content-length']), encoded.body.length, path)
        assert.ok(encoded.body.length < plain.body.length / 2, `${path} ${coding}: ${encoded.body.length} of ${plain.body.length} bytes`)
        assert.deepEqual(DECODE[coding](encoded.body), plain.body, `${path} ${coding} decodes to the plain bytes`)
        assert.match(encoded.headers.etag ?? '', /^"[^"]+"$/, 'a strong ETag')
        etags.add(encoded.headers.etag)
      }
      assert.equal(etags.size, 3, `${path}: one ETag per encoding`)
    }
  })

  it('answers 304 to each encoding holding its own ETag, with Vary, and HEAD with the headers of GET', async (t) => {
    const port = await listening(t)
    for (const path of ['/api/v1/openapi.json', '/docs/api', '/assets/site.css']) {
      const variants = new Map<string, Answer>()
      for (const coding of ['identity', 'br', 'gzip']) variants.set(coding, await get(port, path, { 'accept-encoding': coding }))
      for (const [coding, variant] of variants) {
        const again = await get(port, path, { 'accept-encoding': coding, 'if-none-match': variant.headers.etag! })
        assert.equal(again.status, 304, `${path} ${coding}`)
        assert.equal(again.body.length, 0)
        assert.equal(again.headers.etag, variant.headers.etag)
        assert.ok(varies(again.headers.vary))
        assert.equal(again.headers['content-encoding'], undefined, 'a 304 has no content to be encoded')
        const head = await get(port, path, { 'accept-encoding': coding }, 'HEAD')
        assert.equal(head.status, 200)
        assert.equal(head.body.length, 0)
        for (const name of ['etag', 'vary', 'content-encoding', 'content-type', 'content-length', 'cache-control']) {
          assert.equal(head.headers[name], variant.headers[name], `${path} ${coding} HEAD ${name}`)
        }
      }
      // A client holding the gzip variant's tag that now asks for br gets the br variant in full.
      const switched = await get(port, path, { 'accept-encoding': 'br', 'if-none-match': variants.get('gzip')!.headers.etag! })
      assert.equal(switched.status, 200)
      assert.equal(switched.headers['content-encoding'], 'br')
    }
  })

  it('picks the coding by Accept-Encoding over real HTTP, and leaves small bodies and errors alone', async (t) => {
    const port = await listening(t)
    const asked: Array<[string, string | undefined]> = [
      ['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['br;q=0.5, gzip', 'gzip'], ['identity', undefined], ['*', 'br'], ['deflate', undefined]
    ]
    for (const [header, coding] of asked) {
      const answer = await get(port, '/api/v1/openapi.json', { 'accept-encoding': header })
      assert.equal(answer.headers['content-encoding'], coding, header)
    }
    const small = await get(port, '/api/v1/liveness', { 'accept-encoding': 'br, gzip' })
    assert.equal(small.headers['content-encoding'], undefined, 'under 1 KiB: as it is')
    assert.equal(small.headers.vary, undefined, 'a body with one variant does not vary')
    assert.equal(small.body.toString(), '{"status":"alive"}')
    const missing = await get(port, '/api/v1/nope', { 'accept-encoding': 'br, gzip' })
    assert.equal(missing.status, 404)
    assert.equal(missing.headers['content-encoding'], undefined)
  })

  it('reads Accept-Encoding as RFC 9110 says: q-values, identity, *, q=0; br before gzip among equals', () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined], ['', undefined], ['br', 'br'], ['gzip', 'gzip'], ['BR', 'br'], ['x-gzip', 'gzip'],
      ['gzip, br', 'br'], ['gzip;q=1, br;q=0.9', 'gzip'], ['br;q=0, gzip', 'gzip'], ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'], ['*;q=0', undefined], ['*;q=0, gzip', 'gzip'], ['*, br;q=0', 'gzip'], ['identity', undefined],
      ['gzip;q=0.5, identity', undefined], ['identity;q=0, gzip;q=0.1', 'gzip'], ['gzip;q=0.5, br;q=0.5', 'br'],
      ['gzip;q=2', undefined], ['gzip;q=abc', undefined], ['deflate, compress', undefined], ['gzip ; q=0.8 , identity;q=0.5', 'gzip']
    ]
    for (const [header, coding] of cases) assert.equal(preferredCoding(header), coding, String(header))
  })

  it('compresses a body once per encoding, from its first send, never per request; not at all under 1 KiB', () => {
    const text = JSON.stringify({ words: Array.from({ length: 300 }, (_, i) => `word${i}`) })
    const body = encodeOnce(text, text)
    assert.ok(body.compressed !== undefined)
    const br = body.compressed('br')
    assert.ok(br !== undefined)
    assert.equal(body.compressed('br'), br, 'the same bytes, not compressed again')
    assert.equal(body.compressed(undefined), undefined, 'a client that accepts no coding gets the body as it is')
    const gzip = body.compressed('gzip')
    assert.ok(gzip !== undefined)
    assert.equal(body.compressed('gzip'), gzip)
    assert.notEqual(br.etag, gzip.etag)
    assert.equal(encodeOnce('x', '{"x":1}').compressed, undefined)
  })

  it('keeps a body and each variant in buffers of their own size, not in slices of a shared pool or of zlib\'s 64 KiB buffer', () => {
    const small = JSON.stringify({ excerpt: 'Rate limits — per client address …' })
    const { payload } = encodeOnce(small, small)
    assert.ok(Buffer.isBuffer(payload), 'not ASCII: encoded once')
    assert.equal(payload.buffer.byteLength, payload.length, 'a kept 50-byte body does not hold an 8 KiB pool')

    const text = JSON.stringify({ words: Array.from({ length: 3000 }, (_, i) => `word${i}`) })
    for (const durability of ['lasting', 'rebuilt'] as const) {
      const body = encodeOnce(text, text, durability)
      for (const coding of ['br', 'gzip'] as const) {
        const { payload } = body.compressed!(coding)!
        assert.ok(payload.length < text.length / 4, `${coding} compresses`)
        assert.equal(payload.buffer.byteLength, payload.length, `${durability} ${coding}: holds ${payload.buffer.byteLength} bytes for ${payload.length}`)
      }
    }
  })

  it('compresses the first answer of every body: a rebuilt one, a search answer, a per-Host document asked for once', async (t) => {
    const port = await listening(t)
    const br = { 'accept-encoding': 'br, gzip' }
    const first = await get(port, '/api/v1/health/history', br)
    assert.equal(first.headers['content-encoding'], 'br', 'the first send is compressed')
    assert.ok(varies(first.headers.vary), 'saying that it varies')
    const second = await get(port, '/api/v1/health/history', br)
    assert.equal(second.headers.etag, first.headers.etag, 'the same variant, not compressed again')

    const search = '/docs/api/search?q=rate%20limit&limit=20'
    const plain = await get(port, search)
    assert.ok(plain.body.length >= 1024, 'large enough to compress')
    const asked = [await get(port, search, br), await get(port, search, br), await get(port, search, br)]
    assert.deepEqual(asked.map((answer) => answer.headers['content-encoding']), ['br', 'br', 'br'],
      'asked once: made and compressed, not kept; again: kept and compressed; then the kept variant')
    assert.ok(asked.every((answer) => varies(answer.headers.vary)))
    assert.equal(asked[1]!.headers.etag, asked[0]!.headers.etag, 'the same answer, the same ETag')
    assert.notEqual(asked[0]!.headers.etag, plain.headers.etag, 'the br variant has its own')
    assert.deepEqual(brotliDecompressSync(asked[2]!.body), plain.body)
    const again = await get(port, search, { ...br, 'if-none-match': asked[2]!.headers.etag! })
    assert.equal(again.status, 304)
    const kept = await get(port, search, { ...br, 'if-none-match': plain.headers.etag! })
    assert.equal(kept.status, 304, 'a client that kept the body as it is revalidates with its ETag, whatever it accepts now')

    const perHost = async (host: string) => (await get(port, '/api/v1/openapi.json', { ...br, host })).headers['content-encoding']
    assert.deepEqual([await perHost('b.example'), await perHost('c.example'), await perHost('c.example')], ['br', 'br', 'br'],
      'a Host asked for once, and again')
  })
})
