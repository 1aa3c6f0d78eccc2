// A probe's latency never includes time the event loop was blocked: the database probe of a real PostgreSQL (and of
// SQLite) while this process blocks its loop for 400 ms right after sending the ping; the same block before the fix's
// stopwatch would have shown up in full. And the bot probe of a real loopback endpoint under the same block.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { probeBotUrl } from '../../src/monitor/probes/bot-url.ts'
import { probeDatabase } from '../../src/monitor/probes/database-probe.ts'
import { startProbeTimer } from '../../src/monitor/probes/probe-timer.ts'
import { openDatabase } from '../../src/store/database.ts'
import { databaseBackends, testConfig } from '../helper.ts'

const BLOCK_MS = 400

/** Keeps the event loop busy, as a huge synchronous rebuild would. */
function blockLoop (ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) { /* busy */ }
}

describe('the probe stopwatch', () => {
  it('counts a wait and leaves out a 400 ms block of the loop', async () => {
    const timer = startProbeTimer()
    const wait = sleep(30)
    blockLoop(BLOCK_MS)
    await wait
    await sleep(60)
    const measured = timer.elapsedMs()
    // The 60 ms after the block count (less timer lateness on a loaded machine); the 400 ms block does not.
    assert.ok(measured >= 20 && measured < 150, `measured ${measured} ms`)
  })

  for (const backend of databaseBackends()) {
    it(`the database probe on ${backend.name}: the loop blocked ${BLOCK_MS} ms during the ping is not the database's latency`, { skip: backend.skip }, async (t) => {
      const config = testConfig(t, await backend.env())
      const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
      t.after(() => database.close())
      await probeDatabase(database, 2000) // connected
      const started = performance.now()
      const probe = probeDatabase(database, 5000)
      blockLoop(BLOCK_MS)
      const result = await probe
      assert.ok(performance.now() - started >= BLOCK_MS, 'the block really happened during the probe')
      assert.equal(result.status, 'ok')
      assert.ok(result.latencyMs! < 100, `latency ${result.latencyMs} ms`)
    })
  }

  it(`the bot probe of a real endpoint: the loop blocked ${BLOCK_MS} ms is not the bot's latency`, async (t) => {
    const server = createServer((_request, response) => { response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}') })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    t.after(() => server.close())
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/health`)
    await probeBotUrl(url)
    const probe = probeBotUrl(url)
    blockLoop(BLOCK_MS)
    const result = await probe
    assert.equal(result.status, 'ok')
    assert.ok(result.latencyMs! < 100, `latency ${result.latencyMs} ms`)
  })
})
