// A full Redis (`maxmemory 1mb`, `noeviction`) under a real `status-api serve`: PING still answers, every write is
// refused. The cache must not say `ok`: it is degraded, and the message says what the memory fallback costs.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Redis } from 'ioredis'
import type { HealthBody } from '../../src/api/health.ts'
import { startApp } from '../services/app-process.ts'
import { redisSkip, startRedis } from '../services/redis.ts'
import { tempDir } from '../helper.ts'
import { eventually, jsonOf } from './steady-load.ts'

describe('Redis full', { skip: redisSkip() }, () => {
  it('maxmemory 1mb + noeviction: cache degraded "refuses writes", the fallback\'s cost stated; room again: ok', async (t) => {
    const redis = await startRedis()
    t.after(() => redis.destroy())
    const app = await startApp({ DATA_DIR: tempDir(t), REDIS_URL: redis.url, PROBE_INTERVAL_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '0' })
    t.after(() => app.stop('SIGKILL'))
    const health = () => jsonOf<HealthBody>(`${app.url}/api/v1/health`)
    await eventually('cache ok', 5000, async () => (await health()).components.cache.status === 'ok')

    const admin = new Redis(redis.url)
    admin.on('error', () => {})
    t.after(() => admin.disconnect())
    // Other users of a shared Redis hold 2 MiB, then the limit is set below that: nothing can be evicted, so every
    // write is refused however small (a limit reached by our own writes would let small ones slip through as
    // Redis frees its buffers).
    const chunk = 'x'.repeat(64 * 1024)
    for (let i = 0; i < 32; i++) await admin.set(`filler:${i}`, chunk)
    await admin.config('SET', 'maxmemory-policy', 'noeviction')
    await admin.config('SET', 'maxmemory', '1mb')
    await assert.rejects(admin.set('one-more', '1', 'PX', 1000), /OOM/)
    assert.equal(await admin.ping(), 'PONG', 'Redis still answers PING')

    await eventually('cache degraded: refuses writes', 5000, async () => {
      const body = await health()
      return body.status === 'degraded' && body.components.cache.status === 'degraded' &&
        /refuses writes/.test(body.components.cache.message ?? '') && /rate limits count per instance/.test(body.components.cache.message ?? '')
    })

    await admin.config('SET', 'maxmemory', '0')
    await eventually('cache ok once Redis takes writes again', 5000, async () => (await health()).components.cache.status === 'ok')
  })
})
