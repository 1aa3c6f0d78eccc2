// Declared components on SQLite and PostgreSQL: a platform component (mirrored from a real loopback Statuspage stand-in)
// and a manual one show in /api/v1/health, in the minute history and in one component's history; a down component
// makes the overall degraded, or down when critical; unknown never counts; ids no longer declared are not shown.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { Compile } from 'typebox/compile'
import { ComponentHistory, HealthBody, HistoryBody } from '../../src/api/health.ts'
import { buildApp } from '../../src/app.ts'
import { openContext } from '../../src/context.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { minuteOf } from '../../src/lib/minutes.ts'
import { createMonitor } from '../../src/monitor/monitor.ts'
import { builtinDeclaration, type DeclaredComponent, type StatusDeclaration, localizedText } from '../../src/declaration/declaration.ts'
import { upsertComponentChecks } from '../../src/store/repositories/component-checks.ts'
import { databaseBackends, testConfig, type DatabaseBackend } from '../helper.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'

const healthSchema = Compile(HealthBody)
const historySchema = Compile(HistoryBody)
const componentSchema = Compile(ComponentHistory)

function declared (id: string, check: DeclaredComponent['check'], critical = false): DeclaredComponent {
  return { id, name: localizedText({ en: id, de: id }), description: undefined, group: undefined, critical, check }
}

/** The built-in three, then Discord's API and US East voice (mirrored), a manual public API and a pushed music service. */
function testDeclaration (options: { criticalApi?: boolean, criticalPublicApi?: boolean } = {}): StatusDeclaration {
  const builtin = builtinDeclaration()
  return {
    ...builtin,
    components: [
      ...builtin.components,
      declared('discord-api', { kind: 'platform', component: 'API' }, options.criticalApi),
      declared('voice', { kind: 'platform', component: 'Voice: US East' }),
      declared('public-api', { kind: 'manual' }, options.criticalPublicApi),
      declared('music', { kind: 'push', withinMs: 120_000 })
    ]
  }
}

async function appWith (t: TestContext, backend: DatabaseBackend, declaration: StatusDeclaration) {
  const upstream = await StatuspageServer.start()
  t.after(() => upstream.close())
  const clock = new ManualClock('2026-11-21T12:00:10.000Z')
  const config = { ...testConfig(t, { ...await backend.env(), DISCORD_STATUS_URL: upstream.url }), status: declaration }
  const context = await openContext(config, { migrate: true, clock })
  const app = await buildApp(context)
  t.after(async () => {
    await app.close()
    await context.close()
  })
  return { app, context, clock, upstream }
}

