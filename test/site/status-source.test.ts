// The status page's reads of the services: all at once (one failing part is null), or, for a prepared answer, only
// when every service holds its body now; a read left behind never becomes an unhandled rejection.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { readStatus, statusNow, type StatusSource } from '../../src/site/status-source.ts'

/** A source whose history is still being read, and fails (the database never answered). */
function failingHistory (): StatusSource {
  return {
    components: () => ({ indicator: 'none', components: [] }) as never,
    health: () => ({ status: 'ok' }) as never,
    history: () => Promise.reject(new Error('the database does not answer')),
    discord: () => undefined,
    incidents: () => ({ incidents: [] }) as never,
    shards: () => undefined
  }
}

describe('the status page\'s reads', () => {
  it('readStatus makes a failing part null and says which', async () => {
    const failed: string[] = []
    const bodies = await readStatus(failingHistory(), (_error, part) => failed.push(part))
    assert.equal(bodies.history, null)
    assert.deepEqual(bodies.components, { indicator: 'none', components: [] })
    assert.deepEqual(failed, ['history'])
  })

  it('statusNow leaves a part still being read to readStatus, and its failure is never unhandled', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => { unhandled.push(reason) }
    process.on('unhandledRejection', onUnhandled)
    try {
      assert.equal(statusNow(failingHistory()), undefined)
      await sleep(20)
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
    assert.deepEqual(unhandled, [])
  })
})
