// One check attempt against real loopback targets: found, heard by the listeners with its duration, counted, recorded with its start.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createCheckAttempts } from '../../src/checks/check-attempts.ts'
import type { Attempt } from '../../src/checks/attempt.ts'
import { ManualClock } from '../../src/lib/clock.ts'
import { closedPort, httpTarget } from './targets.ts'
import { declare } from './declare.ts'

describe('check attempts', () => {
  it('make the http or tcp check, tell the listeners, count, and record what they found with the start time', async (t) => {
    const target = await httpTarget(t, (_request, response) => { setTimeout(() => response.end('pong'), 30) })
    const port = await closedPort()
    const { probed } = declare(t, [
      `  - { id: site, name: Site, check: { http: { url: "${target.url}/ping", every: 5s, timeout: 2s, expect: { bodyIncludes: pong } } } }`,
      `  - { id: game, name: Game server, check: { tcp: { host: 127.0.0.1, port: ${port}, every: 5s, timeout: 2s } } }`
    ].join('\n'))
    const clock = new ManualClock()
    const recorded: Array<[string, Attempt, number]> = []
    const attempts = createCheckAttempts({ clock, http: undefined, record: async (component, attempt, at) => { recorded.push([component.id, attempt, at]) } })
    const heard: Array<[string, string, number]> = []
    attempts.onAttempt((component, attempt, seconds) => heard.push([component, attempt.status, seconds]))
    attempts.onAttempt((component) => heard.push([component, 'second listener', 0]))

    const startedAt = clock.now()
    await attempts.run(probed[0]!)
    clock.advance(5000)
    await attempts.run(probed[1]!)
    assert.equal(attempts.count, 2)
    assert.equal(target.hits, 1)
    assert.deepEqual(recorded.map(([id, attempt, at]) => [id, attempt.status, at]), [['site', 'ok', startedAt], ['game', 'down', startedAt + 5000]])
    assert.equal(recorded[1]![1].message, 'The connection was refused.')
    assert.deepEqual(heard.map(([id, status]) => [id, status]), [['site', 'ok'], ['site', 'second listener'], ['game', 'down'], ['game', 'second listener']])
    assert.ok(heard[0]![2] >= 0.025 && heard[0]![2] < 2, `the http attempt took ${heard[0]![2]} s`)
  })
})
