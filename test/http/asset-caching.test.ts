// Pages link the site's own assets by content-hashed names, served as immutable for a year (a module's imports of its
// siblings too); the plain names stay a day. The Follow section's badge preview states the badge's own size.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { cacheControl } from '../../src/http/headers.ts'
import { buildTestApp } from '../helper.ts'

const HASHED = /^\/assets\/[\w-]+\.[0-9a-f]{12}\.(?:css|js|json|svg|png)$/

describe('the site\'s assets', () => {
  it('are linked by hashed names that are immutable for a year, down to every module a module imports', async (t) => {
    const { app } = await buildTestApp(t)
    const linked = new Set<string>()
    for (const url of ['/status', '/de/status', '/docs', '/', '/status/history']) {
      const page = await app.inject(url)
      assert.equal(page.statusCode, 200, url)
      for (const [, path] of page.body.matchAll(/(?:href|src)="(\/assets\/(?!brand\/)[^"]+)"/g)) linked.add(path!)
    }
    assert.ok([...linked].some((path) => path.endsWith('.js')) && [...linked].some((path) => path.endsWith('.css')), [...linked].join(' '))
    const queue = [...linked]
    const seen = new Set<string>()
    while (queue.length > 0) {
      const path = queue.shift()!
      if (seen.has(path)) continue
      seen.add(path)
      assert.match(path, HASHED)
      const response = await app.inject(path)
      assert.equal(response.statusCode, 200, path)
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable', path)
      if (path.endsWith('.js')) {
        for (const [, sibling] of response.body.matchAll(/\bfrom\s*'\.\/([^']+)'/g)) queue.push(`/assets/${sibling}`)
      }
    }
    assert.ok([...seen].some((path) => path.startsWith('/assets/status-format.')), 'status.js\'s imports are followed')
    const plain = await app.inject('/assets/site.css')
    assert.equal(plain.statusCode, 200)
    // A day, as before, with the shared caches' lifetimes the edge adds (docs/en/operations.md#edge-headers); never immutable.
    assert.match(String(plain.headers['cache-control']), new RegExp(`^${cacheControl.asset}, s-maxage=\\d+`))
    assert.doesNotMatch(String(plain.headers['cache-control']), /immutable/)
    assert.equal((await app.inject('/assets/site.000000000000.css')).statusCode, 404)
  })

  it('give the Follow section\'s badge preview the width and height of the badge it shows', async (t) => {
    const { app, context } = await buildTestApp(t)
    for (const round of ['before the first probe round', 'after it']) {
      const page = (await app.inject('/status')).body
      const [, width, height] = /<img class="follow-badge" src="\/status\/badges\/status.svg" alt="" width="(\d+)" height="(\d+)">/.exec(page) ?? []
      const svg = (await app.inject('/status/badges/status.svg')).body
      const [, svgWidth, svgHeight] = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg) ?? []
      assert.ok(width !== undefined && svgWidth !== undefined, round)
      assert.deepEqual([width, height], [svgWidth, svgHeight], round)
      await context.monitor.runOnce()
    }
  })
})
