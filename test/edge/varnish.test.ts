// The edge recipe behind a real Varnish (docs/en/architecture.md#edge): the VCL printed by `status-api edge vcl` runs in varnishd on
// loopback in front of real `status-api serve` processes. A surge reaches the origin at most twice per object, an
// incident opened through the CLI (or the operator API) shows at the edge within 2 s (s-maxage 300, purged), the operator and
// metrics paths go nowhere however they are spelled, a purge keeps the copy the edge falls back on (60 reads with the origin
// killed after a purge are all 200), one stored copy serves every encoding, a client's forwarded headers reach no copy,
// a healthy origin's copy past stale-while-revalidate is fetched anew, the edge keeps answering 200 with the origin killed,
// and the page read through it in Chromium marks itself stale once the origin has been gone long enough.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { KEEP_ALIVE_MS } from '../../src/app.ts'
import { NODE_FLAGS } from '../../src/node-flags.ts'
import { runBinWith } from '../cli/run-bin.ts'
import { OPERATOR_TOKENS, TOKENS } from '../operator/operator-process.ts'
import { startApp, type AppProcess } from '../services/app-process.ts'
import { freePort } from '../services/ports.ts'
import { varnishOnFreePort, varnishSkip, type VarnishServer } from '../services/varnish.ts'
import { chromiumSkip, launchChromium } from '../site/browser.ts'

const STATUS_FILE = `components:
  - { id: api, name: Public API, check: { manual: true } }
  - { id: music, name: Music, check: { manual: true } }
`
const SURGE_PATHS = ['/status', '/api/v1/health', '/status/api/v2/summary.json']

/** The VCL exactly as an operator gets it: printed by the bin. */
function printedVcl (origin: AppProcess, extra: string[] = []): string {
  return execFileSync(process.execPath, [...NODE_FLAGS, 'bin/status-api.js', 'edge', 'vcl', '--backend', new URL(origin.url).host, ...extra], { encoding: 'utf8' })
}

/** Requests the origin answered per route pattern, from its metrics. */
async function originRequests (metricsUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text()
  const counts = new Map<string, number>()
  for (const match of text.matchAll(/http_requests_total\{route="([^"]*)",status_code="\d+"\} (\d+)/g)) {
    counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + Number(match[2]))
  }
  return counts
}

async function serve (dir: string, env: Record<string, string>): Promise<{ app: AppProcess, operatorUrl: string, metricsUrl: string }> {
  const statusFile = path.join(dir, 'status.yaml')
  writeFileSync(statusFile, STATUS_FILE)
  const [operatorPort, metricsPort] = [await freePort(), await freePort()]
  const app = await startApp({
    DATA_DIR: dir, STATUS_FILE: statusFile, OPERATOR_PORT: String(operatorPort), OPERATOR_TOKENS, METRICS_PORT: String(metricsPort),
    PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY: '127.0.0.1', ...env
  })
  return { app, operatorUrl: `http://127.0.0.1:${operatorPort}`, metricsUrl: `http://127.0.0.1:${metricsPort}` }
}

/** A fresh origin (its own data folder) with a real Varnish running the printed VCL in front; `env` may name the edge's URL. */
async function originBehindVarnish (t: TestContext, env: (varnishUrl: string) => Record<string, string>): Promise<{ origin: Awaited<ReturnType<typeof serve>>, varnish: VarnishServer }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'status-api-edge-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const varnish = await varnishOnFreePort()
  t.after(() => varnish.destroy())
  const origin = await serve(dir, env(varnish.url))
  t.after(() => origin.app.stop('SIGKILL'))
  await varnish.start(printedVcl(origin.app))
  return { origin, varnish }
}

/** Asks the edge for `url` until it answers from its cache (a HIT kept for s-maxage 300), so a change must be purged to show. */
async function cachedAtEdge (url: string): Promise<void> {
  await fetch(url).then((response) => response.arrayBuffer())
  const cached = await fetch(url)
  await cached.arrayBuffer()
  assert.equal(cached.headers.get('x-cache'), 'HIT')
  assert.match(String(cached.headers.get('cache-control')), /s-maxage=300/)
}

/** Milliseconds from `since` until the edge's copy of `url` shows `text`; -1 when it did not within 15 s. */
async function shownAtEdge (url: string, text: string, since: number): Promise<number> {
  while (Date.now() - since < 15_000) {
    if ((await (await fetch(url)).text()).includes(text)) return Date.now() - since
    await sleep(25)
  }
  return -1
}

interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The body as sent, unpacked from its Content-Encoding. */
  text: string
}

/**
 * A GET with the target exactly as given (fetch would resolve dot segments and choose Accept-Encoding itself), its body
 * unpacked from the encoding it came in.
 */
async function rawGet (base: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return await new Promise((resolve, reject) => {
    const sent = request(`${base}/`, { path: target, headers: { 'accept-encoding': 'identity', ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const raw = Buffer.concat(chunks)
        const coding = response.headers['content-encoding']
        const body = coding === 'gzip' ? gunzipSync(raw) : coding === 'br' ? brotliDecompressSync(raw) : raw
        resolve({ status: response.statusCode!, headers: response.headers, text: body.toString('utf8') })
      })
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end()
  })
}

async function untilOk (url: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await fetch(url).then((response) => response.status === 200, () => false)) return
    await sleep(100)
  }
  throw new Error(`${url} did not answer 200`)
}

describe('behind Varnish, with purges (s-maxage 300)', { skip: varnishSkip() }, () => {
  let dir: string
  let varnish: VarnishServer
  let origin: Awaited<ReturnType<typeof serve>>

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-edge-'))
    varnish = await varnishOnFreePort()
    origin = await serve(dir, { EDGE_PURGE: `varnish:${varnish.url}` })
    await varnish.start(printedVcl(origin.app))
    for (const pathname of SURGE_PATHS) await untilOk(`${varnish.url}${pathname}`)
  })
  after(async () => {
    await origin?.app.stop('SIGKILL')
    await varnish?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a surge of 64 connections on the page, health and summary reaches the origin at most twice per object', async (t) => {
    // Cold: the edge drops its copies (a purge from loopback, as the service sends one), then the surge begins.
    const purged = await fetch(varnish.url, { method: 'PURGE', headers: { 'xkey-purge': 'status' } })
    assert.equal(purged.status, 200, await purged.text())
    const warm = await originRequests(origin.metricsUrl)
    const edge = await autocannon({ url: varnish.url, connections: 64, duration: 4, headers: { 'accept-encoding': 'gzip' }, requests: SURGE_PATHS.map((p) => ({ path: p })) })
    const after = await originRequests(origin.metricsUrl)
    assert.equal(edge.errors + edge.timeouts, 0)
    assert.equal(edge.non2xx, 0)
    const reached = SURGE_PATHS.map((p) => (after.get(p) ?? 0) - (warm.get(p) ?? 0))
    t.diagnostic(`edge: ${edge.requests.total} requests, ${Math.round(edge.requests.average)} req/s; origin requests per object: ${SURGE_PATHS.map((p, i) => `${p} ${reached[i]}`).join(', ')}`)
    for (const [i, count] of reached.entries()) assert.ok(count >= 1 && count <= 2, `${SURGE_PATHS[i]} reached the origin ${count} times`)
    // The same surge straight at the origin, for the comparison.
    const direct = await autocannon({ url: origin.app.url, connections: 64, duration: 2, headers: { 'accept-encoding': 'gzip' }, requests: SURGE_PATHS.map((p) => ({ path: p })) })
    t.diagnostic(`origin alone: ${Math.round(direct.requests.average)} req/s; edge ${Math.round(edge.requests.average)} req/s`)
  })

  it('an incident opened through the CLI shows at the edge within 2 s', async (t) => {
    await cachedAtEdge(`${varnish.url}/api/v1/health/incidents`)
    // The bin in its own process on the served database, as an operator on the host runs it.
    const started = Date.now()
    const cli = await runBinWith({ DATA_DIR: dir, STATUS_FILE: path.join(dir, 'status.yaml') },
      ['incident', 'open', '--title', 'The API answers slowly', '--impact', 'minor', '--message', 'Looking into it.', '--component', 'api'])
    const opened = Date.now()
    assert.equal(cli.code, 0, cli.stderr)
    const shownAfter = await shownAtEdge(`${varnish.url}/api/v1/health/incidents`, 'The API answers slowly', opened)
    t.diagnostic(`the CLI ran ${opened - started} ms; from its answer to the edge: ${shownAfter} ms`)
    assert.ok(shownAfter >= 0 && shownAfter < 2000, `shown ${shownAfter} ms after the CLI answered`)
    const status = await (await fetch(`${varnish.url}/api/v1/health/components`)).json() as { components: Array<{ id: string, status: string }> }
    assert.equal(status.components.find((component) => component.id === 'api')?.status, 'degraded_performance')
  })

  it('an incident opened through the operator API shows at the edge within 2 s', async (t) => {
    const incidentsAt = `${varnish.url}/api/v1/health/incidents`
    await cachedAtEdge(incidentsAt)
    const opened = Date.now()
    const response = await fetch(`${origin.operatorUrl}/v1/incidents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.ops}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Music is silent', impact: 'major', status: 'investigating', message: 'Looking into it.', components: ['music'] })
    })
    assert.equal(response.status, 201, await response.text())
    const shownAfter = await shownAtEdge(incidentsAt, 'Music is silent', opened)
    t.diagnostic(`change to edge: ${shownAfter} ms`)
    assert.ok(shownAfter >= 0 && shownAfter < 2000, `shown after ${shownAfter} ms`)
    const status = await (await fetch(`${varnish.url}/api/v1/health/components`)).json() as { components: Array<{ id: string, status: string }> }
    assert.notEqual(status.components.find((component) => component.id === 'music')?.status, 'operational')
  })

  it('passes nothing of the operator listener or the metrics, refuses PURGE without keys, and keeps idle connections shorter than the origin', async () => {
    for (const pathname of ['/v1/incidents', '/metrics', '/discord/interactions', '/api/operator/x']) {
      const response = await fetch(`${varnish.url}${pathname}`)
      await response.arrayBuffer()
      assert.equal(response.status, 404, pathname)
    }
    const noKeys = await fetch(varnish.url, { method: 'PURGE' })
    await noKeys.arrayBuffer()
    assert.equal(noKeys.status, 400)
    // Varnish closes an idle backend connection after backend_idle_timeout; the origin keeps one open for 72 s.
    const idle = Number(varnish.parameter('backend_idle_timeout'))
    assert.ok(idle > 0 && idle * 1000 < KEEP_ALIVE_MS, `backend_idle_timeout ${idle} s`)
  })

  it('the operator listener routes a percent-encoded spelling of its own paths as the path itself, and no other spelling', async () => {
    // Unreserved characters percent-encoded are the same path (RFC 3986, 6.2.2.2), and every route there asks for a token.
    const auth = { authorization: `Bearer ${TOKENS.ops}` }
    const plain = await rawGet(origin.operatorUrl, '/v1/incidents', auth)
    const encoded = await rawGet(origin.operatorUrl, '/%76%31/incidents', auth)
    assert.equal(plain.status, 200)
    assert.equal(encoded.status, 200)
    assert.deepEqual(JSON.parse(encoded.text), JSON.parse(plain.text))
    assert.equal((await rawGet(origin.operatorUrl, '/%76%31/incidents')).status, 401, 'no token, no answer')
    for (const target of ['/V1/incidents', '//v1/incidents', '/./v1/incidents']) {
      assert.equal((await rawGet(origin.operatorUrl, target, auth)).status, 404, target)
    }
  })
})

describe('behind Varnish, the origin killed', { skip: varnishSkip() ?? chromiumSkip() }, () => {
  it('the edge keeps answering 200 with the last copy, and the page in Chromium says it is stale', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'status-api-edge-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    // Stale after 3 × 1 s + 2 s.
    const origin = await serve(dir, { EDGE_CACHE_SECONDS: '2', EDGE_TAGS: 'on' })
    t.after(() => origin.app.stop('SIGKILL'))
    const varnish = await varnishOnFreePort()
    t.after(() => varnish.destroy())
    await varnish.start(printedVcl(origin.app, ['--purge-from', '10.0.0.0/8']))
    for (const pathname of [...SURGE_PATHS, '/api/v1/health/components']) await untilOk(`${varnish.url}${pathname}`)

    const browser = await launchChromium()
    t.after(() => browser.close())
    const page = await browser.newPage()
    await page.goto(`${varnish.url}/status`)
    assert.equal(await page.getAttribute('#status', 'data-stale'), null, 'fresh: not marked')

    // Not from an allowed address: no purge.
    const refused = await fetch(varnish.url, { method: 'PURGE', headers: { 'xkey-purge': 'status' } })
    await refused.arrayBuffer()
    assert.equal(refused.status, 403)

    await origin.app.stop('SIGKILL')
    const killed = Date.now()
    while (Date.now() - killed < 7000) {
      for (const pathname of SURGE_PATHS) {
        const response = await fetch(`${varnish.url}${pathname}`)
        await response.arrayBuffer()
        assert.equal(response.status, 200, `${pathname} ${Date.now() - killed} ms after the origin was killed`)
      }
      await sleep(200)
    }
    await page.reload()
    await page.waitForSelector('#status[data-stale="true"]', { timeout: 5000 })
    const notice = await page.textContent('#stale-notice')
    assert.match(String(notice), /^Last confirmed .+ UTC — this page could not be refreshed since\.$/)
    assert.equal(await page.isVisible('#stale-notice'), true)
  })
})

/** A stand-in origin on loopback that answers every request 200 (no-store) and remembers each request target it got. */
async function recordingOrigin (): Promise<{ url: string, port: number, seen: string[], close: () => Promise<void> }> {
  const { createServer } = await import('node:http')
  const seen: string[] = []
  const server = createServer((incoming, outgoing) => {
    if (incoming.url !== '/api/v1/liveness') seen.push(incoming.url!)
    outgoing.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return { url: `http://127.0.0.1:${port}`, port, seen, close: async () => { server.closeAllConnections(); await new Promise((resolve) => server.close(resolve)) } }
}

describe('behind Varnish, the operator paths however spelled', { skip: varnishSkip() }, () => {
  it('refuses every spelling of the operator listener\'s and the metrics\' paths, and the origin never sees one', async (t) => {
    const stand = await recordingOrigin()
    t.after(() => stand.close())
    const varnish = await varnishOnFreePort()
    t.after(() => varnish.destroy())
    await varnish.start(execFileSync(process.execPath, [...NODE_FLAGS, 'bin/status-api.js', 'edge', 'vcl', '--backend', `127.0.0.1:${stand.port}`], { encoding: 'utf8' }))
    const refused = ['/v1/incidents', '/%76%31/incidents', '/V1/incidents', '//v1/incidents', '/./v1/incidents', '/%2e/v1/incidents', '/%2E%2F/v1/incidents',
      '/status/../v1/incidents', '/a/b/../../v1/incidents', '/v1%2Fincidents', '/v1', '/v1?x=1', '/v1;x', '/%64iscord/interactions', '/DISCORD/interactions',
      '/Metrics', '///metrics', '/api/%4Fperator/x', '/API/OPERATOR/x', 'http://evil.example/v1/incidents']
    const answers = []
    for (const target of refused) answers.push({ target, ...await rawGet(varnish.url, target) })
    // Dot segments deeper than the edge resolves are refused, not followed.
    const deep = await rawGet(varnish.url, `${'/a'.repeat(12)}${'/..'.repeat(12)}/v1/incidents`)
    assert.deepEqual(stand.seen, [], 'the origin got none of them')
    assert.equal(deep.status, 400)
    for (const { target, status, headers, text } of answers) {
      assert.equal(status, 404, target)
      assert.equal(headers['content-type'], 'application/problem+json', target)
      assert.equal(JSON.parse(text).status, 404, target)
    }
    // Public paths, and names that only begin like a private one, pass.
    for (const target of ['/status', '/status/incidents/v1', '/v10', '/docs/v1', '/metrics-help', '/%73tatus']) {
      assert.equal((await rawGet(varnish.url, target)).status, 200, target)
    }
    assert.deepEqual(stand.seen, ['/status', '/status/incidents/v1', '/v10', '/docs/v1', '/metrics-help', '/%73tatus'])
  })
})

describe('behind Varnish, the origin healthy', { skip: varnishSkip() }, () => {
  it('a copy past s-maxage and stale-while-revalidate is not served: the reader gets a fresh one', async (t) => {
    // s-maxage 2, stale-while-revalidate 1 (one probe interval).
    const { varnish } = await originBehindVarnish(t, () => ({ EDGE_CACHE_SECONDS: '2' }))
    await untilOk(`${varnish.url}/api/v1/health`)
    const kept = await rawGet(varnish.url, '/api/v1/health')
    assert.equal(kept.headers['x-cache'], 'HIT')
    assert.match(String(kept.headers['cache-control']), /s-maxage=2, stale-while-revalidate=1,/)
    await sleep(4000)
    const later = await rawGet(varnish.url, '/api/v1/health')
    assert.equal(later.status, 200)
    assert.equal(later.headers['x-cache'], 'MISS', 'fetched for this reader')
    assert.ok(Number(later.headers.age) <= 1, `age ${String(later.headers.age)}`)
  })
})

describe('behind Varnish, a purge and then the origin killed', { skip: varnishSkip() }, () => {
  it('60 reads over 10 s of the page, health and the summary are all 200: a purge marks the copies stale and keeps them', async (t) => {
    const { origin, varnish } = await originBehindVarnish(t, (edge) => ({ EDGE_PURGE: `varnish:${edge}` }))
    for (const pathname of SURGE_PATHS) {
      await untilOk(`${varnish.url}${pathname}`)
      await cachedAtEdge(`${varnish.url}${pathname}`)
    }
    // An incident is opened (the service purges `status` and `incidents` at the edge), and the origin dies before any
    // reader has made the edge fetch the new copies.
    const response = await fetch(`${origin.operatorUrl}/v1/incidents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.ops}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Voice is down', impact: 'major', status: 'investigating', message: 'Looking into it.', components: ['music'] })
    })
    assert.equal(response.status, 201, await response.text())
    await sleep(1000)
    await origin.app.stop('SIGKILL')
    const killed = Date.now()
    const statuses: string[] = []
    for (let round = 0; round < 20; round++) {
      for (const pathname of SURGE_PATHS) {
        const answer = await rawGet(varnish.url, pathname, { 'accept-encoding': 'gzip' })
        statuses.push(`${pathname} ${answer.status} at ${Date.now() - killed} ms`)
      }
      await sleep(500)
    }
    t.diagnostic(`${statuses.length} reads over ${Date.now() - killed} ms`)
    assert.equal(statuses.length, 60)
    assert.deepEqual(statuses.filter((line) => !/ 200 at /.test(line)), [], 'every read answered 200')
  })
})

describe('behind Varnish, one copy for every encoding', { skip: varnishSkip() }, () => {
  it('a br reader caches the page; with the origin dead 12 s, gzip and identity readers get it too', async (t) => {
    const { origin, varnish } = await originBehindVarnish(t, () => ({ EDGE_CACHE_SECONDS: '2' }))
    await untilOk(`${origin.app.url}/status`)
    const first = await rawGet(varnish.url, '/status', { 'accept-encoding': 'br' })
    assert.equal(first.status, 200)
    assert.match(first.text, /Public API/)
    await origin.app.stop('SIGKILL')
    await sleep(12_000)
    for (const encoding of ['gzip', 'identity', 'br', 'gzip, deflate, br, zstd']) {
      const answer = await rawGet(varnish.url, '/status', { 'accept-encoding': encoding })
      assert.equal(answer.status, 200, `${encoding}: ${answer.text.slice(0, 200)}`)
      assert.equal(answer.text, first.text, `${encoding}: the same page`)
      if (encoding === 'identity') assert.equal(answer.headers['content-encoding'], undefined)
      if (encoding === 'gzip') assert.equal(answer.headers['content-encoding'], 'gzip')
    }
  })
})

describe('behind Varnish, forwarded headers (TRUST_PROXY, no PUBLIC_BASE_URL)', { skip: varnishSkip() }, () => {
  it('a client\'s X-Forwarded-Host and -Proto reach no copy: neither its own answer nor another reader\'s has links to its host', async (t) => {
    const { varnish } = await originBehindVarnish(t, () => ({}))
    await untilOk(`${varnish.url}/api/v1/liveness`)
    const documents = ['/status', '/de/status', '/status/feed.atom', '/status/feed.rss', '/status/api/v2/summary.json', '/status/maintenance.ics',
      '/status.md', '/robots.txt', '/api/v1/openapi.json', '/.well-known/api-catalog', '/sitemap.xml', '/llms.txt', '/docs', '/status/history',
      '/status/components/api']
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https', 'accept-encoding': 'gzip' }
    for (const target of documents) {
      // The forged request comes first: it is the one the edge fetches and keeps.
      const attacker = await rawGet(varnish.url, target, forged)
      assert.equal(attacker.status, 200, target)
      assert.ok(!attacker.text.includes('evil.example'), `${target}: the forged host did not reach the origin`)
      for (const encoding of ['gzip', 'identity']) {
        const reader = await rawGet(varnish.url, target, { 'accept-encoding': encoding })
        assert.equal(reader.status, 200, target)
        assert.ok(!reader.text.includes('evil.example'), `${target} (${encoding}): no links to the forged host`)
        assert.ok(reader.text.includes(`127.0.0.1:${varnish.port}`), `${target} (${encoding}): links on the host the reader asked`)
      }
    }
  })
})
