// Request and check counters and Node's default metrics on their own registries, and createMetrics' order of series.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Registry } from 'prom-client'
import { registerCheckMetrics } from '../../src/metrics/check-metrics.ts'
import { registerProcessMetrics } from '../../src/metrics/process-metrics.ts'
import { UNMATCHED_ROUTE, registerRequestMetrics } from '../../src/metrics/request-metrics.ts'
import { buildTestApp } from '../helper.ts'
import { parseExposition, promtoolCheck, sampleValue } from './exposition.ts'
import { promtoolBinary } from '../services/prometheus.ts'

describe('metrics counters', () => {
  it('count and time requests by route pattern and status code; every 404 and unmatched request under one label', async () => {
    const registry = new Registry()
    const observe = registerRequestMetrics(registry)
    observe('/api/v1/health', 200, 0.003)
    observe('/api/v1/health', 200, 0.2)
    observe('/api/v1/health/components/{id}', 404, 0.001)
    observe(undefined, 405, 0.001)
    const samples = parseExposition(await registry.metrics())
    const value = (name: string, labels: Record<string, string>) => sampleValue(samples, `status_api_${name}`, labels)
    assert.equal(value('http_requests_total', { route: '/api/v1/health', status_code: '200' }), 2)
    assert.equal(value('http_requests_total', { route: UNMATCHED_ROUTE, status_code: '404' }), 1)
    assert.equal(value('http_requests_total', { route: UNMATCHED_ROUTE, status_code: '405' }), 1)
    assert.equal(value('http_request_duration_seconds_count', { route: '/api/v1/health', status_code: '200' }), 2)
    assert.equal(value('http_request_duration_seconds_bucket', { route: '/api/v1/health', status_code: '200', le: '0.005' }), 1)
    assert.equal(value('http_request_duration_seconds_bucket', { route: '/api/v1/health', status_code: '200', le: '0.25' }), 2)
  })

  it('count check attempts by component and outcome, and time them by component', async () => {
    const registry = new Registry()
    const observe = registerCheckMetrics(registry)
    observe('dashboard', 'ok', 0.02)
    observe('dashboard', 'down', 5)
    observe('dashboard', 'ok', 0.03)
    const samples = parseExposition(await registry.metrics())
    const value = (name: string, labels: Record<string, string>) => sampleValue(samples, `status_api_${name}`, labels)
    assert.equal(value('check_results_total', { component: 'dashboard', outcome: 'ok' }), 2)
    assert.equal(value('check_results_total', { component: 'dashboard', outcome: 'down' }), 1)
    assert.equal(value('check_duration_seconds_count', { component: 'dashboard' }), 3)
    assert.equal(value('check_duration_seconds_bucket', { component: 'dashboard', le: '0.025' }), 1)
    assert.equal(value('check_duration_seconds_bucket', { component: 'dashboard', le: '5' }), 3)
  })

  it('Node\'s default metrics under their standard names, the `_total` sums untyped so that promtool accepts them', async (t) => {
    const registry = new Registry()
    registerProcessMetrics(registry)
    const text = await registry.metrics()
    const samples = parseExposition(text)
    const names = new Set(samples.map((sample) => sample.name))
    for (const name of ['process_cpu_user_seconds_total', 'process_start_time_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_version_info']) assert.ok(names.has(name), name)
    // Grafana dashboard 11159's "Active handles/requests" panel reads nodejs_active_handles_total and nodejs_active_requests_total.
    for (const kind of ['handles', 'requests', 'resources']) {
      assert.match(text, new RegExp(`^# TYPE nodejs_active_${kind}_total untyped$`, 'm'))
      assert.ok(sampleValue(samples, `nodejs_active_${kind}_total`, {})! >= (kind === 'requests' ? 0 : 1), `nodejs_active_${kind}_total has a value`)
    }
    assert.ok(names.has('nodejs_active_handles'), 'the counts by type stay')
    if (promtoolBinary === undefined) return t.skip('promtool is not installed')
    assert.deepEqual(promtoolCheck(text), { status: 0, output: '' })
  })

  it('createMetrics registers every group, in the exposition\'s order', async (t) => {
    const { context } = await buildTestApp(t, { METRICS_PORT: '9' })
    const text = await context.metrics!.registry.metrics()
    const ours = [...text.matchAll(/^# TYPE status_api_(\S+)/gm)].map((match) => match[1])
    assert.deepEqual(ours, [
      'page_indicator', 'component_public_status', 'component_status', 'component_up', 'maintenance_active', 'shards',
      'gateway_latency_seconds', 'uptime_ratio', 'checks_recorded', 'checks_expected', 'checks_buffered', 'incidents_active',
      'platform_indicator', 'platform_stale', 'http_requests_total', 'http_request_duration_seconds', 'check_results_total',
      'check_duration_seconds'
    ])
    assert.match(text, /^# TYPE process_cpu_user_seconds_total counter$/m, 'then Node\'s default metrics')
  })
})
