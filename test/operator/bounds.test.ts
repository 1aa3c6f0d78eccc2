// The operator API's door to the shared rules of issue 32: shard 1,000,000 and cluster 65,536 refused through
// POST /v1/heartbeats (heartbeatProblem, the same sentence as the CLI), U+FFFE and U+FFFF refused in an incident's
// title and message through POST /v1/incidents; a real `status-api serve` with the operator listener on.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startOperatorProcess, TOKENS, type OperatorProcess } from './operator-process.ts'

describe('the operator API refuses what the shared rules refuse', () => {
  let dir: string
  let server: OperatorProcess

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'status-api-operator-bounds-'))
    server = await startOperatorProcess(dir)
  })

  after(async () => {
    await server?.app.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a heartbeat for shard 1,000,000 (or cluster 65,536) is a 400 naming the bound; nothing is recorded', async () => {
    const refused = await server.call('POST', '/v1/heartbeats', { token: TOKENS.bot, body: { reports: [{ shard: 1_000_000, status: 'ready' }] } })
    assert.equal(refused.status, 400, refused.text)
    assert.match(refused.json.detail, /^(reports\[0\]: )?shard must be a whole number from 0 to 65535$/)
    const cluster = await server.call('POST', '/v1/heartbeats', { token: TOKENS.bot, body: { reports: [{ shard: 1, status: 'ready', cluster: 65_536 }] } })
    assert.equal(cluster.status, 400, cluster.text)
    assert.match(cluster.json.detail, /cluster must be a whole number from 0 to 65535$/)
    const shards = await fetch(`${server.app.url}/api/v1/health/shards`)
    assert.equal(shards.status, 503, 'no shard has reported')
    const highest = await server.call('POST', '/v1/heartbeats', { token: TOKENS.bot, body: { reports: [{ shard: 65_535, status: 'ready' }] } })
    assert.equal(highest.status, 200, highest.text)
  })

  it('an incident whose title or message holds U+FFFE or U+FFFF is a 400 naming the character; nothing is written', async () => {
    for (const body of [
      { title: 'Down \uFFFE', impact: 'minor', message: 'm' },
      { title: 'Down', impact: 'minor', message: 'm \uFFFF' }
    ]) {
      const refused = await server.call('POST', '/v1/incidents', { token: TOKENS.ci, body })
      assert.equal(refused.status, 400, refused.text)
      assert.match(refused.json.detail, /contains U\+FFF[EF], a Unicode noncharacter that feeds cannot carry$/)
    }
    const listed = await server.call('GET', '/v1/incidents', { token: TOKENS.ci })
    assert.equal(listed.json.incidents.length, 0)
  })
})
