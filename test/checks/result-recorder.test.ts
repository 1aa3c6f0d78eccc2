// The result recorder: attempts confirmed against the last result, changes told, each result written to the shared table.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { pino } from 'pino'
import { CONFIRMING } from '../../src/checks/confirm.ts'
import { HeldResults } from '../../src/checks/held-results.ts'
import { createResultRecorder } from '../../src/checks/result-recorder.ts'
import { createResultWriter } from '../../src/checks/result-writer.ts'
import { listCheckResults } from '../../src/store/repositories/check-results.ts'
import { declare, sqlite } from './declare.ts'

describe('the result recorder', () => {
  it('confirms failures, tells changes of what is shown, and writes each result', async (t) => {
    const { probed } = declare(t, '  - { id: site, name: Site, check: { http: { url: "http://127.0.0.1:9/", every: 5s, confirm: 2 } } }')
    const site = probed[0]!
    const database = await sqlite(t)
    const held = new HeldResults()
    let changes = 0
    let invalidated = 0
    const record = createResultRecorder({ held, writer: createResultWriter(database.db, pino({ level: 'silent' }), 5), onChange: () => { changes++ }, invalidate: () => { invalidated++ } })
    const shown = async () => (await listCheckResults(database.db)).map((r) => [r.status, r.message, r.failures])

    await record(site, { status: 'down', latencyMs: null, message: 'The connection was refused.' }, 1000)
    assert.deepEqual(await shown(), [['unknown', CONFIRMING, 1]], 'a first failure waits for its confirmation')
    await record(site, { status: 'down', latencyMs: null, message: 'The connection was refused.' }, 6000)
    assert.deepEqual(await shown(), [['down', 'The connection was refused.', 2]])
    await record(site, { status: 'ok', latencyMs: 3 }, 11_000)
    assert.deepEqual(await shown(), [['ok', null, 0]], 'one success recovers')
    await record(site, { status: 'ok', latencyMs: 4 }, 16_000)
    assert.equal(changes, 3, 'the last attempt changed nothing shown')
    assert.equal(invalidated, 4)
    assert.equal(held.get('site')!.latencyMs, 4)
  })
})
