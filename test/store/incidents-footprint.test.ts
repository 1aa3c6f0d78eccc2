// What 90 days of a large bot's incidents keep in memory (issue 53): the service holds every incident of the window
// for its answers, so the words and times that repeat on every row (statuses, impacts, component ids, who, the times
// an incident shares with its updates) are kept once each, not once per row. A bound on the heap one loaded incident
// keeps, between what it keeps that way (~380 B) and without (~590 B): bytes V8 counts, not a timing.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import v8 from 'node:v8'
import vm from 'node:vm'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { loadIncidents } from '../../src/store/repositories/incidents.ts'
import { tempDir } from '../helper.ts'

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

const INCIDENTS = 5000
const DAY = 86_400_000
const BOUND_BYTES = 490

describe('the incidents held in memory', () => {
  it(`keep at most ${BOUND_BYTES} bytes of heap each (5,000 incidents, two updates and a component each)`, async (t) => {
    const database = openDatabase({ databaseUrl: undefined, dataDir: path.join(tempDir(t)) })
    t.after(() => database.close())
    await migrate(database)
    const now = Date.now()
    const at = (ms: number) => new Date(ms).toISOString()
    await database.db.transaction().execute(async (trx) => {
      for (let i = 1; i <= INCIDENTS; i++) {
        const started = now - 85 * DAY + i * 60_000
        await trx.insertInto('incidents').values({ id: i, title: `Incident ${i}: commands slow`, impact: 'minor', status: 'resolved', started_at: at(started), resolved_at: at(started + 600_000), updated_at: at(started + 600_000) }).execute()
        await trx.insertInto('incident_updates').values([
          { incident_id: i, status: 'investigating', message: `Looking into ${i}.`, created_at: at(started), by: 'ops' },
          { incident_id: i, status: 'resolved', message: `Fixed ${i}.`, created_at: at(started + 600_000), by: 'ops' }
        ]).execute()
        await trx.insertInto('incident_components').values({ incident_id: i, component: 'music', status: 'degraded_performance' }).execute()
      }
    })
    const since = at(now - 90 * DAY)
    await loadIncidents(database.db, since) // the code and its caches warmed, not counted
    gc()
    const before = process.memoryUsage().heapUsed
    const held = [await loadIncidents(database.db, since), await loadIncidents(database.db, since)]
    gc()
    const perIncident = (process.memoryUsage().heapUsed - before) / (held.length * INCIDENTS)
    assert.equal(held[1]!.length, INCIDENTS)
    t.diagnostic(`${perIncident.toFixed(0)} bytes of heap per incident`)
    assert.ok(perIncident < BOUND_BYTES, `${perIncident.toFixed(0)} bytes of heap per incident`)
  })
})
