// The minute history keeps the worse of two observations by the one severity order (src/api/status-severity.ts), in
// SQL on SQLite and PostgreSQL and in memory alike: every pair of stored statuses, in both orders of the writers.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { severity } from '../../src/api/status-severity.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { listComponentChecks, upsertComponentChecks, worseCheck, type ComponentCheckRow } from '../../src/store/repositories/component-checks.ts'
import { databaseBackends, testConfig } from '../helper.ts'

/** The statuses a row can hold, and one this version does not know (it ranks as unknown). */
const STORED = ['unknown', 'ok', 'degraded', 'down', 'sideways']

/** The status the order says is worse; between two of the same rank, the first written stays. */
const expected = (first: string, second: string) => severity(second) > severity(first) ? second : first

for (const backend of databaseBackends()) {
  describe(`the worse of two minute checks on ${backend.name}`, { skip: backend.skip }, () => {
    it('is the one severity order\'s, written in SQL as in memory', async (t) => {
      const database = openDatabase(testConfig(t, await backend.env()))
      t.after(() => database.close())
      await migrate(database)
      const pairs = STORED.flatMap((first) => STORED.map((second) => [first, second] as const))
      const row = (minute: number, status: string): ComponentCheckRow => ({ minute, component: 'music', status, latencyMs: null })
      for (const [minute, [first, second]] of pairs.entries()) {
        await upsertComponentChecks(database, [row(minute, first)])
        await upsertComponentChecks(database, [row(minute, second)])
      }
      const stored = await listComponentChecks(database, 0, pairs.length)
      assert.deepEqual(stored.map((r) => r.status), pairs.map(([first, second]) => expected(first, second)), 'in SQL')
      assert.deepEqual(pairs.map(([first, second]) => worseCheck(row(0, first), row(0, second)).status), pairs.map(([first, second]) => expected(first, second)), 'in memory')
    })
  })
}
