// Row types of every table (DESIGN §3), shared by the migrations and the repositories.
import type { Generated } from 'kysely'

/** A component or overall status as stored: ok | degraded | down | unknown. */
export type StoredStatus = string

export interface HealthChecksTable {
  /** Minutes since the Unix epoch (UTC): one row per minute slot. */
  minute: number
  status: StoredStatus
  database: StoredStatus
  cache: StoredStatus
  bot: StoredStatus
}

export interface UptimeDailyTable {
  /** UTC calendar day, YYYY-MM-DD. */
  day: string
  /** database | cache | bot | overall */
  component: string
  checks: number
  degraded: number
  down: number
}

export interface IncidentsTable {
  id: Generated<number>
  title: string
  impact: string
  status: string
  started_at: string
  resolved_at: string | null
  updated_at: string
}

export interface IncidentUpdatesTable {
  id: Generated<number>
  incident_id: number
  status: string
  message: string
  created_at: string
}

export interface MaintenancesTable {
  id: Generated<number>
  title: string
  message: string
  starts_at: string
  ends_at: string
  ended_at: string | null
  created_at: string
}

export interface BotHeartbeatsTable {
  shard_id: number
  status: string
  ping_ms: number | null
  guilds: number | null
  reported_at: string
  /** The cluster (a process running several shards) the shard belongs to; null when the bot has no clusters. */
  cluster_id: number | null
}

export interface Tables {
  health_checks: HealthChecksTable
  uptime_daily: UptimeDailyTable
  incidents: IncidentsTable
  incident_updates: IncidentUpdatesTable
  maintenances: MaintenancesTable
  bot_heartbeats: BotHeartbeatsTable
}
