// The result writer on real SQLite: results finishing together written in one go, a refused write logged and its rows kept.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { pino } from 'pino'
import { createResultWriter } from '../../src/checks/result-writer.ts'
import { migrate } from '../../src/store/migrate.ts'
import { listCheckResults, type CheckResultRow } from '../../src/store/repositories/check-results.ts'
import { sqlite } from './declare.ts'

function row (component: string, status: CheckResultRow['status'], checkedAt: number): CheckResultRow {
  return { component, status, latencyMs: 5, message: null, failures: 0, checkedAt, reportedBy: null }
}

describe('the result writer', () => {
  it('writes the results added within its delay in one go, settling each add once written', async (t) => {
    const database = await sqlite(t)
    const writer = createResultWriter(database.db, pino({ level: 'silent' }), 50)
    const first = writer.add(row('site', 'ok', 1))
    const second = writer.add(row('api', 'down', 1))
    assert.equal(first, second, 'one write')
    assert.deepEqual(await listCheckResults(database.db), [], 'not before the delay')
    await first
    assert.deepEqual((await listCheckResults(database.db)).map((r) => [r.component, r.status]).sort(), [['api', 'down'], ['site', 'ok']])
    await writer.add(row('site', 'degraded', 2))
    assert.equal((await listCheckResults(database.db)).find((r) => r.component === 'site')!.status, 'degraded', 'a later add, a later write')
  })

  it('logs a refused write and keeps its rows for the next write; a newer result of the same component wins', async (t) => {
    const database = await sqlite(t, false) // no schema: the write fails
    const logged: Array<{ level: number, msg: string, components: number }> = []
    const writer = createResultWriter(database.db, pino({ level: 'warn' }, { write: (line: string) => { logged.push(JSON.parse(line)) } }), 10)
    void writer.add(row('site', 'ok', 1)) // the same write as the next add
    await writer.add(row('api', 'ok', 1))
    assert.deepEqual(logged.map((line) => [line.level, line.msg, line.components]), [[40, 'check results not written; the other replicas see them once a write goes through', 2]])
    await migrate(database)
    await writer.add(row('site', 'down', 2))
    assert.deepEqual((await listCheckResults(database.db)).map((r) => [r.component, r.status, r.checkedAt]).sort(), [['api', 'ok', 1], ['site', 'down', 2]])
  })
})
