// The held results: a change is a new status or message, newer own results beat the table's, an unreadable table changes nothing.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { HeldResults, readSharedResults } from '../../src/checks/held-results.ts'
import { upsertCheckResults, type CheckResultRow } from '../../src/store/repositories/check-results.ts'
import { sqlite } from './declare.ts'

function row (component: string, status: CheckResultRow['status'], checkedAt: number, extra: Partial<CheckResultRow> = {}): CheckResultRow {
  return { component, status, latencyMs: 10, message: null, failures: 0, checkedAt, reportedBy: null, ...extra }
}

describe('the held results', () => {
  it('tell a change of status or message, not of latency or time', () => {
    const held = new HeldResults()
    assert.equal(held.get('site'), undefined)
    assert.equal(held.keep(row('site', 'ok', 1)), true, 'the first result')
    assert.equal(held.keep(row('site', 'ok', 2, { latencyMs: 99 })), false)
    assert.equal(held.get('site')!.latencyMs, 99, 'kept all the same')
    assert.equal(held.keep(row('site', 'ok', 3, { message: 'Slow.' })), true)
    assert.equal(held.keep(row('site', 'down', 4, { message: 'Slow.' })), true)
  })

  it('take the table\'s rows, but not over a newer result of this replica', () => {
    const held = new HeldResults()
    held.keep(row('site', 'down', 2000))
    assert.equal(held.merge([row('site', 'ok', 1000), row('worker', 'ok', 1500)]), true, 'the push is new')
    assert.equal(held.get('site')!.status, 'down', 'this replica\'s newer result stays')
    assert.equal(held.merge([row('site', 'down', 2000), row('worker', 'ok', 1500)]), false, 'nothing shown changed')
    assert.equal(held.merge([row('site', 'ok', 3000)]), true)
    assert.equal(held.get('site')!.status, 'ok')
  })

  it('are read from the shared table; a database that does not answer leaves them as they were', async (t) => {
    const database = await sqlite(t)
    await upsertCheckResults(database.db, [row('site', 'degraded', 1000, { message: 'Slow.' })])
    const held = new HeldResults()
    const told: boolean[] = []
    await readSharedResults(database.db, held, (changed) => told.push(changed))
    await readSharedResults(database.db, held, (changed) => told.push(changed))
    assert.deepEqual(told, [true, false])
    assert.equal(held.get('site')!.message, 'Slow.')

    const empty = await sqlite(t, false) // no schema: every read fails
    await readSharedResults(empty.db, held, (changed) => told.push(changed))
    assert.deepEqual(told, [true, false], 'not told')
    assert.equal(held.get('site')!.status, 'degraded')
    await readSharedResults(database.db, held, () => { throw new Error('a listener failing') }) // never rejects
  })
})
