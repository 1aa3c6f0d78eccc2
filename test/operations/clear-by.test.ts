// `component clear` keeps who cleared it, as `set` keeps who set it: the row stays, operational, with `by` and the
// time, on SQLite and PostgreSQL; the answer (CLI, operator API, Discord) says who; the component measures operational.
import assert from 'node:assert/strict'
import path from 'node:path'
import { writeFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { API_LABELS } from '../../src/incidents/input.ts'
import { localOperations, openStore } from '../../src/operations/local.ts'
import { buildTestApp, databaseBackends, tempDir } from '../helper.ts'
import { STATUS_FILE } from '../operator/operator-process.ts'

for (const backend of databaseBackends()) {
  describe(`component clear on ${backend.name}`, { skip: backend.skip }, () => {
    it('keeps who cleared it and when, and the component is operational', async (t) => {
      const statusFile = path.join(tempDir(t), 'status.yaml')
      writeFileSync(statusFile, STATUS_FILE)
      const test = await buildTestApp(t, { ...await backend.env(), STATUS_FILE: statusFile })
      const { db } = test.context.database
      const as = (by: string) => localOperations(openStore(test.context.database, test.config.status, test.context.clock), { labels: API_LABELS, by })
      assert.deepEqual(await as('ops').setComponentStatus('music', { status: 'major_outage', message: 'Down.' }),
        { id: 'music', status: 'major_outage', message: 'Down.', by: 'ops' })
      assert.deepEqual(await as('discord:alice').clearComponentStatus('music'), { id: 'music', status: 'operational', message: null, by: 'discord:alice' })
      const rows = await db.selectFrom('manual_components').selectAll().execute()
      assert.deepEqual(rows.map(({ updated_at: at, ...row }) => ({ ...row, at: typeof at })),
        [{ component: 'music', status: 'operational', message: null, by: 'discord:alice', at: 'string' }])

      await test.context.manualStatuses?.refresh()
      await test.context.monitor.runOnce()
      const shown = (await test.app.inject('/api/v1/health/components')).json().components.find((c: { id: string }) => c.id === 'music')
      assert.equal(shown.status, 'operational')
      const published = (await test.app.inject('/api/v1/health/components/music')).body
      assert.ok(!published.includes('alice'), 'who cleared it is never published')
    })
  })
}
