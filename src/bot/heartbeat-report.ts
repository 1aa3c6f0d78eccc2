// A shard's heartbeat report, the checks every front door applies to it, and what a reporter offers: shared by the
// reporter (./heartbeat-reporter.ts), its HTTP transport (./heartbeat-http.ts), the CLI and the operator API.

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
  /**
   * The shard count the bot runs with (discord.js `client.options.shardCount`, discord-hybrid-sharding's total shards),
   * from 1 to 65,536; more than `shard`. The newest report that carries it defines the bot's shards: shards at or beyond
   * it are no longer shown, and their rows are deleted. Leave out when unknown: the highest shard reported then counts.
   */
  total?: number | null
  /** When the report was taken; now by default. */
  at?: Date
}

/**
 * The highest shard (and cluster) id accepted: 65,536 shards, far beyond the tens of thousands Discord's largest bots
 * run. Every shard up to the highest id is listed, so one wild id would otherwise make the bot that many shards.
 */
export const MAX_SHARD_ID = 65_535

/** Why a report is not acceptable, or undefined when it is. The CLI, the reporter and the operator API all ask it. */
export function heartbeatProblem (report: HeartbeatReport): string | undefined {
  if (!Number.isSafeInteger(report.shard) || report.shard < 0 || report.shard > MAX_SHARD_ID) return `shard must be a whole number from 0 to ${MAX_SHARD_ID}`
  if (!(SHARD_STATUSES as readonly string[]).includes(report.status)) return `status must be one of ${SHARD_STATUSES.join(', ')}`
  if (report.pingMs != null && !(Number.isFinite(report.pingMs) && report.pingMs >= 0 && report.pingMs < 3_600_000)) return 'ping must be a number of milliseconds from 0'
  if (report.guilds != null && !(Number.isSafeInteger(report.guilds) && report.guilds >= 0)) return 'guilds must be a whole number from 0'
  if (report.cluster != null && !(Number.isSafeInteger(report.cluster) && report.cluster >= 0 && report.cluster <= MAX_SHARD_ID)) return `cluster must be a whole number from 0 to ${MAX_SHARD_ID}`
  if (report.total != null && !(Number.isSafeInteger(report.total) && report.total >= 1 && report.total <= MAX_SHARD_ID + 1)) return `total must be a whole number from 1 to ${MAX_SHARD_ID + 1}`
  if (report.total != null && report.shard >= report.total) return `shard ${report.shard} is not below total ${report.total} (shards are numbered from 0)`
  return undefined
}

/** The first refusal of a batch, naming the report (`reports[3]: …`), or undefined when every report is acceptable. */
export function heartbeatsProblem (reports: readonly HeartbeatReport[]): string | undefined {
  for (const [index, report] of reports.entries()) {
    const problem = heartbeatProblem(report)
    if (problem !== undefined) return reports.length === 1 ? problem : `reports[${index}]: ${problem}`
  }
  return undefined
}

export interface HeartbeatReporter {
  report (report: HeartbeatReport): Promise<void>
  /** Records several reports at once (what `reportsFromDiscordJs` and `reportsFromHybridCluster` return). */
  reportAll (reports: readonly HeartbeatReport[]): Promise<void>
  close (): Promise<void>
}
