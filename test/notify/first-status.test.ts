// The very first status an instance ever holds is announced when it is not ok: an instance started for the first time
// while its cache is unreachable sends `status.changed` (from ok), and then the recovery; a replica starting into the
// same outage announces nothing more.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestApp } from '../helper.ts'
import { RedisServer, redisSkip } from '../services/redis.ts'
import { freePort } from '../services/ports.ts'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eventually } from '../fault/steady-load.ts'
import { WebhookReceiver } from './receivers.ts'

describe('the first status after the very first start', { skip: redisSkip() }, () => {
  it('is announced when it is not ok (a cache that is away from the start), and so is the recovery', async (t) => {
    const webhook = await WebhookReceiver.start()
    t.after(() => webhook.close())
    const port = await freePort()
    const { context } = await buildTestApp(t, {
      REDIS_URL: `redis://127.0.0.1:${port}`, PROBE_INTERVAL_SECONDS: '1', PUBLIC_BASE_URL: 'https://status.example.com',
      NOTIFY_WEBHOOKS: webhook.url, NOTIFY_WEBHOOK_SECRET: webhook.secret
    }, { notify: { pollMs: 50, timeoutMs: 1000, backoffBaseMs: 100, backoffMaxMs: 500, statusHoldMs: 1500 } })
    context.start()
    const statuses = () => webhook.verified.map((m) => m.data.status as { from: string, to: string })
    await eventually('the first status announced', 15_000, async () => webhook.verified.length >= 1)
    const first = statuses()[0]!
    assert.equal(first.from, 'ok')
    assert.notEqual(first.to, 'ok')
    const redis = new RedisServer(port, mkdtempSync(path.join(tmpdir(), 'status-api-redis-')))
    await redis.start()
    t.after(() => redis.destroy())
    await eventually('the recovery announced', 30_000, async () => webhook.verified.length >= 2)
    assert.deepEqual(statuses().map((s) => [s.from, s.to]), [['ok', first.to], [first.to, 'ok']])
  })
})
