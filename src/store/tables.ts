// Row types of every table (docs/en/architecture.md#data), shared by the migrations and the repositories.
import type { Generated } from 'kysely'

/** A component or overall status as stored: ok | degraded | down | unknown. */
export type StoredStatus = string

export interface ComponentChecksTable {
  /** Minutes since the Unix epoch (UTC): one row per minute slot and component. */
  minute: number
  /** A component's id (database, cache, bot, or one the status file declares), or `overall`. */
  component: string
  status: StoredStatus
  /** The probe's latency in milliseconds; null when it reported none (down, manual, platform, overall). */
  latency_ms: number | null
}

export interface UptimeDailyTable {
  /** UTC calendar day, YYYY-MM-DD. */
  day: string
  /** A component's id, or `overall`. */
  component: string
  checks: number
  degraded: number
  down: number
  /** Median and 95th percentile (nearest rank) of the day's latencies; null when none was recorded. */
  latency_p50_ms: number | null
  latency_p95_ms: number | null
}

export interface IncidentsTable {
  id: Generated<number>
  title: string
  impact: string
  status: string
  started_at: string
  resolved_at: string | null
  updated_at: string
  /** JSON of its title and first message in other page languages, as a template gave them (src/incidents/texts.ts); null: none. */
  texts: string | null
}

export interface IncidentUpdatesTable {
  id: Generated<number>
  incident_id: number
  status: string
  message: string
  created_at: string
  /** Who wrote it: an operator token's name or a Discord user; null from the CLI on the server. Never published. */
  by: string | null
}

/** A component an incident affects (docs/en/architecture.md#status-model): one row per (incident, component id). */
export interface IncidentComponentsTable {
  incident_id: number
  /** A component id of the status file when it was written (the file may later stop declaring it). */
  component: string
  /** degraded_performance | partial_outage | major_outage as the operator gave it; null: follows the incident's impact. */
  status: string | null
}

export interface MaintenancesTable {
  id: Generated<number>
  title: string
  message: string
  starts_at: string
  ends_at: string
  ended_at: string | null
  created_at: string
  /** Who scheduled it (see IncidentUpdatesTable.by); never published. */
  by: string | null
  /** Who ended or cancelled it early. */
  ended_by: string | null
  /** The series it is an occurrence of; null for a window scheduled on its own. */
  series_id: string | null
  /** Minutes before its start the maintenance.reminder goes out; null: the default (MAINTENANCE_REMIND_MINUTES); 0: none. */
  remind_minutes: number | null
}

/** A recurring window: its occurrences are materialised as maintenances rows ahead of time. */
export interface MaintenanceSeriesTable {
  id: string
  title: string
  message: string
  /** RFC 5545 RRULE as checked (upper case, no `RRULE:`). */
  rrule: string
  /** The first start as a wall time in `timezone`, YYYY-MM-DDTHH:MM. */
  start_local: string
  timezone: string
  duration_ms: number
  /** Minutes before each start the reminder goes out; null: the default (MAINTENANCE_REMIND_MINUTES); 0: none. */
  remind_minutes: number | null
  /** JSON array of component ids, in code-unit order. */
  components: string
  /** operator (CLI, API, Discord) | file (the status file's maintenance:). */
  source: string
  created_at: string
  /** When its rule, times or words last changed: occurrences starting after this follow the new ones. */
  changed_at: string
  by: string | null
  /** When it was ended: no occurrences after this. */
  ended_at: string | null
  ended_by: string | null
}

/** What an operator set on a `manual` component (docs/en/architecture.md#operator-api); no row: operational. */
export interface ManualComponentsTable {
  component: string
  /** operational | degraded_performance | partial_outage | major_outage */
  status: string
  message: string | null
  by: string | null
  updated_at: string
}

/** The first answer to a POST carrying an Idempotency-Key, kept 24 h. */
export interface IdempotencyKeysTable {
  /** The token's name: keys of different tokens never meet. */
  token: string
  key: string
  /** SHA-256 of the method, path and body: another request under the same key is refused. */
  request_hash: string
  /**
   * The answer, written in the transaction of the write it answers (or, for a refusal, right after it). Null only in
   * rows written before migration 009, while their request was being answered.
   */
  status_code: number | null
  /** The answer's body; null when `incident_id` stands for it. */
  body: string | null
  /** An incident route's answer: this incident, as it is when the answer is given again (rebuilt, never copied). */
  incident_id: number | null
  created_at: string
}

/** A component a maintenance window affects: under_maintenance while the window is active. */
export interface MaintenanceComponentsTable {
  maintenance_id: number
  component: string
}

