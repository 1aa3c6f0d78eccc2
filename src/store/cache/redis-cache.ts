// The Redis cache of the scaled shape: shared by every replica; fails fast instead of queueing while Redis is away.
import { Redis } from 'ioredis'
import { CacheWriteRefused, type Cache } from './cache.ts'

const RELEASE_IF_OWNER = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"
const PROBE_TTL_MS = 10_000
const TAKE_OR_RENEW = "if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end " +
  "if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end return 0"
const INCREMENT_WITH_TTL = "local n = redis.call('incr', KEYS[1]) if n == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end return n"

export class RedisCache implements Cache {
  readonly #redis: Redis

  constructor (url: string, options: { onError?: (message: string) => void, keyPrefix?: string } = {}) {
    this.#redis = new Redis(url, {
      keyPrefix: options.keyPrefix ?? 'status-api:',
      connectTimeout: 1000,
      commandTimeout: 1000,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      lazyConnect: false
    })
    // ioredis emits 'error' on every failed reconnect; without a listener that would crash the process.
    this.#redis.on('error', (error: Error & { code?: string }) => options.onError?.(`redis unavailable (${error.code ?? 'error'})`))
  }

  /** Resolves once connected, or after `timeoutMs` (then the fallback serves until Redis answers). */
  async connected (timeoutMs: number): Promise<boolean> {
    if (this.#redis.status === 'ready') return true
    return await new Promise<boolean>((resolve) => {
      const done = (value: boolean) => { clearTimeout(timer); this.#redis.off('ready', onReady); resolve(value) }
      const onReady = () => done(true)
      const timer = setTimeout(() => done(false), timeoutMs)
      this.#redis.once('ready', onReady)
    })
  }

  async get (key: string): Promise<string | undefined> {
    return (await this.#redis.get(key)) ?? undefined
  }

  async set (key: string, value: string, ttlMs: number): Promise<void> {
    await this.#redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)))
  }

  async increment (key: string, ttlMs: number): Promise<number> {
    return Number(await this.#redis.eval(INCREMENT_WITH_TTL, 1, key, Math.max(1, Math.round(ttlMs))))
  }

  async lease (key: string, holder: string, ttlMs: number): Promise<boolean> {
    return Number(await this.#redis.eval(TAKE_OR_RENEW, 1, `lease:${key}`, holder, Math.max(1, Math.round(ttlMs)))) === 1
  }

  async lock (key: string, ttlMs: number): Promise<(() => Promise<void>) | undefined> {
    const lockKey = `lock:${key}`
    const token = crypto.randomUUID()
    const taken = await this.#redis.set(lockKey, token, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')
    if (taken !== 'OK') return undefined
    return async () => { await this.#redis.eval(RELEASE_IF_OWNER, 1, lockKey, token) }
  }

  /** A write, not a PING: a full Redis (`maxmemory` with `noeviction`) answers PING and refuses every SET. */
  async ping (): Promise<void> {
    try {
      await this.#redis.set('probe', String(Date.now()), 'PX', PROBE_TTL_MS)
    } catch (error) {
      // A reply (not a lost connection): Redis is there and said no.
      if ((error as Error).name === 'ReplyError') throw new CacheWriteRefused(/^OOM/.test((error as Error).message) ? 'full' : 'refused')
      throw error
    }
  }

  async close (): Promise<void> {
    this.#redis.disconnect()
  }
}
