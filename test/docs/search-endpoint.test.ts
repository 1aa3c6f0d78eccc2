// GET /docs/api/search and its German twin: the body contract, validation of q and limit, and that any input is
// just text (property-based with fast-check).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { Compile } from 'typebox/compile'
import { SearchBody } from '../../src/api/search.ts'
import { buildTestApp } from '../helper.ts'

const PROBLEM = 'application/problem+json; charset=utf-8'
const validBody = Compile(SearchBody)

function search (q: string, extra = '') {
  return `/docs/api/search?q=${encodeURIComponent(q)}${extra}`
}

describe('documentation search endpoint', () => {
  it('answers the contract of docs/en/api.md#search, cacheable for 5 minutes with an ETag', async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject(search('rate limit'))
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8')
    assert.match(String(response.headers['cache-control']), /^public, max-age=300, s-maxage=\d+, /)
    assert.ok(response.headers.etag)
    const body = response.json()
    assert.ok(validBody.Check(body), 'body matches the SearchResults schema')
    assert.equal(body.query, 'rate limit')
    assert.equal(body.locale, 'en')
    assert.ok(body.results.length > 0 && body.results.length <= 10)
    const first = body.results[0]!
    assert.equal(first.url, '/docs/api#rate-limits')
    assert.equal(first.section, 'Rate limits')
    assert.equal(first.title, 'Public status API')
    for (const result of body.results) {
      for (const [start, end] of result.highlights) {
        assert.ok(start >= 0 && start < end && end <= result.excerpt.length)
      }
    }
    assert.ok(first.highlights.some(([s, e]: [number, number]) => /^(rate|limit)/i.test(first.excerpt.slice(s, e))))
    const scores = body.results.map((r: { score: number }) => r.score)
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a), 'best first')

    const again = await app.inject({ url: search('rate limit'), headers: { 'if-none-match': response.headers.etag as string } })
    assert.equal(again.statusCode, 304)
  })

  it('searches the German docs under the German prefix, also when the prefix is configured', async (t) => {
    const { app } = await buildTestApp(t, { GERMAN_PREFIX: '/de-at' })
    const response = await app.inject('/de-at/docs/api/search?q=R%C3%BCckerstattung%20Ratenbegrenzung&limit=3')
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.locale, 'de')
    assert.ok(body.results.length <= 3)
    assert.equal(body.results[0].url, '/de-at/docs/api#rate-limits')
    assert.equal((await app.inject('/de/docs/api/search?q=x')).statusCode, 404)
  })

  it('trims the query, honours limit and finds nothing without failing', async (t) => {
    const { app } = await buildTestApp(t)
    const trimmed = await app.inject(search('   polling  ', '&limit=1'))
    assert.equal(trimmed.json().query, 'polling')
    assert.equal(trimmed.json().results.length, 1)
    const none = await app.inject(search('zzqxjv'))
    assert.deepEqual(none.json().results, [])
  })

  const bad: Array<[string, string]> = [
    ['missing q', '/docs/api/search'],
    ['empty q', '/docs/api/search?q='],
    ['blank q', `/docs/api/search?q=${encodeURIComponent(' \t ')}`],
    ['q over 200 characters', search('a'.repeat(201))],
    ['limit 0', search('x', '&limit=0')],
    ['limit 51', search('x', '&limit=51')],
    ['limit not a number', search('x', '&limit=ten')],
    ['limit a fraction', search('x', '&limit=2.5')],
    ['q twice', '/docs/api/search?q=a&q=b']
  ]
  for (const [name, url] of bad) {
    it(`answers 400 problem+json for ${name}`, async (t) => {
      const { app } = await buildTestApp(t)
      const response = await app.inject(url)
      assert.equal(response.statusCode, 400)
      assert.equal(response.headers['content-type'], PROBLEM)
      assert.equal(response.headers['cache-control'], 'no-store')
      assert.equal(response.json().code, 'invalid_request')
    })
  }

  it('takes any text as text: Unicode, control characters, RTL, emoji, SQL-ish, regex-ish (property)', async (t) => {
    const { app } = await buildTestApp(t)
    const nasty = fc.constantFrom("'; DROP TABLE docs; --", '.*', '(((', '[a-z', '\\', '$^|?+*{2}', '%00', '\u0000\u0007',
      'שלום עולם', '\u202Eevil\u202C', '🙂🚀', 'Ａ', 'e\u0301', '<script>alert(1)</script>', 'ß'.repeat(50))
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 60 }), nasty,
      fc.array(nasty, { maxLength: 6 }).map((parts) => parts.join(' ')))
    await fc.assert(fc.asyncProperty(text.map((q) => q.toWellFormed()), fc.option(fc.integer({ min: -5, max: 60 })), async (q, limit) => {
      const url = `/docs/api/search?q=${encodeURIComponent(q)}${limit === null ? '' : `&limit=${limit}`}`
      const response = await app.inject(url)
      const trimmed = q.trim()
      const validLimit = limit === null || (limit >= 1 && limit <= 50)
      const validQuery = trimmed.length >= 1 && [...q].length <= 200
      if (validLimit && validQuery) {
        assert.equal(response.statusCode, 200, `q=${JSON.stringify(q)}`)
        const body = response.json()
        assert.ok(validBody.Check(body))
        assert.ok(body.results.length <= (limit ?? 10))
      } else {
        assert.equal(response.statusCode, 400, `q=${JSON.stringify(q)} limit=${limit}`)
        assert.equal(response.headers['content-type'], PROBLEM)
      }
    }), { numRuns: 300 })
  })

  it('never fails on raw bytes in the query string, valid UTF-8 or not (property)', async (t) => {
    const { app } = await buildTestApp(t)
    const percentEncoded = fc.uint8Array({ minLength: 1, maxLength: 120 })
      .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''))
    await fc.assert(fc.asyncProperty(percentEncoded, async (q) => {
      const response = await app.inject(`/de/docs/api/search?q=${q}`)
      assert.ok(response.statusCode === 200 || response.statusCode === 400, `status ${response.statusCode} for q=${q}`)
      if (response.statusCode === 200) assert.ok(validBody.Check(response.json()))
      else assert.equal(response.json().code, 'invalid_request')
    }), { numRuns: 200 })
  })
})