export interface BotHeartbeatsTable {
  shard_id: number
  status: string
  ping_ms: number | null
  guilds: number | null
  reported_at: string
  /** The cluster (a process running several shards) the shard belongs to; null when the bot has no clusters. */
  cluster_id: number | null
  /** The shard count the bot ran with when it sent this report (`total`); null when the report did not say. */
  shard_total: number | null
}

/** The latest result of a declared component's http, tcp or push check (docs/en/architecture.md#status-model), shared by every replica. */
export interface CheckResultsTable {
  component: string
  /** ok | degraded | down */
  status: StoredStatus
  latency_ms: number | null
  /** Public-safe: written by the check (never a URL or host) or pushed by the component. */
  message: string | null
  /** Failed attempts in a row (a failure counts as `down` once it reaches the check's `confirm`). */
  failures: number
  /** Milliseconds since the epoch (a pg bigint reads as a string). */
  checked_at: number | string
  /** The operator token's name that pushed it (push checks); null for probes and the CLI. */
  reported_by: string | null
}

/** Which replica runs a check until when (the database lease; Redis holds its own when configured). */
export interface CheckLeasesTable {
  name: string
  holder: string
  /** Milliseconds since the epoch. */
  expires_at: number | string
}

export interface Tables {
  check_results: CheckResultsTable
  check_leases: CheckLeasesTable
  component_checks: ComponentChecksTable
  uptime_daily: UptimeDailyTable
  incidents: IncidentsTable
  incident_updates: IncidentUpdatesTable
  incident_components: IncidentComponentsTable
  maintenances: MaintenancesTable
  maintenance_components: MaintenanceComponentsTable
  maintenance_series: MaintenanceSeriesTable
  bot_heartbeats: BotHeartbeatsTable
  manual_components: ManualComponentsTable
  idempotency_keys: IdempotencyKeysTable
  notify_events: NotifyEventsTable
  notify_targets: NotifyTargetsTable
  notify_deliveries: NotifyDeliveriesTable
  notify_discord_messages: NotifyDiscordMessagesTable
  notify_status: NotifyStatusTable
  discord_follows: DiscordFollowsTable
  edge_state: EdgeStateTable
}

export interface NotifyEventsTable {
  id: Generated<number>
  /** incident.opened | incident.updated | incident.resolved | maintenance.scheduled | maintenance.started | maintenance.ended | status.changed | edge.purge */
  kind: string
  /** Events of one subject reach a target in order: incident:{id}, maintenance:{id}, status. */
  subject: string
  dedupe_key: string | null
  /** JSON of the event's data as it was when it happened. */
  payload: string
  created_at: string
  /** Who caused it (an operator token's name, a Discord user); null for the service itself or the CLI on the server. Never sent. */
  by: string | null
  /** When its deliveries to Discord followers were written; null until then. */
  followers_at: string | null
}

export interface NotifyTargetsTable {
  target: string
  first_seen_at: string
}

export interface NotifyDeliveriesTable {
  id: Generated<number>
  event_id: number
  target: string
  subject: string
  /** pending | delivered | failed */
  state: string
  attempts: number
  next_attempt_at: string
  /** After this, a delivery that keeps failing is marked failed. */
  retry_until: string
  lease_token: string | null
  lease_until: string | null
  /** A short reason written by us (status code, timeout, error code); never a URL. */
  last_error: string | null
  delivered_at: string | null
}

export interface NotifyDiscordMessagesTable {
  target: string
  subject: string
  message_id: string
}

export interface NotifyStatusTable {
  id: number
  status: string
  changed_at: string
}

/** A channel another server follows (docs/en/architecture.md#follow): the webhook made in it. The token is a secret. */
export interface DiscordFollowsTable {
  id: Generated<number>
  guild_id: string
  channel_id: string
  webhook_id: string
  webhook_token: string
  /** Comma-separated component ids; null: every component. */
  components: string | null
  /** The language the follow chose (a shipped tag); null: the server's. */
  language: string | null
  /** The server's language as Discord named it at the follow (`guild_locale`, such as `pt-BR` or `ja`). */
  guild_locale: string | null
  created_by: string | null
  created_at: string
  updated_at: string
}

/** What the shared caches were last purged for (docs/en/architecture.md#edge), one row per kind: what the public keys show, and the version. */
export interface EdgeStateTable {
  /** `shown` (what the status, incidents and windows show) or `version` (the service's version and its docs). */
  name: string
  /** A fingerprint or a JSON summary; compared, never parsed by anything else. */
  state: string
  changed_at: string
}
