// The push operation and `status-api push`: what a push component reports is stored once and read back as its
// measurement; an undeclared or non-push component and bad input are refused with one line, nothing written.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { checkPush, pushMeasurement, recordPush } from '../../src/checks/push.ts'
import { InvalidInput } from '../../src/incidents/rules.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { findCheckResult, listCheckResults } from '../../src/store/repositories/check-results.ts'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { tempDir } from '../helper.ts'
import { runBinWith, runCommandWith } from '../cli/run-bin.ts'

const FILE = `components:
  - { id: worker, name: Reminder worker, check: { push: { within: 2m } } }
  - { id: api, name: Public API, check: { manual: true } }
`

function statusFile (dir: string): string {
  const file = path.join(dir, 'status.yaml')
  writeFileSync(file, FILE)
  return file
}

describe('recordPush', () => {
  it('stores the push, and the measurement follows it until the component has been silent for longer than within', async (t) => {
    const dir = tempDir(t)
    const declaration = loadStatusFile(statusFile(dir), {})
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
    t.after(() => database.close())
    await migrate(database)
    const now = Date.parse('2026-11-25T12:00:00Z')
    await recordPush(database.db, declaration, 'worker', { status: 'degraded', latencyMs: 1234.56, message: 'Queue is backed up' }, now, 'ops')
    const stored = await findCheckResult(database.db, 'worker')
    assert.deepEqual(stored, { component: 'worker', status: 'degraded', latencyMs: 1234.6, message: 'Queue is backed up', failures: 0, checkedAt: now, reportedBy: 'ops' })
    assert.deepEqual(pushMeasurement(stored, 120_000, now + 120_000), { status: 'degraded', latencyMs: 1234.6, message: 'Queue is backed up' })
    assert.deepEqual(pushMeasurement(stored, 120_000, now + 120_001), { status: 'down', latencyMs: null, message: 'No report for more than 2m.' })
    assert.deepEqual(pushMeasurement(undefined, 120_000, now), { status: 'down', latencyMs: null, message: 'No report received yet.' })
    // Never pushed: unknown while `within` has not passed since the service began watching, down after.
    assert.deepEqual(pushMeasurement(undefined, 120_000, now, now - 120_000), { status: 'unknown', latencyMs: null, message: 'Not checked yet.' })
    assert.deepEqual(pushMeasurement(undefined, 120_000, now, now - 120_001), { status: 'down', latencyMs: null, message: 'No report received yet.' })
    // A bare push: ok, no latency, no message; it replaces the row.
    await recordPush(database.db, declaration, 'worker', {}, now + 1000)
    assert.deepEqual((await listCheckResults(database.db)).map((row) => [row.component, row.status, row.latencyMs, row.message, row.reportedBy]), [['worker', 'ok', null, null, null]])
  })

  it('refuses an undeclared or non-push component and bad input with one line', (t) => {
    const declaration = loadStatusFile(statusFile(tempDir(t)), {})
    const refusal = (component: string, input: Parameters<typeof checkPush>[2]) => {
      try {
        checkPush(declaration, component, input, 0)
      } catch (error) {
        assert.ok(error instanceof InvalidInput)
        assert.ok(!error.message.includes('\n'))
        return error.message
      }
      assert.fail('accepted')
    }
    assert.equal(refusal('nope', {}), '"nope" is not a declared component (push components: worker)')
    assert.match(refusal('api', {}), /^component "api" is checked by "manual", not by pushes/)
    assert.equal(refusal('worker', { status: 'fine' }), 'status must be one of ok, degraded, down (got "fine")')
    assert.match(refusal('worker', { latencyMs: -1 }), /^latency must be a number of milliseconds/)
    assert.match(refusal('worker', { latencyMs: Number.NaN }), /^latency must be a number/)
    assert.equal(refusal('worker', { message: ' ' }), 'message must not be empty')
    assert.equal(refusal('worker', { message: 'two\nlines' }), 'message must be a single line without control characters')
    assert.match(refusal('worker', { message: 'x'.repeat(201) }), /^message is 201 characters long; at most 200/)
    // The one text rule of every input (src/incidents/rules.ts), as for incident text.
    assert.equal(refusal('worker', { message: 'stalled \uFFFE' }), 'message contains U+FFFE, a Unicode noncharacter that feeds cannot carry')
    assert.equal(refusal('worker', { message: 'lone \uD800' }), 'message is not valid Unicode text')
  })
})

describe('status-api push', () => {
  it('writes through the same operation (the real bin), and refuses with exit 2 writing nothing', async (t) => {
    const dir = tempDir(t)
    const env = { DATA_DIR: dir, STATUS_FILE: statusFile(dir) }
    assert.equal((await runCommandWith(env, ['migrate'])).code, 0)
    const pushed = await runBinWith(env, ['push', 'worker', '--status', 'down', '--latency', '250', '--message', 'Missed its run'])
    assert.equal(pushed.code, 0, pushed.stderr)
    assert.equal(pushed.stdout.trim(), 'worker: down (250 ms)')
    const refused = await runCommandWith(env, ['push', 'api'])
    assert.equal(refused.code, 2)
    assert.match(refused.stderr, /^status-api: push: component "api" is checked by "manual", not by pushes/)
    const badLatency = await runCommandWith(env, ['push', 'worker', '--latency', 'fast'])
    assert.equal(badLatency.code, 2)
    assert.match(badLatency.stderr, /--latency must be a number of milliseconds/)
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir })
    t.after(() => database.close())
    assert.deepEqual((await listCheckResults(database.db)).map((row) => [row.component, row.status, row.latencyMs, row.message]), [['worker', 'down', 250, 'Missed its run']])
  })
})
