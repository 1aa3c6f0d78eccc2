// Metrics: every series from the in-memory snapshots, lint-clean for promtool, on a private listener only —
// and a real Prometheus scraping a running `status-api serve` and answering queries for the series.
import assert from 'node:assert/strict'
import { describe, it, before, after } from 'node:test'
import { buildTestApp, databaseBackends, tempDir } from '../helper.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { reportHeartbeat } from '../../src/bot/heartbeat-reporter.ts'
import { openIncident } from '../../src/incidents/writes.ts'
import { startMetricsServer } from '../../src/metrics/metrics-server.ts'
import { UNMATCHED_ROUTE } from '../../src/metrics/metrics.ts'
import { freePort } from '../services/ports.ts'
import { startApp } from '../services/app-process.ts'
import { Prometheus, prometheusSkip } from '../services/prometheus.ts'
import { parseExposition, promtoolCheck, sampleValue } from './exposition.ts'

const skip = prometheusSkip()

describe('metrics', () => {
  let platform: StatuspageServer
  before(async () => { platform = await StatuspageServer.start() })
  after(async () => { await platform.close() })

  it('are off without METRICS_PORT: no metrics object, no hook', async (t) => {
    const { app, context } = await buildTestApp(t)
    assert.equal(context.metrics, undefined)
    assert.equal((await app.inject('/metrics')).statusCode, 404)
  })

  for (const backend of databaseBackends()) {
    it(`report the snapshots on the private listener, lint clean, and never on the public port (${backend.name})`, { skip: skip ?? backend.skip }, async (t) => {
      platform.behaviour = { kind: 'fixture', name: 'minor-incident' }
      const { app, context } = await buildTestApp(t, { ...await backend.env(), METRICS_PORT: String(await freePort()), DISCORD_STATUS_URL: platform.url })
      const now = context.clock.now()
      for (const [shard, status, pingMs] of [[0, 'ready', 40], [1, 'ready', 50], [2, 'ready', 60], [3, 'disconnected', null]] as const) {
        await reportHeartbeat(context.database, { shard, status, pingMs, at: new Date(now) })
      }
      await openIncident(context.database.db, { title: 'Slow replies', impact: 'major', status: 'investigating', message: 'Looking.' }, now)
      await context.incidents.refresh()
      await context.monitor.runOnce()
      await context.platformStatus.read()
      const server = await startMetricsServer(context.metrics!, { port: 0, host: '127.0.0.1' })
      t.after(() => server.close())

      assert.equal((await app.inject('/api/v1/health')).statusCode, 200)
      assert.equal((await app.inject('/no/such/page-4711?token=x')).statusCode, 404)
      assert.equal((await app.inject('/docs/no-such-page-4712')).statusCode, 404)
      assert.equal((await app.inject('/docs/api')).statusCode, 200)
      const onPublicPort = await app.inject('/metrics')
      assert.equal(onPublicPort.statusCode, 404)
      assert.doesNotMatch(onPublicPort.body, /status_api_/)

      const response = await fetch(`http://127.0.0.1:${server.address.port}/metrics`)
      assert.equal(response.status, 200)
      assert.match(response.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/)
      const text = await response.text()
      const lint = promtoolCheck(text)
      assert.equal(lint.status, 0, lint.output)
      assert.equal(lint.output, '')

      const samples = parseExposition(text)
      // Node's default metrics under their standard names (Prometheus' client guidelines; Grafana's Node.js dashboards
      // read them so), every series of our own under our prefix.
      const standard = (name: string) => name.startsWith('process_') || name.startsWith('nodejs_')
      assert.deepEqual(samples.filter((sample) => !standard(sample.name) && !sample.name.startsWith('status_api_')).map((sample) => sample.name), [],
        'one prefix for every series of our own')
      assert.ok(!samples.some((sample) => /^status_api_(process|nodejs)_/.test(sample.name)), 'no standard series prefixed')
      for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'process_start_time_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_version_info']) {
        assert.ok(samples.some((sample) => sample.name === name), `${name}, as standard dashboards read it`)
      }
      const value = (name: string, labels?: Record<string, string>) => sampleValue(samples, `status_api_${name}`, labels)
      assert.equal(value('component_status', { component: 'bot', status: 'degraded' }), 1)
      assert.equal(value('component_status', { component: 'bot', status: 'ok' }), 0)
      assert.equal(value('component_status', { component: 'overall', status: 'degraded' }), 1)
      assert.equal(value('component_up', { component: 'database' }), 1)
      assert.equal(value('component_up', { component: 'bot' }), 1)
      assert.equal(value('shards', { status: 'connected' }), 3)
      assert.equal(value('shards', { status: 'disconnected' }), 1)
      assert.equal(value('gateway_latency_seconds'), 0.05)
      assert.equal(value('incidents_active', { impact: 'major' }), 1)
      assert.equal(value('incidents_active', { impact: 'minor' }), 0)
      assert.equal(value('maintenance_active'), 0)
      assert.equal(value('platform_indicator', { indicator: 'minor' }), 1)
      assert.equal(value('platform_indicator', { indicator: 'none' }), 0)
      assert.equal(value('platform_stale'), 0)
      assert.equal(value('checks_recorded', { window: '1d' }), 1)
      assert.equal(value('checks_expected', { window: '1d' }), 1440)
      assert.equal(value('uptime_ratio', { window: '1d' }), 1)
      assert.equal(value('uptime_ratio', { window: '90d' }), 1)
      assert.equal(value('checks_buffered'), 0)
      assert.equal(value('http_requests_total', { route: '/api/v1/health', status_code: '200' }), 1)
      assert.equal(value('http_requests_total', { route: '/docs/*', status_code: '200' }), 1)
      assert.equal(value('http_requests_total', { route: UNMATCHED_ROUTE, status_code: '404' }), 3, 'every 404 under one label')
      assert.equal(value('http_request_duration_seconds_count', { route: '/api/v1/health', status_code: '200' }), 1)
      // Label values only: a sample's value (heap bytes, seconds) may contain those digits by chance.
      const labelValues = samples.flatMap((sample) => Object.values(sample.labels))
      assert.ok(labelValues.every((label) => !/4711|4712|token/.test(label)), 'no raw URL in any label')
      assert.ok(sampleValue(samples, 'process_cpu_user_seconds_total')! >= 0, 'Node\'s default metrics')
      assert.ok(sampleValue(samples, 'nodejs_heap_size_used_bytes')! > 0)

      assert.equal((await fetch(`http://127.0.0.1:${server.address.port}/`)).status, 404)
      assert.equal((await fetch(`http://127.0.0.1:${server.address.port}/metrics`, { method: 'POST' })).status, 405)
    })
  }

  it('are scraped by a real Prometheus from a running instance', { skip, timeout: 60_000 }, async (t) => {
    platform.behaviour = { kind: 'fixture', name: 'operational' }
    const metricsPort = await freePort()
    const instance = await startApp({ METRICS_PORT: String(metricsPort), DATA_DIR: tempDir(t), DISCORD_STATUS_URL: platform.url })
    t.after(() => instance.stop())
    const prometheus = await Prometheus.start([`127.0.0.1:${metricsPort}`])
    t.after(() => prometheus.stop())

    assert.equal((await fetch(`${instance.url}/metrics`)).status, 404, 'not on the public port')
    assert.equal((await fetch(`${instance.url}/api/v1/health`)).status, 200)
    await fetch(`${instance.url}/api/v1/health/discord`)

    const up = await prometheus.waitFor('up{job="status-api"} == 1')
    assert.equal(up.length, 1, `target not up: ${JSON.stringify(await prometheus.targets())}\n${prometheus.output}`)
    const database = await prometheus.waitFor('status_api_component_up{component="database"}')
    assert.equal(database[0]?.value[1], '1')
    const requests = await prometheus.waitFor('status_api_http_requests_total{route="/api/v1/health",status_code="200"}')
    assert.equal(requests[0]?.value[1], '1')
    const indicator = await prometheus.waitFor('status_api_platform_indicator{indicator="none"} == 1')
    assert.equal(indicator.length, 1)
    const heap = await prometheus.waitFor('nodejs_heap_size_used_bytes{job="status-api"}')
    assert.ok(Number(heap[0]?.value[1]) > 0)
    const histogram = await prometheus.waitFor('histogram_quantile(0.5, sum by (le) (status_api_http_request_duration_seconds_bucket{route="/api/v1/health"}))')
    assert.ok(Number(histogram[0]?.value[1]) > 0)
  })
})
