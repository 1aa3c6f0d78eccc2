// status.changed names the components whose measured status changed, over whatever components the monitor's round
// body has (declared ones included), against the last status that held; a component changing while the overall
// status stays raises nothing.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { pino } from 'pino'
import type { MeasuredHealthBody } from '../../src/api/health.ts'
import { changedComponents, createStatusWatch } from '../../src/notify/status-watch.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { testConfig } from '../helper.ts'

describe('changedComponents', () => {
  it('lists the components whose status differs, in the body\'s order; a new one counts from unknown', () => {
    assert.deepEqual(changedComponents({ database: 'ok', bot: 'ok', music: 'degraded' }, { database: 'down', bot: 'ok', music: 'ok', dashboard: 'ok' }), [
      { id: 'database', from: 'ok', to: 'down' }, { id: 'music', from: 'degraded', to: 'ok' }, { id: 'dashboard', from: 'unknown', to: 'ok' }
    ])
    assert.deepEqual(changedComponents(undefined, { database: 'down', cache: 'ok' }), [{ id: 'database', from: 'ok', to: 'down' }],
      'without a status held before, against every component ok')
  })
})

describe('the status watch names components', () => {
  it('over any component key of the round body; a change inside one overall status is not an event', async (t) => {
    const database = openDatabase(testConfig(t))
    t.after(() => database.close())
    await migrate(database)
    const watch = createStatusWatch({ database, logger: pino({ level: 'silent' }), holdMs: 30_000 })
    let at = Date.parse('2026-11-21T12:00:00.000Z')
    const round = async (status: string, components: Record<string, string>) => {
      const body = { status, checkedAt: new Date(at).toISOString(), components: Object.fromEntries(Object.entries(components).map(([id, s]) => [id, { status: s, latencyMs: null }])) }
      await watch.observe(body as unknown as MeasuredHealthBody)
      at += 30_000
    }
    const ok = { database: 'ok', cache: 'ok', bot: 'ok', music: 'ok', dashboard: 'ok' }
    for (let i = 0; i < 3; i++) await round('ok', ok)
    for (let i = 0; i < 3; i++) await round('degraded', { ...ok, music: 'degraded' })
    for (let i = 0; i < 3; i++) await round('degraded', { ...ok, music: 'degraded', dashboard: 'degraded' }) // still degraded: no event
    for (let i = 0; i < 3; i++) await round('ok', ok)
    const rows = await database.db.selectFrom('notify_events').selectAll().where('kind', '=', 'status.changed').orderBy('id').execute()
    const payloads = rows.map((row) => JSON.parse(row.payload).status)
    assert.deepEqual(payloads.map((p) => [p.from, p.to, p.changed]), [
      ['ok', 'degraded', [{ id: 'music', from: 'ok', to: 'degraded' }]],
      ['degraded', 'ok', [{ id: 'music', from: 'degraded', to: 'ok' }, { id: 'dashboard', from: 'degraded', to: 'ok' }]]
    ])
  })
})
