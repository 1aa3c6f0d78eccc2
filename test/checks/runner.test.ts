// The check runner on real stores and loopback targets: confirm counting, one prober per deployment through the lease
// (two runners on one database), push ageing, and the whole app reporting a check's result per component.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { pino } from 'pino'
import { recordPush } from '../../src/checks/push.ts'
import { createCheckRunner } from '../../src/checks/runner.ts'
import { ManualClock, systemClock } from '../../src/lib/clock.ts'
import { MemoryCache } from '../../src/store/cache/memory-cache.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { buildTestApp, databaseBackends, tempDir } from '../helper.ts'
import { httpTarget } from './targets.ts'

const logger = pino({ level: 'silent' })

function declare (t: TestContext, yaml: string) {
  const dir = tempDir(t)
  const file = path.join(dir, 'status.yaml')
  writeFileSync(file, yaml)
  return { dir, file, declaration: loadStatusFile(file, {}) }
}

async function database (t: TestContext, dir: string) {
  const opened = openDatabase({ databaseUrl: undefined, dataDir: dir })
  t.after(() => opened.close())
  await migrate(opened)
  return opened
}

describe('the check runner', () => {
  it('counts a failure after confirm failed attempts in a row; one success recovers', async (t) => {
    let failing = false
    const target = await httpTarget(t, (_request, response) => { response.statusCode = failing ? 500 : 200; response.end('ok') })
    const { dir, declaration } = declare(t, `components:
  - { id: dashboard, name: Dashboard, check: { http: { url: "${target.url}/ping", every: 5s, timeout: 1s, confirm: 3 } } }
`)
    const clock = new ManualClock(Date.now())
    const runner = createCheckRunner({ declaration, database: await database(t, dir), cache: new MemoryCache(), cacheKind: 'memory', clock, logger })
    t.after(() => runner.stop())
    // The next attempt is due five seconds later.
    const attempt = async () => {
      clock.advance(5000)
      await runner.tick()
    }
    await runner.tick()
    assert.equal(runner.holding, true)
    assert.deepEqual(pick(runner.results().get('dashboard')), ['ok', undefined])
    failing = true
    await attempt()
    assert.deepEqual(pick(runner.results().get('dashboard')), ['ok', undefined])
    await attempt()
    assert.deepEqual(pick(runner.results().get('dashboard')), ['ok', undefined])
    await attempt()
    assert.deepEqual(pick(runner.results().get('dashboard')), ['down', 'Answered with HTTP 500 (expected 2xx).'])
    failing = false
    await attempt()
    assert.deepEqual(pick(runner.results().get('dashboard')), ['ok', undefined])
    assert.equal(target.hits, 5)
  })

  it('a first failure waits for its confirmation as unknown', async (t) => {
    const target = await httpTarget(t, (_request, response) => { response.statusCode = 503; response.end() })
    const { dir, declaration } = declare(t, `components:
  - { id: site, name: Site, check: { http: { url: "${target.url}", every: 5s, timeout: 1s } } }
`)
    const runner = createCheckRunner({ declaration, database: await database(t, dir), cache: new MemoryCache(), cacheKind: 'memory', clock: systemClock, logger })
    t.after(() => runner.stop())
    await runner.tick()
    assert.deepEqual(pick(runner.results().get('site')), ['unknown', 'Checking again before reporting a failure.'])
  })

  for (const backend of databaseBackends()) {
    it(`two replicas on one database (${backend.name}): one holds the row lease and probes, the other reads its result`, { skip: backend.skip }, async (t) => {
      const target = await httpTarget(t, (_request, response) => response.end('ok'))
      const { dir, declaration } = declare(t, `components:
  - { id: site, name: Site, check: { http: { url: "${target.url}", every: 5s, timeout: 1s } } }
`)
      const { DATABASE_URL: databaseUrl } = await backend.env()
      const open = async () => {
        const opened = openDatabase({ databaseUrl, dataDir: dir })
        t.after(() => opened.close())
        await migrate(opened)
        return opened
      }
      const options = async (holder: string) => ({ declaration, database: await open(), cache: new MemoryCache(), cacheKind: 'memory' as const, clock: systemClock, logger, holder })
      const first = createCheckRunner(await options('first'))
      const second = createCheckRunner(await options('second'))
      t.after(() => Promise.all([first.stop(), second.stop()]))
      await first.tick()
      await second.tick()
      await first.tick()
      await second.tick()
      assert.equal(first.holding, true)
      assert.equal(second.holding, false)
      assert.equal(target.hits, 1)
      assert.equal(first.attempts + second.attempts, 1)
      assert.deepEqual(pick(second.results().get('site')), ['ok', undefined])
      assert.ok(second.results().get('site')!.latencyMs !== null)
    })
  }

  it('a push component is unknown until it pushes (down once silent for longer than within since the start), then follows its pushes', async (t) => {
    const { dir, declaration } = declare(t, `components:
  - { id: worker, name: Worker, check: { push: { within: 10s } } }
`)
    const db = await database(t, dir)
    const clock = new ManualClock(Date.now())
    const runner = createCheckRunner({ declaration, database: db, cache: new MemoryCache(), cacheKind: 'memory', clock, logger })
    t.after(() => runner.stop())
    await runner.tick()
    assert.deepEqual(pick(runner.results().get('worker')), ['unknown', 'Not checked yet.'])
    clock.advance(10_001) // longer than within since the runner started, and than the second its results are kept
    assert.deepEqual(pick(runner.results().get('worker')), ['down', 'No report received yet.'])
    await recordPush(db.db, declaration, 'worker', { status: 'degraded', latencyMs: 42, message: 'Behind by 3 jobs' }, clock.now())
    await runner.tick()
    clock.advance(1000)
    assert.deepEqual(pick(runner.results().get('worker')), ['degraded', 'Behind by 3 jobs'])
    assert.equal(runner.results().get('worker')!.latencyMs, 42)
  })
})

