// The reporter bot processes call: each shard records its status, gateway ping and cluster in bot_heartbeats.
// It reads a discord.js client, a discord-hybrid-sharding cluster client, or plain reports.
// Nothing here loads more than Node on import: the database is loaded only when a reporter writes to it, so the
// built copy (dist/heartbeat/, the `status-api/heartbeat` export) reports over HTTP with no dependency at all.
import type { Database } from '../store/database.ts'
import { recordBotHeartbeats, type BotHeartbeatRow } from '../store/repositories/bot-heartbeats.ts'
import { openHttpReporter, type HttpReporterOptions } from './heartbeat-http.ts'
import { heartbeatsProblem, type HeartbeatReport, type HeartbeatReporter, type ShardStatus } from './heartbeat-report.ts'

export {
  MAX_SHARD_ID, SHARD_STATUSES, heartbeatProblem, heartbeatsProblem, type HeartbeatReport, type HeartbeatReporter, type ShardStatus
} from './heartbeat-report.ts'

/** Records one shard's heartbeat (replacing its previous one). Works on SQLite and PostgreSQL alike. */
export async function reportHeartbeat (database: Database, report: HeartbeatReport): Promise<void> {
  await reportHeartbeats(database, [report])
}

/**
 * Records several shards' heartbeats at once (the operator API's batches of up to 1,000): all or none — one refusal
 * writes nothing. A shard given twice keeps its last report. When a report carries `total`, the newest such report's
 * total is the bot's shard count: every shard at or beyond it is deleted in the same transaction. Returns how many
 * shards were recorded.
 */
export async function reportHeartbeats (database: Database, reports: readonly HeartbeatReport[]): Promise<number> {
  const problem = heartbeatsProblem(reports)
  if (problem !== undefined) throw new RangeError(problem)
  const now = new Date()
  const byShard = new Map<number, BotHeartbeatRow>()
  let newest: { at: number, total: number } | undefined
  for (const report of reports) {
    const at = (report.at ?? now).getTime()
    if (report.total != null && (newest === undefined || at >= newest.at)) newest = { at, total: report.total }
    byShard.set(report.shard, {
      shard_id: report.shard,
      status: report.status,
      ping_ms: report.pingMs == null ? null : Math.round(report.pingMs),
      guilds: report.guilds ?? null,
      reported_at: (report.at ?? now).toISOString(),
      cluster_id: report.cluster ?? null,
      shard_total: report.total ?? null
    })
  }
  const rows = [...byShard.values()].filter((row) => newest === undefined || row.shard_id < newest.total)
  await recordBotHeartbeats(database, rows, newest?.total)
  return byShard.size
}

/** discord.js's exported `Status` enum (pass it in: `import { Status } from 'discord.js'`); names by value. */
export type DiscordJsStatusEnum = Readonly<Record<number, string>>

/**
 * What the reporter reads of a discord.js `Client`: `client.ws.shards`, when present the guild cache, and the shard
 * count the whole bot runs with, `client.options.shardCount` (discord.js sets it, also for `shards: 'auto'`;
 * discord-hybrid-sharding passes its total shards there).
 */
export interface DiscordJsClientLike {
  ws: { shards: { values (): Iterable<{ id: number, status: number, ping: number }> } }
  guilds?: { cache: { values (): Iterable<{ shardId: number }> } }
  options?: { shardCount?: number | null }
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

/** `{ total }` when the client knows the bot's shard count, else nothing. */
function shardCountOf (client: DiscordJsClientLike): { total?: number } {
  const count = client.options?.shardCount
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 1 ? { total: count } : {}
}

/**
 * A report per shard of a discord.js client (`client.ws.shards`), with its guild count when the cache is there, and
 * the bot's shard count as `total` when the client knows it (`client.options.shardCount`).
 */
export function reportsFromDiscordJs (client: DiscordJsClientLike, statusEnum: DiscordJsStatusEnum, cluster?: number): HeartbeatReport[] {
  const total = shardCountOf(client)
  const guilds = new Map<number, number>()
  if (client.guilds !== undefined) {
    for (const guild of client.guilds.cache.values()) guilds.set(guild.shardId, (guilds.get(guild.shardId) ?? 0) + 1)
  }
  return [...client.ws.shards.values()].map((shard) => ({
    shard: shard.id,
    status: shardStatusFromDiscordJs(shard.status, statusEnum),
    pingMs: Number.isFinite(shard.ping) && shard.ping >= 0 ? shard.ping : null, // -1 until the first heartbeat ack
    guilds: guilds.get(shard.id) ?? (client.guilds === undefined ? null : 0),
    ...(cluster === undefined ? {} : { cluster }),
    ...total
  }))
}

/**
 * A report per shard of a discord-hybrid-sharding cluster: the shards its client runs, under the cluster's id;
 * a shard of `shardList` the client does not run yet is `connecting`.
 */
export function reportsFromHybridCluster (cluster: HybridClusterLike, statusEnum: DiscordJsStatusEnum): HeartbeatReport[] {
  const running = reportsFromDiscordJs(cluster.client, statusEnum, cluster.id)
  const seen = new Set(running.map((report) => report.shard))
  const total = shardCountOf(cluster.client)
  const waiting = cluster.shardList.filter((shard) => !seen.has(shard))
    .map((shard): HeartbeatReport => ({ shard, status: 'connecting', pingMs: null, cluster: cluster.id, ...total }))
  return [...running, ...waiting]
}

/** Straight into the service's database: DATABASE_URL, or the SQLite file under DATA_DIR. */
export interface DatabaseReporterOptions {
  databaseUrl?: string
  dataDir?: string
}

/**
 * For a bot process: `{ url, token }` sends the reports to the operator API (POST /v1/heartbeats with a `heartbeat`
 * token) — a send that fails is retried with the next beat and never throws; `{ databaseUrl }` or `{ dataDir }` writes
 * into the service's database instead, kept open for periodic reports (rejecting when a write fails).
 */
export function openHeartbeatReporter (options: HttpReporterOptions | DatabaseReporterOptions): HeartbeatReporter {
  if ('url' in options) return openHttpReporter(options)
  let opened: Promise<Database> | undefined
  const database = () => {
    opened ??= import('../store/database.ts').then(({ openDatabase }) => openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? './data' }))
    return opened
  }
  return {
    report: async (one) => { await reportHeartbeats(await database(), [one]) },
    reportAll: async (reports) => { if (reports.length > 0) await reportHeartbeats(await database(), reports) },
    close: async () => { if (opened !== undefined) await (await opened).close() }
  }
}
