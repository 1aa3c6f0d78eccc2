// The tick loop with real timers: ticks every tickMs, a failed tick logged and the next one anyway, stop() waits for the one in flight.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { pino } from 'pino'
import { createTickLoop } from '../../src/checks/tick-loop.ts'

describe('the tick loop', () => {
  it('ticks every tickMs, logs a failed tick and goes on; stop() waits for the tick in flight', { timeout: 10_000 }, async () => {
    const logged: Array<{ level: number, msg: string }> = []
    const logger = pino({ level: 'info' }, { write: (line: string) => { logged.push(JSON.parse(line)) } })
    let ticks = 0
    let inTick = false
    const loop = createTickLoop(async () => {
      ticks++
      if (ticks === 1) throw new Error('lease store crashed')
      inTick = true
      await sleep(30)
      inTick = false
    }, 5, logger)
    assert.equal(loop.stopped, false)
    loop.start()
    while (ticks < 3) await sleep(2)
    assert.deepEqual(logged.map((line) => [line.level, line.msg]), [[50, 'checks tick failed']])
    while (!inTick) await sleep(1)
    const stopping = loop.stop()
    assert.equal(loop.stopped, true, 'at once')
    await stopping
    assert.equal(inTick, false, 'the tick in flight finished first')
    const stoppedAt = ticks
    await sleep(50)
    assert.equal(ticks, stoppedAt, 'no tick after stop()')
  })

  it('stop() before any tick settles at once', async () => {
    const loop = createTickLoop(async () => {}, 5, pino({ level: 'silent' }))
    await loop.stop()
    assert.equal(loop.stopped, true)
  })
})