describe('checks in the running service', () => {
  it('the health endpoint and the model report a check\'s result per component', async (t) => {
    const target = await httpTarget(t, (_request, response) => response.end('pong'))
    const { file } = declare(t, `components:
  - { id: dashboard, name: Dashboard, check: { http: { url: "${target.url}/ping", every: 5s, timeout: 1s, expect: { bodyIncludes: pong } } } }
  - { id: worker, name: Worker, check: { push: { within: 1m } } }
`)
    const { app, context } = await buildTestApp(t, { STATUS_FILE: file })
    await context.checks.tick()
    await context.monitor.runOnce()
    const health = (await app.inject('/api/v1/health')).json()
    assert.equal(health.components.dashboard.status, 'ok')
    assert.equal(typeof health.components.dashboard.latencyMs, 'number')
    assert.equal(health.components.worker.status, 'unknown')
    assert.equal(health.components.worker.message, 'Not checked yet.')
    const model = (await app.inject('/api/v1/health/components')).json()
    assert.deepEqual(model.components.map((c: { id: string, status: string }) => [c.id, c.status]), [['dashboard', 'operational'], ['worker', 'unknown']])
    assert.doesNotMatch(JSON.stringify(model), /127\.0\.0\.1/)
  })

  it('badges of one component: its response time and its uptime, SVG and Shields JSON; 404 for an undeclared id', async (t) => {
    const target = await httpTarget(t, (_request, response) => response.end('pong'))
    const { file } = declare(t, `components:
  - { id: dashboard, name: Dashboard, check: { http: { url: "${target.url}/ping", every: 5s, timeout: 1s } } }
  - { id: worker, name: Worker, check: { push: { within: 1m } } }
`)
    const { app, context } = await buildTestApp(t, { STATUS_FILE: file, METRICS_PORT: '9' })
    await context.checks.tick()
    await context.monitor.runOnce()
    const latency = context.status.current().value.components[0]!.latencyMs!
    const json = (await app.inject('/status/badges/dashboard/response-time.json')).json()
    assert.deepEqual(json, { schemaVersion: 1, label: 'dashboard response time', message: `${Math.round(latency)} ms`, color: '1a7f37', cacheSeconds: 300 })
    const svg = await app.inject('/status/badges/dashboard/response-time.svg')
    assert.equal(svg.statusCode, 200)
    assert.match(svg.headers['content-type'] as string, /^image\/svg\+xml/)
    assert.match(svg.body, new RegExp(`aria-label="dashboard response time: ${Math.round(latency)} ms"`))
    assert.equal((await app.inject('/status/badges/worker/response-time.json')).json().message, 'no data')
    const uptime = (await app.inject('/status/badges/dashboard/uptime-24h.json')).json()
    assert.equal(uptime.label, 'dashboard uptime 24h')
    assert.equal(uptime.message, '100%')
    for (const window of ['7d', '30d', '90d']) assert.equal((await app.inject(`/status/badges/worker/uptime-${window}.svg`)).statusCode, 200)
    // ?label= sets the left-hand text here as on every badge; the default stays the default.
    assert.deepEqual((await app.inject('/status/badges/dashboard/uptime-24h.json?label=Dash%2024h')).json(), { ...uptime, label: 'Dash 24h' })
    assert.match((await app.inject('/status/badges/dashboard/response-time.svg?label=Dash')).body, new RegExp(`aria-label="Dash: ${Math.round(latency)} ms"`))
    assert.equal((await app.inject('/status/badges/dashboard/uptime-24h.json')).json().label, 'dashboard uptime 24h')
    const tooLong = await app.inject(`/status/badges/dashboard/uptime-24h.svg?label=${'x'.repeat(61)}`)
    assert.equal(tooLong.statusCode, 400)
    assert.match(tooLong.headers['content-type'] as string, /^application\/problem\+json/)
    const missing = await app.inject('/status/badges/nope/response-time.svg')
    assert.equal(missing.statusCode, 404)
    assert.match(missing.headers['content-type'] as string, /^application\/problem\+json/)
    // The attempt was counted in the metrics, by component and outcome.
    const exposition = await context.metrics!.registry.metrics()
    assert.match(exposition, /status_api_check_results_total\{component="dashboard",outcome="ok"\} 1/)
    assert.match(exposition, /status_api_check_duration_seconds_count\{component="dashboard"\} 1/)
  })
})

function pick (result: { status: string, message?: string } | undefined) {
  return [result?.status, result?.message]
}
