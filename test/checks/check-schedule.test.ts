// The check schedule with real timers: due now starts, due before the next tick is timed, one attempt per check, throws are logged.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { pino } from 'pino'
import { createCheckSchedule } from '../../src/checks/check-schedule.ts'
import { systemClock } from '../../src/lib/clock.ts'
import type { CheckResultRow } from '../../src/store/repositories/check-results.ts'
import { declare } from './declare.ts'

const components = [
  '  - { id: now, name: Due now, check: { tcp: { host: 127.0.0.1, port: 9, every: 10s } } }',
  '  - { id: soon, name: Due soon, check: { tcp: { host: 127.0.0.1, port: 9, every: 10s } } }',
  '  - { id: later, name: Due later, check: { tcp: { host: 127.0.0.1, port: 9, every: 10s } } }'
].join('\n')

/** The latest results: `now` never checked, `soon` due in 40 ms, `later` due in 5 s. */
function latest (): Map<string, CheckResultRow> {
  const at = (dueInMs: number) => Date.now() - 10_000 + dueInMs
  const row = (component: string, checkedAt: number): CheckResultRow => ({ component, status: 'ok', latencyMs: 1, message: null, failures: 0, checkedAt, reportedBy: null })
  return new Map([['soon', row('soon', at(40))], ['later', row('later', at(5000))]])
}

describe('the check schedule', () => {
  it('starts what is due, times what is due before the next tick, leaves the rest; one attempt per check at a time', { timeout: 10_000 }, async (t) => {
    const { probed } = declare(t, components)
    const rows = latest()
    const started: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => { release = resolve })
    const schedule = createCheckSchedule({
      probed, tickMs: 1000, clock: systemClock, logger: pino({ level: 'silent' }), active: () => true,
      latest: (component) => rows.get(component),
      attempt: async (component) => { started.push(component.id); await held }
    })
    schedule.schedule()
    assert.deepEqual(started, ['now'])
    schedule.schedule()
    assert.deepEqual(started, ['now'], 'in flight, and already timed: nothing twice')
    await sleep(150)
    assert.deepEqual(started, ['now', 'soon'], 'timed to the millisecond, not to the next tick')
    release()
    await schedule.settled()
    schedule.cancelTimed()
  })

  it('a timed check does not start once the runner no longer holds the lease, nor once cancelled', { timeout: 10_000 }, async (t) => {
    const { probed } = declare(t, components)
    const rows = latest()
    rows.set('now', rows.get('later')!)
    let active = true
    const started: string[] = []
    const schedule = createCheckSchedule({
      probed, tickMs: 1000, clock: systemClock, logger: pino({ level: 'silent' }), active: () => active,
      latest: (component) => rows.get(component),
      attempt: async (component) => { started.push(component.id) }
    })
    schedule.schedule()
    active = false
    await sleep(150)
    assert.deepEqual(started, [], 'the lease was lost meanwhile')

    active = true
    rows.set('soon', latest().get('soon')!)
    schedule.schedule()
    schedule.cancelTimed()
    await sleep(150)
    assert.deepEqual(started, [], 'cancelled')
  })

  it('logs an attempt that throws, and starts the check again at the next schedule', async (t) => {
    const { probed } = declare(t, components)
    const logged: Array<{ level: number, msg: string, component: string }> = []
    let attempts = 0
    const schedule = createCheckSchedule({
      probed: probed.slice(0, 1), tickMs: 1000, clock: systemClock, active: () => true,
      logger: pino({ level: 'error' }, { write: (line: string) => { logged.push(JSON.parse(line)) } }),
      latest: () => undefined,
      attempt: async () => { attempts++; throw new Error('bug') }
    })
    schedule.schedule()
    await schedule.settled()
    assert.deepEqual(logged.map((line) => [line.level, line.msg, line.component]), [[50, 'check failed unexpectedly', 'now']])
    schedule.schedule()
    await schedule.settled()
    assert.equal(attempts, 2)
  })
})
