// One monitor round with the real snapshot, write state and recorder on SQLite: migration, re-judged write, upkeep only when answered.
import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { pino } from 'pino'
import type { MeasuredHealthBody } from '../../src/api/health.ts'
import { builtinDeclaration } from '../../src/declaration/declaration.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import type { ProbeResults } from '../../src/monitor/health-body.ts'
import { createHealthSnapshots } from '../../src/monitor/health-snapshot.ts'
import { createMinuteRecorder } from '../../src/monitor/minute-recorder.ts'
import { createRound } from '../../src/monitor/round.ts'
import { WriteState } from '../../src/monitor/write-state.ts'
import { openDatabase } from '../../src/store/database.ts'
import { migrate } from '../../src/store/migrate.ts'
import { tempDir } from '../helper.ts'

const probes = (database: 'ok' | 'down'): ProbeResults => ({
  database: database === 'ok' ? { status: 'ok', latencyMs: 1 } : { status: 'down', latencyMs: null, message: 'The database does not answer.' },
  cache: { status: 'ok', latencyMs: 0.1 },
  bot: { status: 'ok', latencyMs: 40, shards: null }
})

function setUp (t: TestContext, answer: () => ProbeResults, ensureSchema?: () => Promise<void>) {
  const clock = new ManualClock()
  const database = openDatabase({ databaseUrl: undefined, dataDir: tempDir(t) })
  t.after(() => database.close())
  const logged: Array<{ level: number, msg: string, reason?: string }> = []
  const logger = pino({ level: 'warn' }, { write: (line: string) => { logged.push(JSON.parse(line)) } })
  const writes = new WriteState()
  const startedAt = clock.now()
  const snapshots = createHealthSnapshots({ declaration: builtinDeclaration(), clock, startedAt, startedMono: clock.monotonic() })
  const recorder = createMinuteRecorder({ database, clock, logger, writes, components: ['database', 'cache', 'bot'], startedAt, intervalMs: 30_000 })
  const told: MeasuredHealthBody[] = []
  const upkeeps: number[] = []
  const round = createRound({
    probe: async () => answer(), ensureSchema, writes, snapshots, recorder,
    onRound: async (body) => { told.push(body) },
    startUpkeep: async (checkedAt) => { upkeeps.push(checkedAt) },
    clock, intervalMs: 30_000, logger
  })
  return { clock, database, logged, snapshots, recorder, round, told, upkeeps }
}

describe('a monitor round', () => {
  it('a schema that cannot be brought up yet is logged; the refused write makes the database degraded in the same round', async (t) => {
    let migrations = 0
    const { clock, logged, snapshots, round, told, upkeeps } = setUp(t, () => probes('ok'), async () => { migrations++; throw new Error('cannot migrate') })
    const { body, upkept } = await round()
    assert.equal(migrations, 1)
    assert.deepEqual(logged.map((line) => [line.level, line.msg, line.reason]), [
      [40, 'the database answers but could not be migrated yet', 'failed'],
      [40, 'health check not written; kept in memory until the database takes it', 'failed']
    ])
    assert.equal(body.components.database.status, 'degraded', 'judged again after the write')
    assert.equal(body.components.database.message, 'The database does not accept writes; checks are kept in memory until it does.')
    assert.equal(snapshots.current()!.value, body, 'published')
    assert.deepEqual(told, [body], 'the notifications hear the judged body')
    await upkept
    assert.deepEqual(upkeeps, [clock.now()], 'the database answered: the upkeep starts')
  })

  it('once migrated, the write goes through and the database stays ok', async (t) => {
    const { database, round, recorder } = setUp(t, () => probes('ok'), async () => { await migrate(database) })
    const { body } = await round()
    assert.equal(body.components.database.status, 'ok')
    assert.equal(recorder.buffered, 0)
  })

  it('a database that does not answer: no migration, the minute kept, no upkeep', async (t) => {
    let migrations = 0
    const { round, recorder, told, upkeeps } = setUp(t, () => probes('down'), async () => { migrations++ })
    const { body, upkept } = await round()
    assert.equal(migrations, 0)
    assert.equal(body.status, 'down')
    assert.equal(recorder.buffered, 1)
    assert.equal(upkept, undefined)
    assert.deepEqual(upkeeps, [])
    assert.equal(told.length, 1)
  })
})
