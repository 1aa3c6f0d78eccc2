// The reporter bot processes call: each shard records its status, gateway ping and cluster in bot_heartbeats.
// It reads a discord.js client, a discord-hybrid-sharding cluster client, or plain reports.
import { openDatabase, type Database } from '../store/database.ts'
import { upsertBotHeartbeat } from '../store/repositories/bot-heartbeats.ts'

export const SHARD_STATUSES = ['ready', 'connecting', 'reconnecting', 'resuming', 'disconnected'] as const
export type ShardStatus = typeof SHARD_STATUSES[number]

export interface HeartbeatReport {
  /** The shard id, 0 or more. */
  shard: number
  /** Only `ready` counts as connected. */
  status: ShardStatus
  /** Gateway latency in milliseconds. */
  pingMs?: number | null
  guilds?: number | null
  /** The cluster (process) running this shard, 0 or more; leave out when the bot has no clusters. */
  cluster?: number | null
  /** When the report was taken; now by default. */
  at?: Date
}

const MAX_ID = 1_000_000

/** Why a report is not acceptable, or undefined when it is. */
export function heartbeatProblem (report: HeartbeatReport): string | undefined {
  if (!Number.isSafeInteger(report.shard) || report.shard < 0 || report.shard > MAX_ID) return 'shard must be a whole number from 0'
  if (!(SHARD_STATUSES as readonly string[]).includes(report.status)) return `status must be one of ${SHARD_STATUSES.join(', ')}`
  if (report.pingMs != null && !(Number.isFinite(report.pingMs) && report.pingMs >= 0 && report.pingMs < 3_600_000)) return 'ping must be a number of milliseconds from 0'
  if (report.guilds != null && !(Number.isSafeInteger(report.guilds) && report.guilds >= 0)) return 'guilds must be a whole number from 0'
  if (report.cluster != null && !(Number.isSafeInteger(report.cluster) && report.cluster >= 0 && report.cluster <= MAX_ID)) return 'cluster must be a whole number from 0'
  return undefined
}

/** Records one shard's heartbeat (replacing its previous one). Works on SQLite and PostgreSQL alike. */
export async function reportHeartbeat (database: Database, report: HeartbeatReport): Promise<void> {
  const problem = heartbeatProblem(report)
  if (problem !== undefined) throw new RangeError(problem)
  await upsertBotHeartbeat(database, {
    shard_id: report.shard,
    status: report.status,
    ping_ms: report.pingMs == null ? null : Math.round(report.pingMs),
    guilds: report.guilds ?? null,
    reported_at: (report.at ?? new Date()).toISOString(),
    cluster_id: report.cluster ?? null
  })
}

/** discord.js's exported `Status` enum (pass it in: `import { Status } from 'discord.js'`); names by value. */
export type DiscordJsStatusEnum = Readonly<Record<number, string>>

/** What the reporter reads of a discord.js `Client`: `client.ws.shards` and, when present, the guild cache. */
export interface DiscordJsClientLike {
  ws: { shards: { values (): Iterable<{ id: number, status: number, ping: number }> } }
  guilds?: { cache: { values (): Iterable<{ shardId: number }> } }
}

/** What the reporter reads of a discord-hybrid-sharding `ClusterClient`: its id, its shards and the client it runs. */
export interface HybridClusterLike {
  id: number
  shardList: readonly number[]
  client: DiscordJsClientLike
}

/** discord.js's status names → ours. Waiting for guilds, identifying, "nearly": on the way to ready. */
const FROM_DISCORD_JS: Readonly<Record<string, ShardStatus>> = {
  Ready: 'ready',
  Connecting: 'connecting',
  Nearly: 'connecting',
  WaitingForGuilds: 'connecting',
  Identifying: 'connecting',
  Reconnecting: 'reconnecting',
  Resuming: 'resuming',
  Idle: 'disconnected',
  Disconnected: 'disconnected'
}

/** One shard status of discord.js (a value of its `Status` enum) as ours; anything unknown is `disconnected`. */
export function shardStatusFromDiscordJs (value: number, statusEnum: DiscordJsStatusEnum): ShardStatus {
  const name = statusEnum[value]
  return (name !== undefined && Object.hasOwn(FROM_DISCORD_JS, name)) ? FROM_DISCORD_JS[name]! : 'disconnected'
}

/** A report per shard of a discord.js client (`client.ws.shards`), with its guild count when the cache is there. */
export function reportsFromDiscordJs (client: DiscordJsClientLike, statusEnum: DiscordJsStatusEnum, cluster?: number): HeartbeatReport[] {
  const guilds = new Map<number, number>()
  if (client.guilds !== undefined) {
    for (const guild of client.guilds.cache.values()) guilds.set(guild.shardId, (guilds.get(guild.shardId) ?? 0) + 1)
  }
  return [...client.ws.shards.values()].map((shard) => ({
    shard: shard.id,
    status: shardStatusFromDiscordJs(shard.status, statusEnum),
    pingMs: Number.isFinite(shard.ping) && shard.ping >= 0 ? shard.ping : null, // -1 until the first heartbeat ack
    guilds: guilds.get(shard.id) ?? (client.guilds === undefined ? null : 0),
    ...(cluster === undefined ? {} : { cluster })
  }))
}

/**
 * A report per shard of a discord-hybrid-sharding cluster: the shards its client runs, under the cluster's id;
 * a shard of `shardList` the client does not run yet is `connecting`.
 */
export function reportsFromHybridCluster (cluster: HybridClusterLike, statusEnum: DiscordJsStatusEnum): HeartbeatReport[] {
  const running = reportsFromDiscordJs(cluster.client, statusEnum, cluster.id)
  const seen = new Set(running.map((report) => report.shard))
  const waiting = cluster.shardList.filter((shard) => !seen.has(shard))
    .map((shard): HeartbeatReport => ({ shard, status: 'connecting', pingMs: null, cluster: cluster.id }))
  return [...running, ...waiting]
}

export interface HeartbeatReporter {
  report (report: HeartbeatReport): Promise<void>
  /** Records several reports at once (what `reportsFromDiscordJs` and `reportsFromHybridCluster` return). */
  reportAll (reports: readonly HeartbeatReport[]): Promise<void>
  close (): Promise<void>
}

/**
 * For a bot process: opens the same database the status service uses (DATABASE_URL, or the SQLite file
 * under DATA_DIR) and keeps it open for periodic reports.
 */
export function openHeartbeatReporter (options: { databaseUrl?: string, dataDir?: string }): HeartbeatReporter {
  const database = openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? './data' })
  const report = (one: HeartbeatReport) => reportHeartbeat(database, one)
  return {
    report,
    async reportAll (reports) {
      for (const one of reports) await report(one)
    },
    close: () => database.close()
  }
}
