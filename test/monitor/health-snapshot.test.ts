// The health snapshot: published once per round, again only for maintenance, the write's verdict or operators' statuses.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it, type TestContext } from 'node:test'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import type { ProbeResults } from '../../src/monitor/health-body.ts'
import { createHealthSnapshots } from '../../src/monitor/health-snapshot.ts'
import type { ManualStatus } from '../../src/monitor/measure.ts'
import { tempDir } from '../helper.ts'

const healthy: ProbeResults = {
  database: { status: 'ok', latencyMs: 1.5 },
  cache: { status: 'ok', latencyMs: 0.2 },
  bot: { status: 'ok', latencyMs: 40, shards: { total: 2, connected: 2 } }
}

function declaration (t: TestContext) {
  const file = path.join(tempDir(t), 'status.yaml')
  writeFileSync(file, `components:
  - { id: database, builtin: database }
  - { id: cache, builtin: cache }
  - { id: bot, builtin: bot }
  - { id: billing, name: Billing, check: { manual: true } }
`)
  return loadStatusFile(file, {})
}

describe('the health snapshot', () => {
  it('is undefined before the first round; a round publishes its body once, dated by the clock, 503 when down', (t) => {
    const clock = new ManualClock('2026-11-21T12:00:00.000Z')
    const snapshots = createHealthSnapshots({ declaration: declaration(t), clock, startedAt: clock.now(), startedMono: clock.monotonic() })
    assert.equal(snapshots.current(), undefined)
    assert.equal(snapshots.measurements(), undefined)
    snapshots.remeasure() // nothing to measure yet
    assert.equal(snapshots.current(), undefined)

    clock.advance(90_000)
    const body = snapshots.publishRound(healthy, clock.now())
    assert.equal(body.status, 'ok')
    assert.equal(body.uptimeSeconds, 90)
    assert.equal(body.checkedAt, '2026-11-21T12:01:30.000Z')
    const snapshot = snapshots.current()!
    assert.equal(snapshot.value, body)
    assert.equal(snapshot.statusCode, 200)
    assert.equal(snapshot.payload, JSON.stringify(body))
    assert.equal(snapshots.current(), snapshot, 'served from memory: the same object, not serialised again')
    assert.equal(snapshots.measurements()!.components.get('billing')!.public, 'operational')

    snapshots.publishRound({ ...healthy, bot: { status: 'down', latencyMs: null, shards: null } }, clock.now())
    assert.equal(snapshots.current()!.statusCode, 503)
  })

  it('is published again when maintenance begins or ends; a throwing maintenance check counts as none', (t) => {
    const clock = new ManualClock()
    let maintenance: boolean | 'throws' = false
    const snapshots = createHealthSnapshots({
      declaration: declaration(t), clock, startedAt: clock.now(), startedMono: clock.monotonic(),
      isMaintenanceActive: () => { if (maintenance === 'throws') throw new Error('no incidents yet'); return maintenance }
    })
    snapshots.publishRound(healthy, clock.now())
    const before = snapshots.current()!
    maintenance = true
    const during = snapshots.current()!
    assert.notEqual(during, before)
    assert.equal(during.value.maintenance, true)
    assert.equal(snapshots.current(), during)
    maintenance = 'throws'
    assert.equal(snapshots.current()!.value.maintenance, false)
  })

  it('a database verdict changed by the write publishes again; an unchanged one does not', (t) => {
    const clock = new ManualClock()
    const snapshots = createHealthSnapshots({ declaration: declaration(t), clock, startedAt: clock.now(), startedMono: clock.monotonic() })
    assert.equal(snapshots.rejudgeDatabase(healthy.database), undefined, 'nothing before the first round')
    snapshots.publishRound(healthy, clock.now())
    const first = snapshots.current()!
    assert.equal(snapshots.rejudgeDatabase({ status: 'ok', latencyMs: 99 }), undefined, 'same status and message')
    assert.equal(snapshots.current(), first)
    const judged = snapshots.rejudgeDatabase({ status: 'degraded', latencyMs: 1.5, message: 'The database disk is full.' })!
    assert.equal(judged.status, 'degraded')
    assert.deepEqual(judged.components.database, { status: 'degraded', latencyMs: 1.5, message: 'The database disk is full.' })
    assert.equal(judged.checkedAt, first.value.checkedAt, 'still the round\'s time')
    assert.equal(snapshots.current()!.value, judged)
  })

  it('remeasure() reads what operators set now, without probing; a throwing source counts as none set', (t) => {
    const clock = new ManualClock()
    let manual: ReadonlyMap<string, ManualStatus> | 'throws' = new Map()
    const snapshots = createHealthSnapshots({
      declaration: declaration(t), clock, startedAt: clock.now(), startedMono: clock.monotonic(),
      manualStatuses: () => { if (manual === 'throws') throw new Error('not read yet'); return manual }
    })
    snapshots.publishRound(healthy, clock.now())
    manual = new Map([['billing', { status: 'major_outage', message: 'Payments fail.' }]])
    snapshots.remeasure()
    assert.deepEqual(snapshots.current()!.value.components.billing, { status: 'down', latencyMs: null, message: 'Payments fail.' })
    assert.equal(snapshots.measurements()!.components.get('billing')!.public, 'major_outage')
    manual = 'throws'
    snapshots.remeasure()
    assert.equal(snapshots.measurements()!.components.get('billing')!.public, 'operational')
  })
})
