// Test only: the whole app with a status file (a group, the database and cache probes, a manual component), five days
// of the database's minute checks with latencies and a slow hour, one monitor round, an open incident naming the
// database and an active window naming the API and an id the file does not declare.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TestContext } from 'node:test'
import { openIncident, scheduleMaintenance, updateIncident } from '../../src/incidents/writes.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { MINUTE_MS, minuteOf } from '../../src/lib/minutes.ts'
import { OVERALL, upsertComponentChecks, type ComponentCheckRow } from '../../src/store/repositories/component-checks.ts'
import type { AppOptions } from '../../src/app.ts'
import { buildTestApp, tempDir, type Env } from '../helper.ts'

export const STATUS_YAML = `product: { name: Acme }
groups:
  - { id: core, name: { en: Core services, de: Kerndienste } }
components:
  - id: database
    builtin: database
    group: core
    name: { en: Database, de: Datenbank }
    description: { en: Where every setting is kept., de: Wo alle Einstellungen liegen. }
  - { id: cache, builtin: cache, group: core, name: Cache }
  - { id: api, name: { en: Public API, de: Öffentliche API }, check: { manual: true } }
`

export const START = '2026-11-21T12:00:00.000Z'

/** The database's minutes of the last `days` days: ~40 ms with a wave, a slow hour at 320 ms, 9 minutes down two days ago. */
function databaseMinutes (now: number, days: number): ComponentCheckRow[] {
  const last = minuteOf(now) - 1
  const rows: ComponentCheckRow[] = []
  for (let minute = last - days * 1440; minute <= last; minute++) {
    const ago = last - minute
    if (ago > 300 && ago < 330) continue // a gap: nothing recorded for half an hour
    const slow = ago >= 120 && ago < 180
    const down = ago >= 2 * 1440 && ago < 2 * 1440 + 9
    rows.push({
      minute,
      component: 'database',
      status: down ? 'down' : slow ? 'degraded' : 'ok',
      latencyMs: down ? null : slow ? 320 + (minute % 7) * 9 : 38 + Math.round(12 * Math.sin(minute / 90)) + (minute % 5)
    })
  }
  return rows
}

export async function componentSite (t: TestContext, env: Env = {}, appOptions: AppOptions = {}) {
  const clock = new ManualClock(START)
  const file = path.join(tempDir(t), 'status.yaml')
  writeFileSync(file, STATUS_YAML)
  const built = await buildTestApp(t, { STATUS_FILE: file, ...env }, { clock }, appOptions)
  const { context } = built
  const minutes = databaseMinutes(clock.now(), 5)
  // As the minute recorder writes them: each minute's overall status beside the component's (the last 24 hours' checks read both).
  await upsertComponentChecks(context.database, [...minutes, ...minutes.map((row) => ({ ...row, component: OVERALL, latencyMs: null }))])
  await context.monitor.runOnce()
  const db = context.database.db
  const incident = await openIncident(db, { title: 'Slow <settings>', impact: 'major', status: 'investigating', message: 'Saving settings takes long.', components: [{ id: 'database' }] }, clock.now() - 90 * MINUTE_MS)
  await updateIncident(db, incident, { status: 'identified', message: 'A slow disk.' }, clock.now() - 30 * MINUTE_MS)
  const window = await scheduleMaintenance(db, {
    title: 'API upgrade', message: 'Requests may fail briefly.', startsAt: clock.now() + MINUTE_MS, endsAt: clock.now() + 120 * MINUTE_MS, components: ['api', 'legacy-api']
  }, clock.now())
  clock.advance(2 * MINUTE_MS) // the window is active; a new minute recomputes the history
  await context.monitor.history.refreshIfStale() // as a running service has it: the seeded minutes in the history
  await context.incidents.refresh()
  return { ...built, clock, incident, window }
}
