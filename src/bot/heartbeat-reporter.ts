// The reporter bot processes call: each shard records its status and gateway ping in bot_heartbeats.
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
  /** When the report was taken; now by default. */
  at?: Date
}

/** Why a report is not acceptable, or undefined when it is. */
export function heartbeatProblem (report: HeartbeatReport): string | undefined {
  if (!Number.isSafeInteger(report.shard) || report.shard < 0 || report.shard > 1_000_000) return 'shard must be a whole number from 0'
  if (!(SHARD_STATUSES as readonly string[]).includes(report.status)) return `status must be one of ${SHARD_STATUSES.join(', ')}`
  if (report.pingMs != null && !(Number.isFinite(report.pingMs) && report.pingMs >= 0 && report.pingMs < 3_600_000)) return 'ping must be a number of milliseconds from 0'
  if (report.guilds != null && !(Number.isSafeInteger(report.guilds) && report.guilds >= 0)) return 'guilds must be a whole number from 0'
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
    reported_at: (report.at ?? new Date()).toISOString()
  })
}

export interface HeartbeatReporter {
  report (report: HeartbeatReport): Promise<void>
  close (): Promise<void>
}

/**
 * For a bot process: opens the same database the status service uses (DATABASE_URL, or the SQLite file
 * under DATA_DIR) and keeps it open for periodic reports.
 */
export function openHeartbeatReporter (options: { databaseUrl?: string, dataDir?: string }): HeartbeatReporter {
  const database = openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? './data' })
  return {
    report: (report) => reportHeartbeat(database, report),
    close: () => database.close()
  }
}
