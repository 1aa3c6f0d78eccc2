// The round loop with real timers: rounds not waiting for upkeep, a failed round logged, one loop, stop() waits for what is in flight.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { pino } from 'pino'
import type { MeasuredHealthBody } from '../../src/api/health.ts'
import { createRoundLoop } from '../../src/monitor/round-loop.ts'
import type { RoundOutcome } from '../../src/monitor/round.ts'

const body = { status: 'ok' } as MeasuredHealthBody

function logs () {
  const logged: Array<{ level: number, msg: string }> = []
  return { logged, logger: pino({ level: 'info' }, { write: (line: string) => { logged.push(JSON.parse(line)) } }) }
}

describe('the round loop', () => {
  it('runOnce() waits for the round\'s upkeep; the loop does not', { timeout: 10_000 }, async () => {
    let upkeepDone = false
    let rounds = 0
    let concurrent = 0
    let most = 0
    const upkeep = () => sleep(500).then(() => { upkeepDone = true })
    const loop = createRoundLoop({
      round: async (): Promise<RoundOutcome> => {
        rounds++
        most = Math.max(most, ++concurrent)
        await sleep(5)
        concurrent--
        return { body, upkept: upkeep() }
      },
      intervalMs: 10, logger: logs().logger, upkeepInFlight: () => undefined
    })
    assert.equal(await loop.runOnce(), body)
    assert.equal(upkeepDone, true)
    upkeepDone = false
    loop.start()
    loop.start()
    while (rounds < 4) await sleep(2)
    assert.equal(upkeepDone, false, 'rounds went on while the first one\'s upkeep ran')
    await loop.stop()
    const stoppedAt = rounds
    await sleep(30)
    assert.equal(rounds, stoppedAt, 'stopped')
    assert.equal(most, 1, 'start() twice runs one loop')
  })

  it('logs a failed round and goes on; stop() waits for the round and upkeep in flight, then nothing runs', { timeout: 10_000 }, async () => {
    const { logged, logger } = logs()
    let rounds = 0
    let inRound = false
    let upkeeping: Promise<void> | undefined
    const loop = createRoundLoop({
      round: async () => {
        rounds++
        if (rounds === 1) throw new Error('probe crashed')
        inRound = true
        await sleep(30)
        inRound = false
        upkeeping = sleep(30).then(() => { upkeeping = undefined })
        return { body, upkept: upkeeping }
      },
      intervalMs: 5, logger, upkeepInFlight: () => upkeeping
    })
    loop.start()
    while (rounds < 3) await sleep(5)
    assert.deepEqual(logged.map((line) => [line.level, line.msg]), [[50, 'health monitor round failed']])
    while (!inRound) await sleep(1)
    await loop.stop()
    assert.equal(inRound, false, 'the round in flight finished first')
    assert.equal(upkeeping, undefined, 'and its upkeep')
    const stoppedAt = rounds
    await sleep(50)
    assert.equal(rounds, stoppedAt, 'no round after stop()')
  })
})
