// One round's probes at once: the database, the cache and the bot (its shards handed on), the platform's refresh alongside.
import type { ShardsBody } from '../api/shards.ts'
import type { Config } from '../config/index.ts'
import type { Clock } from '../lib/clock.ts'
import type { Cache, CacheKind } from '../store/cache/cache.ts'
import type { Database } from '../store/database.ts'
import type { ProbeResults } from './health-body.ts'
import { probeBot } from './probes/bot-probe.ts'
import { probeCache } from './probes/cache-probe.ts'
import { probeDatabase } from './probes/database-probe.ts'

const CACHE_TIMEOUT_MS = 1000

export interface ProbeRoundOptions {
  config: Pick<Config, 'botStatusUrl' | 'botHeartbeatTimeoutSeconds'>
  database: Database
  cache: Cache
  cacheKind: CacheKind
  clock: Clock
  /** How long the database and bot probes may take. */
  timeoutMs: number
  /** Awaited with the probes (./platform-refresh.ts); must not reject. */
  refreshPlatform: () => Promise<void>
  /** Receives the shards view of the heartbeats read (./shards-snapshot.ts). */
  onShards: (body: ShardsBody | undefined) => void
}

/** The three builtin probes' results, as the database, the cache and the bot answered (none rejects). */
export async function probeRound (options: ProbeRoundOptions): Promise<ProbeResults> {
  const { config, database, cache, cacheKind, clock, timeoutMs: probeTimeoutMs, refreshPlatform, onShards } = options
  const [databaseResult, cacheResult, botResult] = await Promise.all([
    probeDatabase(database, probeTimeoutMs),
    probeCache(cache, cacheKind, CACHE_TIMEOUT_MS),
    probeBot({
      database,
      statusUrl: config.botStatusUrl,
      heartbeatTimeoutSeconds: config.botHeartbeatTimeoutSeconds,
      now: clock.now(),
      timeoutMs: probeTimeoutMs,
      onShards
    }),
    refreshPlatform()
  ])
  return { database: databaseResult, cache: cacheResult, bot: botResult }
}
