// TRUST_PROXY: behind trusted proxies the client address is the one the nearest trusted proxy saw, so a client's own
// X-Forwarded-For entries never choose its rate-limit bucket.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ManualClock } from '../../src/lib/clock.ts'
import { buildTestApp } from '../helper.ts'

/**
 * Six requests from one client whose own X-Forwarded-For entry changes every time, through a proxy on loopback, then
 * one from another client through the same proxy.
 */
async function rotatingClient (env: Record<string, string>, t: Parameters<typeof buildTestApp>[0]): Promise<number[]> {
  const clock = new ManualClock('2026-11-21T12:00:10.000Z')
  const { app } = await buildTestApp(t, { RATE_LIMIT_PER_MINUTE: '2', ...env }, { clock })
  const statuses: number[] = []
  for (let i = 0; i < 6; i++) {
    // The client sent `X-Forwarded-For: 10.9.8.<i>`; the proxy appended the address it saw (198.51.100.9).
    const response = await app.inject({
      url: '/api/v1/health/incidents', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `10.9.8.${i}, 198.51.100.9` }
    })
    statuses.push(response.statusCode)
  }
  const other = await app.inject({ url: '/api/v1/health/incidents', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '10.9.8.0, 198.51.100.10' } })
  statuses.push(other.statusCode)
  return statuses
}

describe('TRUST_PROXY', () => {
  for (const value of ['1', '127.0.0.1', '127.0.0.0/8, ::1', 'loopback']) {
    it(`TRUST_PROXY=${value}: a client rotating its own X-Forwarded-For keeps one rate-limit bucket (limit 2); another client has its own`, async (t) => {
      assert.deepEqual(await rotatingClient({ TRUST_PROXY: value }, t), [200, 200, 429, 429, 429, 429, 200])
    })
  }

  it('TRUST_PROXY=2 trusts the two nearest hops: the address the outer proxy saw is the client', async (t) => {
    const clock = new ManualClock('2026-11-21T12:00:10.000Z')
    const { app } = await buildTestApp(t, { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '2' }, { clock })
    const ip = async (forwarded: string) => (await app.inject({
      url: '/api/v1/health/incidents', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded }
    })).statusCode
    assert.deepEqual([await ip('10.0.0.1, 198.51.100.9, 10.1.1.1'), await ip('10.0.0.2, 198.51.100.9, 10.1.1.2'),
      await ip('10.0.0.3, 198.51.100.9, 10.1.1.3'), await ip('10.0.0.3, 198.51.100.10, 10.1.1.3')], [200, 200, 429, 200])
  })

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the peer address is the bucket', async (t) => {
    assert.deepEqual(await rotatingClient({}, t), [200, 200, 429, 429, 429, 429, 429])
  })
})
