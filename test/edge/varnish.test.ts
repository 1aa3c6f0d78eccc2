// The edge recipe behind a real Varnish (docs/en/architecture.md#edge): the VCL printed by `status-api edge vcl` runs in varnishd on
// loopback in front of real `status-api serve` processes. A surge reaches the origin at most twice per object, an
// incident opened through the CLI (or the operator API) shows at the edge within 2 s (s-maxage 300, purged), the operator and
// metrics paths go nowhere, the edge keeps answering 200 with the origin killed, and the page read through it in
// Chromium marks itself stale once the origin has been gone long enough.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
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
