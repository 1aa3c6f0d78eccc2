// Vary on what {base_url} is made of (docs/en/operations.md#edge-headers): every public GET route is asked with a Host and,
// with TRUST_PROXY, a forwarded host and scheme of its own; each answer whose body carries one of them must say so in
// Vary, or a shared cache keeps one reader's links (a forged host's) for every other reader. With PUBLIC_BASE_URL no body
// carries them, and nothing varies by them. The routes are read from the app itself, so a new one cannot be missed.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { componentSite } from '../site/component-site.ts'

/** Every GET route's path, from the app's own route tree (`printRoutes`), with its parameters filled in. */
function publicPaths (app: FastifyInstance, params: Record<string, string>): string[] {
  const tree = app.printRoutes({ commonPrefix: false, method: 'GET' })
  const stack: string[] = []
  const paths: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?) \(GET\)$/.exec(line)
    if (match === null) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    stack[depth] = match[2]!
    const joined = stack.join('')
    // `:id` is a component's on component pages and an incident's elsewhere; `*` is a docs page.
    const filled = joined.replace(/\/components\/:id/, `/components/${params.component}`).replace(/:(\w+)/g, (_whole, name: string) => params[name] ?? 'none')
    paths.push(filled.replace(/\/?\*$/, '/status-page'))
  }
  return paths
}

const VIA_PROXY = { host: 'reader-host.example', 'x-forwarded-host': 'forwarded-host.example', 'x-forwarded-proto': 'https' }

/** The headers named in a Vary value, in lower case. */
function varied (value: string | string[] | number | undefined): string[] {
  return String(value ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '')
}

async function answers (app: FastifyInstance, paths: string[]): Promise<Array<{ path: string, body: string, vary: string[] }>> {
  const all = []
  for (const path of paths) {
    const response = await app.inject({ url: path, headers: VIA_PROXY })
    if (response.statusCode !== 200) continue
    all.push({ path, body: response.body, vary: varied(response.headers.vary) })
  }
  return all
}

describe('Vary on the base URL', () => {
  it('with TRUST_PROXY and no PUBLIC_BASE_URL, every answer that carries the forwarded host varies by Host, X-Forwarded-Host and -Proto', async (t) => {
    const { app, incident, window } = await componentSite(t, { TRUST_PROXY: '1' })
    const paths = publicPaths(app, { id: String(incident), component: 'database', name: 'none', guildId: '1' })
    paths.push(`/status/maintenance/${window}`, '/status/components/api')
    assert.ok(paths.length >= 100, `${paths.length} routes`)
    const carrying = (await answers(app, paths)).filter(({ body }) => body.includes('forwarded-host.example'))
    const names = carrying.map(({ path }) => path)
    // The documents that build links from the request: the pages, feeds, calendar, Statuspage copy, Markdown, discovery.
    for (const expected of ['/status', '/de/status', '/status/feed.atom', '/status/feed.rss', '/status/maintenance.ics', '/status/api/v2/summary.json',
      '/status.md', '/robots.txt', '/api/v1/openapi.json', '/.well-known/api-catalog', '/sitemap.xml', '/llms.txt', '/docs', '/docs/status-page', '/de/docs/search', '/status/history',
      `/status/incidents/${incident}`, '/status/components/database']) {
      assert.ok(names.includes(expected), `${expected} carries the forwarded host (found in: ${names.join(' ')})`)
    }
    for (const { path, vary } of carrying) {
      for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto']) assert.ok(vary.includes(name), `${path}: Vary ${vary.join(', ')} lacks ${name}`)
    }
  })

  it('without TRUST_PROXY, every answer that carries the Host varies by Host, and none carries the forwarded host', async (t) => {
    const { app, incident } = await componentSite(t)
    const all = await answers(app, publicPaths(app, { id: String(incident), component: 'database', name: 'none', guildId: '1' }))
    const carrying = all.filter(({ body }) => body.includes('reader-host.example'))
    assert.ok(carrying.length >= 16, `${carrying.length} answers carry the Host`)
    for (const { path, body, vary } of all) {
      assert.ok(!body.includes('forwarded-host.example'), `${path} ignores X-Forwarded-Host`)
      if (body.includes('reader-host.example')) assert.ok(vary.includes('host'), `${path}: Vary ${vary.join(', ')} lacks host`)
    }
  })

  it('with PUBLIC_BASE_URL, no answer carries either host and none varies by them', async (t) => {
    const { app, incident } = await componentSite(t, { TRUST_PROXY: '1', PUBLIC_BASE_URL: 'https://status.example.com' })
    for (const { path, body, vary } of await answers(app, publicPaths(app, { id: String(incident), component: 'database', name: 'none', guildId: '1' }))) {
      assert.ok(!body.includes('reader-host.example') && !body.includes('forwarded-host.example'), `${path} is on PUBLIC_BASE_URL`)
      assert.ok(!vary.includes('x-forwarded-host') && !vary.includes('host'), `${path}: Vary ${vary.join(', ')}`)
    }
  })
})
