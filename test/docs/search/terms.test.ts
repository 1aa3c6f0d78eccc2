// The word forms the search remembers: those met while indexing, never those of queries, which clients choose.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { rememberedWordCount } from '../../../src/docs/search/terms.ts'
import { buildTestApp } from '../../helper.ts'

describe('search word forms', () => {
  it('queries of ever new words add nothing to what the index remembers', async (t) => {
    const { app } = await buildTestApp(t)
    // Each language's index is built by its first search (or once the server listens).
    await app.inject('/docs/api/search?q=rate%20limit')
    await app.inject('/de/docs/api/search?q=Ratenbegrenzung')
    const before = { en: rememberedWordCount('en'), de: rememberedWordCount('de') }
    for (let i = 0; i < 200; i++) {
      const made = `qzx${i.toString(36)}ungen wortneu${i}heit`
      const en = await app.inject(`/docs/api/search?q=${encodeURIComponent(made)}`)
      const de = await app.inject(`/de/docs/api/search?q=${encodeURIComponent(made)}`)
      assert.deepEqual([en.statusCode, de.statusCode], [200, 200])
    }
    assert.deepEqual({ en: rememberedWordCount('en'), de: rememberedWordCount('de') }, before)
  })
})
