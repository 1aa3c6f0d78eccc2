// POST /discord/interactions checks Discord's signature before anything reads the body: PING, forged, stale and
// replayed-with-a-changed-byte requests, missing headers, oversized bodies.
import assert from 'node:assert/strict'
import { generateKeyPairSync, sign } from 'node:crypto'
import { describe, it } from 'node:test'
import type { AddressInfo } from 'node:net'
import { buildOperatorApp } from '../../src/http/operator/app.ts'
import { incidentRows } from '../cli/run-bin.ts'
import { buildTestApp } from '../helper.ts'
import { redisSkip, startRedis } from '../services/redis.ts'
import { discordSetup } from './setup.ts'

describe('POST /discord/interactions: verification', () => {
  it('PING gets {"type":1}; forged, stale, unsigned and one-byte-changed requests get 401 and change nothing', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, url } = setup
    const ping = await setup.send(standIn.interaction(1, undefined))
    assert.equal(ping.status, 200)
    assert.deepEqual(ping.body, { type: 1 })

    const before = await incidentRows(setup)
    const body = JSON.stringify(standIn.command('incident', 'open', { impact: 'major', title: 'Slow replies', message: 'Looking.' }))
    const now = String(Math.floor(Date.now() / 1000))

    // Signed with another key: what an attacker who knows the URL can do.
    const { privateKey } = generateKeyPairSync('ed25519')
    const forged = await standIn.send(url, body, { 'x-signature-ed25519': sign(null, Buffer.from(now + body), privateKey).toString('hex'), 'x-signature-timestamp': now })
    assert.equal(forged.status, 401)
    assert.equal(forged.body.code, 'bad_signature')

    // Properly signed, but six minutes old (a recorded request played again) or six minutes ahead.
    const old = String(Math.floor(Date.now() / 1000) - 6 * 60)
    const stale = await standIn.send(url, body, { 'x-signature-ed25519': standIn.sign(old, body), 'x-signature-timestamp': old })
    assert.equal(stale.status, 401)
    assert.equal(stale.body.code, 'stale_timestamp')
    const future = String(Math.floor(Date.now() / 1000) + 6 * 60)
    assert.equal((await standIn.send(url, body, { 'x-signature-ed25519': standIn.sign(future, body), 'x-signature-timestamp': future })).status, 401)

    // Four minutes off is within the limit (clocks differ); shown with a PING, which changes nothing.
    const ping4 = JSON.stringify(standIn.interaction(1, undefined))
    const fourMinutes = String(Math.floor(Date.now() / 1000) - 4 * 60)
    assert.deepEqual((await standIn.send(url, ping4, { 'x-signature-ed25519': standIn.sign(fourMinutes, ping4), 'x-signature-timestamp': fourMinutes })).body, { type: 1 })

    // A valid signature replayed over a body with one byte changed.
    const signature = standIn.sign(now, body)
    const changed = Buffer.from(body)
    const at = changed.indexOf('major')
    changed[at] = 'n'.charCodeAt(0) // "major" → "najor"
    const replayed = await standIn.send(url, changed, { 'x-signature-ed25519': signature, 'x-signature-timestamp': now })
    assert.equal(replayed.status, 401)
    // The same signature with another timestamp, and a timestamp with another signature.
    assert.equal((await standIn.send(url, body, { 'x-signature-ed25519': signature, 'x-signature-timestamp': String(Number(now) + 1) })).status, 401)
    assert.equal((await standIn.send(url, body, { 'x-signature-ed25519': signature.replace(/^./, (c) => c === '0' ? '1' : '0'), 'x-signature-timestamp': now })).status, 401)

    // No signature at all, an empty one, a non-hex one.
    for (const headers of [{} as Record<string, string>, { 'x-signature-ed25519': '', 'x-signature-timestamp': now }, { 'x-signature-ed25519': 'zz'.repeat(64), 'x-signature-timestamp': now }, { 'x-signature-timestamp': now }]) {
      const refused = await standIn.send(url, body, headers)
      assert.equal(refused.status, 401, JSON.stringify(headers))
    }
    const response = await fetch(url, { method: 'POST', body, headers: { 'x-signature-timestamp': now } })
    assert.equal(response.status, 401)
    assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/)

    assert.deepEqual(await incidentRows(setup), before, 'nothing was written')

    // The untouched request goes through.
    const accepted = await standIn.send(url, body, { 'x-signature-ed25519': signature, 'x-signature-timestamp': now })
    assert.equal(accepted.status, 200)
    assert.match((accepted.body.data as { content: string }).content, /^Incident 1 opened \(major, investigating\)/)
    // The very same request again (a replay within the five minutes) is refused: it is answered once.
    const again = await standIn.send(url, body, { 'x-signature-ed25519': signature, 'x-signature-timestamp': now })
    assert.equal(again.status, 401)
    assert.equal(again.body.code, 'replayed')
    assert.equal((await incidentRows(setup)).incidents.length, 1, 'one incident')
  })

  it('a replay sent to another replica sharing Redis is refused there too, and writes nothing', { skip: redisSkip() }, async (t) => {
    const redis = await startRedis()
    t.after(() => redis.destroy())
    const first = await discordSetup(t, {}, { REDIS_URL: redis.url })
    // A second replica: the same database, the same Redis, the same application.
    const second = await buildTestApp(t, first.env)
    const operator = await buildOperatorApp(second.context)
    await operator.listen({ port: 0, host: '127.0.0.1' })
    t.after(() => operator.close())
    const secondUrl = `http://127.0.0.1:${(operator.server.address() as AddressInfo).port}/discord/interactions`

    const body = JSON.stringify(first.standIn.command('incident', 'open', { impact: 'major', title: 'Slow replies', message: 'Looking.' }))
    const now = String(Math.floor(Date.now() / 1000))
    const headers = { 'x-signature-ed25519': first.standIn.sign(now, body), 'x-signature-timestamp': now }
    const accepted = await first.standIn.send(first.url, body, headers)
    assert.equal(accepted.status, 200)
    const replayed = await first.standIn.send(secondUrl, body, headers)
    assert.equal(replayed.status, 401)
    assert.equal(replayed.body.code, 'replayed')
    assert.equal((await incidentRows(first)).incidents.length, 1, 'one incident')
  })

  it('a body over 64 KiB is refused before it is read further (413 problem); any content type is read as bytes only', async (t) => {
    const { standIn, url, send } = await discordSetup(t)
    const big = JSON.stringify({ type: 1, padding: 'x'.repeat(64 * 1024) })
    const refused = await standIn.send(url, big)
    assert.equal(refused.status, 413)
    assert.equal(refused.body.status, 413)
    // Signed bytes under another content type (or none) are still just bytes: verified, then read as the interaction.
    const timestamp = String(Math.floor(Date.now() / 1000))
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const ping = JSON.stringify(standIn.interaction(1, undefined))
      const response = await fetch(url, {
        method: 'POST', body: ping,
        headers: { ...(type === undefined ? {} : { 'content-type': type }), 'x-signature-ed25519': standIn.sign(timestamp, ping), 'x-signature-timestamp': timestamp }
      })
      assert.equal(response.status, 200, String(type))
      assert.deepEqual(await response.json(), { type: 1 })
    }
    // Signed but not an interaction.
    const notJson = await standIn.send(url, 'not json')
    assert.equal(notJson.status, 400)
    assert.equal((await send({ type: 'one' })).status, 400)
  })
})
