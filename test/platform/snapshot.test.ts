// What replicas read back from the shared cache is checked: anything that is not a snapshot counts as none.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseSnapshot } from '../../src/platform/snapshot.ts'

const value = {
  indicator: 'none', description: 'All Systems Operational', components: [{ name: 'API', status: 'operational' }], incidents: [],
  pageUrl: 'https://discordstatus.com', updatedAt: '2026-11-21T11:58:11.402Z', fetchedAt: '2026-11-21T12:00:00.000Z', stale: false
}

describe('reading a shared snapshot', () => {
  it('reads back what was written, with or without a value', async () => {
    const snapshot = { value, attemptedAt: Date.parse('2026-11-21T12:00:00.000Z') }
    assert.deepEqual(await parseSnapshot(JSON.stringify(snapshot)), snapshot)
    assert.deepEqual(await parseSnapshot('{"value":null,"attemptedAt":5}'), { value: null, attemptedAt: 5 })
  })

  it('treats garbage, another shape or a bad value as no snapshot', async () => {
    assert.equal(await parseSnapshot('not json'), undefined)
    assert.equal(await parseSnapshot('{"attemptedAt":"yesterday","value":null}'), undefined)
    assert.equal(await parseSnapshot(JSON.stringify({ value: { ...value, pageUrl: 'not a url' }, attemptedAt: 1 })), undefined)
    assert.equal(await parseSnapshot(JSON.stringify({ value: { ...value, extra: true }, attemptedAt: 1 })), undefined)
  })
})