for (const backend of databaseBackends()) {
  describe(`declared components on ${backend.name}`, { skip: backend.skip }, () => {
    it('show in the health body after the three, measured each round, in the file\'s order', async (t) => {
      const { app, context, upstream } = await appWith(t, backend, testDeclaration())
      upstream.serve({ kind: 'fixture', name: 'operational' })
      await context.monitor.runOnce()
      const response = await app.inject('/api/v1/health')
      assert.equal(response.statusCode, 200)
      const body: HealthBody = response.json()
      assert.ok(healthSchema.Check(body), JSON.stringify([...healthSchema.Errors(body)].slice(0, 3)))
      assert.deepEqual(Object.keys(body.components), ['database', 'cache', 'bot', 'discord-api', 'voice', 'public-api', 'music'])
      assert.deepEqual(body.components['discord-api'], { status: 'ok', latencyMs: null, message: 'As reported on Discord\'s status page.' })
      assert.deepEqual(body.components['public-api'], { status: 'ok', latencyMs: null })
      assert.deepEqual(body.components.music, { status: 'unknown', latencyMs: null, message: 'Not checked yet.' })
      assert.equal(body.status, 'ok', 'an unknown component never counts')
      assert.equal(upstream.requests, 1, 'the round asked for the platform\'s status')

      const measurements = context.monitor.measurements()!
      assert.equal(measurements.checkedAt, body.checkedAt)
      assert.deepEqual([...measurements.components.keys()], ['database', 'cache', 'bot', 'discord-api', 'voice', 'public-api', 'music'])
      assert.equal(measurements.components.get('discord-api')!.public, 'operational')
    })

    it('a declared component down makes the overall degraded (200), or down (503) when it is critical', async (t) => {
      for (const critical of [false, true]) {
        const { app, context, upstream } = await appWith(t, backend, testDeclaration({ criticalApi: critical }))
        upstream.serve({ kind: 'fixture', name: 'major-outage' })
        await context.monitor.runOnce()
        const response = await app.inject('/api/v1/health')
        const body = response.json()
        assert.equal(body.components['discord-api'].status, 'down', 'Discord\'s API: major outage')
        assert.equal(body.components.voice.status, 'degraded', 'US East voice: partial outage')
        assert.equal(body.components.database.status, 'ok')
        assert.equal(body.status, critical ? 'down' : 'degraded')
        assert.equal(response.statusCode, critical ? 503 : 200)
        const history = (await app.inject('/api/v1/health/history')).json()
        assert.equal(history.checks[0].status, body.status, 'the minute records the same overall status')
      }
    })

    it('while the platform\'s status is not available, its components are unknown and count for nothing', async (t) => {
      const { app, context, upstream } = await appWith(t, backend, testDeclaration({ criticalApi: true }))
      upstream.serve({ kind: 'status', status: 502 })
      await context.monitor.runOnce()
      const body = (await app.inject('/api/v1/health')).json()
      assert.deepEqual(body.components['discord-api'], { status: 'unknown', latencyMs: null, message: 'Discord\'s status is not available right now.' })
      assert.equal(body.status, 'ok')
    })

    it('are recorded every minute: in the history\'s checks, uptime and days, and in one component\'s history; ids no longer declared are not shown', async (t) => {
      const { app, context, clock, upstream } = await appWith(t, backend, testDeclaration())
      const start = minuteOf(clock.now())
      // Rows of a component a former file declared.
      await upsertComponentChecks(context.database, [{ minute: start - 5, component: 'gone', status: 'down', latencyMs: 12 }, { minute: start - 5, component: 'overall', status: 'ok', latencyMs: null }])
      upstream.serve({ kind: 'fixture', name: 'operational' })
      await context.monitor.runOnce()
      clock.advance(60_000)
      upstream.serve({ kind: 'fixture', name: 'major-outage' })
      await context.monitor.runOnce() // the platform's value is a minute old: fetched again
      clock.advance(60_000)
      await context.monitor.runOnce()

      const history: HistoryBody = (await app.inject('/api/v1/health/history')).json()
      assert.ok(historySchema.Check(history), JSON.stringify([...historySchema.Errors(history)].slice(0, 3)))
      assert.deepEqual(history.checks.map((c) => [c.at.slice(11, 16), c.status, c.components['discord-api'], c.components.voice, c.components.music]), [
        ['11:55', 'ok', 'unknown', 'unknown', 'unknown'],
        ['12:00', 'ok', 'ok', 'ok', 'unknown'],
        ['12:01', 'degraded', 'down', 'degraded', 'unknown'],
        ['12:02', 'degraded', 'down', 'degraded', 'unknown']
      ])
      assert.deepEqual(Object.keys(history.checks[1]!.components), ['database', 'cache', 'bot', 'discord-api', 'voice', 'public-api', 'music'])
      assert.deepEqual(Object.keys(history.uptime.components), ['database', 'cache', 'bot', 'discord-api', 'voice', 'public-api', 'music'])
      assert.equal(history.uptime.components['discord-api'], 33.333, 'one of three minutes up')
      assert.equal(history.uptime.components.voice, 100, 'degraded is up')
      assert.equal(history.uptime.components.music, null, 'never known: no figure, never 100 %')
      assert.deepEqual(history.uptime.daily[89]!.components['discord-api'], { percent: 33.333, status: 'down' })
      assert.deepEqual(history.uptime.daily[88]!.components['discord-api'], { percent: null, status: 'no_data' })
      assert.ok(!JSON.stringify(history).includes('"gone"'), 'a component no longer declared is not shown')

      const api = await context.monitor.history.component('discord-api')
      assert.ok(componentSchema.Check(api), JSON.stringify([...componentSchema.Errors(api)].slice(0, 3)))
      assert.deepEqual(api!.checks, [
        { at: '2026-11-21T12:00:00.000Z', status: 'ok', latencyMs: null },
        { at: '2026-11-21T12:01:00.000Z', status: 'down', latencyMs: null },
        { at: '2026-11-21T12:02:00.000Z', status: 'down', latencyMs: null }
      ])
      assert.deepEqual(api!.uptime.daily[89], {
        date: '2026-11-21', percent: 33.333, checks: 3, expectedChecks: 723, degradedChecks: 0, downChecks: 2, status: 'down', latencyP50Ms: null, latencyP95Ms: null
      })
      const database = (await context.monitor.history.component('database'))!
      assert.equal(database.checks.length, 3)
      assert.ok(database.checks.every((check) => check.status === 'ok' && typeof check.latencyMs === 'number'), 'the database probe\'s latency is kept')
      const today = database.uptime.daily[89]!
      assert.ok(today.latencyP50Ms !== null && today.latencyP95Ms !== null && today.latencyP50Ms <= today.latencyP95Ms, JSON.stringify(today))
      assert.equal(await context.monitor.history.component('gone'), undefined)
      assert.equal(await context.monitor.history.component('overall'), undefined)
    })

    it('a manual component takes what operators set: a critical one down makes the health 503, and the minute says so', async (t) => {
      const file = testDeclaration({ criticalPublicApi: true })
      const { context, clock } = await appWith(t, backend, file)
      let manual = new Map([['public-api', { status: 'major_outage' as const, message: 'The public API is switched off while we migrate.' }]])
      const monitor = createMonitor({
        config: context.config, database: context.database, cache: context.cache, cacheKind: context.cacheKind, clock, logger: context.logger,
        declaration: file, platform: context.platformStatus, manualStatuses: () => manual
      })
      t.after(() => monitor.stop())
      await monitor.runOnce()
      const snapshot = monitor.health()!
      assert.equal(snapshot.statusCode, 503)
      assert.deepEqual(snapshot.value.components['public-api'], { status: 'down', latencyMs: null, message: 'The public API is switched off while we migrate.' })
      assert.equal(monitor.measurements()!.components.get('public-api')!.public, 'major_outage')
      manual = new Map()
      clock.advance(60_000)
      await monitor.runOnce()
      assert.equal(monitor.health()!.statusCode, 200)
      const minutes = (await monitor.history.component('public-api'))!.checks.map((check) => check.status)
      assert.deepEqual(minutes, ['down', 'ok'])
    })

    it('one component\'s history comes from memory: no database query per request, the same object within a minute', async (t) => {
      const { context } = await appWith(t, backend, testDeclaration())
      await context.monitor.runOnce()
      const first = await context.monitor.history.component('public-api')
      const executor = context.database.db.getExecutor()
      const executeQuery = executor.executeQuery.bind(executor)
      let queries = 0
      executor.executeQuery = (query, options) => { queries++; return executeQuery(query, options) }
      const again = await Promise.all(Array.from({ length: 20 }, () => context.monitor.history.component('public-api')))
      assert.equal(queries, 0)
      assert.ok(again.every((history) => history === first))
    })
  })
}
