// The cache headers (docs/en/operations.md#edge-headers) on every kind of public response: shared lifetimes, no-store where a cache must not
// answer, keys only when asked for.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildTestApp } from '../helper.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'

test('live documents tell shared caches s-maxage, stale-while-revalidate and stale-if-error; keys are off by default', async (t) => {
  const platform = await StatuspageServer.start()
  t.after(() => platform.close())
  const { app, context } = await buildTestApp(t, { PROBE_INTERVAL_SECONDS: '15', DISCORD_STATUS_URL: platform.url })
  await context.monitor.runOnce()
  for (const url of ['/api/v1/health', '/status', '/status/api/v2/summary.json', '/api/v1/health/incidents', '/api/v1/health/discord',
    '/status/maintenance.ics', '/status/feed.atom']) {
    const response = await app.inject({ url })
    assert.equal(response.statusCode, 200, url)
    assert.match(String(response.headers['cache-control']), /^public, max-age=\d+, s-maxage=10, stale-while-revalidate=15, stale-if-error=86400$/, url)
    assert.equal(response.headers['surrogate-key'], undefined, url)
    assert.equal(response.headers['cache-tag'], undefined, url)
  }
  for (const url of ['/api/v1/liveness', '/api/v1/readiness']) {
    assert.equal((await app.inject({ url })).headers['cache-control'], 'no-store', url)
  }
  const docs = await app.inject({ url: '/docs' })
  assert.equal(docs.headers['cache-control'], 'public, max-age=60, s-maxage=86400, stale-if-error=86400')
  const missing = await app.inject({ url: '/api/v1/health/incidents/999999' })
  assert.equal(missing.headers['cache-control'], 'no-store')
  // A cache in front closes its idle connections after 60 s (Varnish's backend_idle_timeout): this side waits longer.
  assert.ok(app.server.keepAliveTimeout > 60_000, String(app.server.keepAliveTimeout))
})

test('EDGE_TAGS=on names what each response depends on, in Surrogate-Key and Cache-Tag', async (t) => {
  const { app, context } = await buildTestApp(t, { EDGE_TAGS: 'on', EDGE_CACHE_SECONDS: '30', EDGE_STALE_SECONDS: '600' })
  await context.monitor.runOnce()
  const cases: Array<[string, string]> = [
    ['/api/v1/health', 'status'],
    ['/status', 'status incidents platform shards'],
    ['/api/v1/health/shards', 'shards'],
    ['/api/v1/health/components/database', 'status component-database history'],
    ['/status/components/database', 'status component-database incidents history'],
    ['/status/history', 'history incidents'],
    ['/api/v1/health/uptime', 'history'],
    ['/api/v1/health/discord', 'platform'],
    ['/status/maintenance.ics', 'incidents'],
    ['/api/v1/openapi.json', 'docs version'],
    ['/docs', 'docs version']
  ]
  for (const [url, keys] of cases) {
    const response = await app.inject({ url })
    assert.ok([200, 503].includes(response.statusCode), url)
    assert.equal(response.headers['surrogate-key'], keys, url)
    assert.equal(response.headers['cache-tag'], keys.replaceAll(' ', ','), url)
  }
  const health = await app.inject({ url: '/api/v1/health' })
  assert.match(String(health.headers['cache-control']), /s-maxage=30, stale-while-revalidate=\d+, stale-if-error=600$/)
  // An id nobody can have stays out of the header (and the answer is the usual 404, not a header error).
  const odd = await app.inject({ url: '/status/components/%0d%0aX' })
  assert.equal(odd.statusCode, 404)
  assert.doesNotMatch(String(odd.headers['surrogate-key']), /component-/)
})

test('with a purge target live documents keep 300 s at the edge and version-only documents a year', async (t) => {
  const { app, context } = await buildTestApp(t, { EDGE_PURGE: 'varnish:http://127.0.0.1:1' })
  await context.monitor.runOnce()
  assert.match(String((await app.inject({ url: '/api/v1/health' })).headers['cache-control']), /s-maxage=300,/)
  assert.match(String((await app.inject({ url: '/api/v1/openapi.json' })).headers['cache-control']), /s-maxage=31536000,/)
  assert.equal((await app.inject({ url: '/api/v1/health' })).headers['surrogate-key'], 'status')
})
