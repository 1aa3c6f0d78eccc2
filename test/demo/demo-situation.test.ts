// The demo's situation (issue: "the page says all systems operational beside a minor incident"): with the example
// status file, the demo data, the demo's bot and chat platform stand-in, every surface reads the same — minor, music
// degraded by the minor incident, the dashboard under maintenance, every other component operational.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { buildApp } from '../../src/app.ts'
import { EXAMPLE_STATUS_FILE } from '../../src/cli/demo.ts'
import { openContext } from '../../src/context.ts'
import { startDemoBot } from '../../src/demo/demo-bot.ts'
import { writeDemoData } from '../../src/demo/demo-data.ts'
import { startFakePlatform } from '../../src/demo/fake-platform.ts'
import { startCheckTargets } from '../../src/demo/check-targets.ts'
import { testConfig } from '../helper.ts'
import { SURFACES, expectedReading, fromModel, readSurfaces } from '../status/surfaces.ts'

describe('the demo reads the same everywhere', () => {
  it('minor; music degraded, the dashboard under maintenance, the rest operational — on every surface', { timeout: 60_000 }, async (t) => {
    const platform = await startFakePlatform()
    t.after(() => platform.close())
    const example = testConfig(t, { STATUS_FILE: path.relative(process.cwd(), EXAMPLE_STATUS_FILE), DISCORD_STATUS_URL: platform.url.href })
    // The example's checks on the demo's stand-ins, calm: the situation is the incidents' and the window's.
    const targets = await startCheckTargets(example.status, { calm: true })
    t.after(() => targets.close())
    const config = { ...example, status: targets.declaration }
    const context = await openContext(config, { migrate: true })
    const app = await buildApp(context)
    t.after(async () => {
      await app.close()
      await context.close()
    })
    await writeDemoData(context.database, context.clock.now(), config.status)
    await context.incidents.refresh()
    const stopBot = startDemoBot(context.database)
    t.after(stopBot)
    targets.startPushing(context.database)
    await new Promise((resolve) => setTimeout(resolve, 200)) // the bot's first heartbeats, the first push
    await context.checks.tick()
    await context.monitor.runOnce()
    const base = await app.listen({ port: 0, host: '127.0.0.1' })

    const model = (await (await fetch(`${base}/api/v1/health/components`)).json()) as { indicator: string, components: Array<{ id: string, status: string }> }
    assert.equal(model.indicator, 'minor')
    assert.deepEqual(Object.fromEntries(model.components.map((c) => [c.id, c.status])), {
      bot: 'operational', music: 'degraded_performance', 'music-node': 'operational', dashboard: 'under_maintenance', website: 'operational',
      voice: 'operational', api: 'operational', database: 'operational', cache: 'operational'
    })
    const readings = await readSurfaces({ baseUrl: base, componentIds: model.components.map((c) => c.id) })
    for (const surface of SURFACES) {
      if (surface === 'mcp' || surface === 'metrics') continue // not started here; the agreement test reads them
      assert.deepEqual(readings[surface], expectedReading(surface, fromModel(model as never)), surface)
    }
    assert.equal(((await (await fetch(`${base}/api/v1/health`)).json()) as { indicator: string }).indicator, 'minor')

    // What names the components: the Statuspage copy's incidents and windows, the feed entries.
    const summary = await (await fetch(`${base}/status/api/v2/summary.json`)).json() as { incidents: Array<{ name: string, components: Array<{ id: string }> }>, scheduled_maintenances: Array<{ name: string, components: Array<{ id: string }> }> }
    assert.deepEqual(summary.incidents.map((i) => [i.name, i.components.map((c) => c.id)]), [['Music commands delayed in Europe', ['music']]])
    assert.deepEqual(summary.scheduled_maintenances.map((m) => [m.name, m.components.map((c) => c.id)]), [['Dashboard maintenance', ['dashboard']], ['Network provider upgrade', ['bot']]])
    const feed = await (await fetch(`${base}/status/feed.atom`)).text()
    assert.match(feed, /Affected: Music/)
  })
})
