// Purges on change (docs/en/architecture.md#edge): what the public keys show — each component's status, the indicator, the incidents and
// maintenance windows, each shard's state, the chat platform's status — is watched in the background; when it changes,
// the keys that changed are written as one `edge.purge` event to the outbox (src/notify/), which delivers it to each
// cache once across replicas, with retries. The time of the last check alone is no change. The first state a deployment
// records purges every live key (a cache may hold copies from before it). At start, a new version purges the
// version-only documents (once).
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import type { PlatformStatusBody } from '../api/platform-status.ts'
import type { ShardsSnapshot } from '../bot/shard-snapshot.ts'
import type { DeclaredComponent } from '../declaration/declaration.ts'
import type { IncidentsService } from '../incidents/service.ts'
import { maintenanceState, type IncidentsData } from '../incidents/view.ts'
import type { Clock } from '../lib/clock.ts'
import { VERSION } from '../monitor/version.ts'
import { purgeEvent } from '../notify/events.ts'
import type { StatusService } from '../status/service.ts'
import type { Database } from '../store/database.ts'
import { changeEdgeState, readEdgeState } from '../store/repositories/edge-state.ts'
import { VERSION_KEYS } from './cache-headers.ts'

/** What the keys show, in a form two replicas compute alike: no times of checks or fetches, no latencies. */
export interface Shown {
  indicator: string
  components: Record<string, string>
  incidents: Record<string, string>
  windows: Record<string, string>
  /** What the shards endpoints show, without latencies or heartbeat times; null while no shard has reported. */
  shards: string | null
  /** The chat platform's status as `/api/v1/health/discord` shows it, without when it was fetched or whether that is long ago; null while none. */
  platform: string | null
}

export interface EdgePurgeOptions {
  database: Database
  status: StatusService
  incidents: IncidentsService
  components: readonly DeclaredComponent[]
  /** The shards snapshot the shards endpoints answer from (the monitor's). */
  shards: () => ShardsSnapshot | undefined
  /** The chat platform's status held in memory (the same object while it is the same). */
  platform: () => PlatformStatusBody | undefined
  clock: Clock
  logger: Logger
  /** The docs served (DOCS_DIR): their content is part of the version. */
  docsDir: string
  /** How often to look; default 250 ms. */
  intervalMs?: number
}

export interface EdgePurge {
  /** Looks once: writes a purge when what the keys show changed since this replica last looked. */
  runOnce (): Promise<void>
  start (): void
  stop (): Promise<void>
}

/** What the keys show now, from the model, the incident rows, the shards snapshot and the chat platform's status. */
export function shownNow (status: StatusService, rows: IncidentsData | undefined, shards: ShardsSnapshot | undefined,
  platform: PlatformStatusBody | undefined, now: number): Shown {
  const body = status.current().value
  const incidents: Record<string, string> = {}
  const windows: Record<string, string> = {}
  for (const incident of rows?.incidents ?? []) {
    incidents[incident.id] = JSON.stringify([incident.status, incident.impact, incident.title, incident.resolved_at, incident.updated_at,
      incident.updates.length, incident.components.map((component) => [component.id, component.status]),
      ...(incident.postmortem === undefined ? [] : [incident.postmortem.updated_at, incident.postmortem.revision])])
  }
  for (const row of rows?.maintenances ?? []) {
    windows[row.id] = JSON.stringify([maintenanceState(row, now), row.title, row.message, row.starts_at, row.ends_at, row.ended_at, row.components])
  }
  return {
    indicator: body.indicator,
    components: Object.fromEntries(body.components.map((component) => [component.id, component.status])),
    incidents,
    windows,
    shards: shards === undefined ? null : shardsShown(shards),
    platform: platform === undefined ? null : platformShown(platform)
  }
}

/** The platform's indicator, components and incidents and when it updated its page: not our fetch time, nor its age. */
function platformShown (platform: PlatformStatusBody): string {
  const { fetchedAt: _fetchedAt, stale: _stale, ...shown } = platform
  return JSON.stringify(shown)
}

/** Each shard's cluster, state and connection, with the counts: the shards endpoints' bodies less latencies and times. */
function shardsShown (shards: ShardsSnapshot): string {
  const { total, connected, clusters } = shards.body.value
  return JSON.stringify([total, connected, clusters.map((cluster) => [cluster.id, cluster.shards.map((shard) => [shard.id, shard.status, shard.connected])])])
}

/** The keys every live document carries at least one of: purging them all empties a cache of everything that can change. */
const LIVE_KEYS = ['status', 'incidents', 'history', 'platform', 'shards']
/** At most this many keys go in one purge (Cloudflare takes 100 tags a request; Fastly 256 keys). */
const MOST_KEYS = 100

/**
 * The keys of everything a cache may hold that can change, sorted: what the first recorded state purges, since copies a
 * cache took before it (or while the first look was starting) are of nothing recorded. Beyond MOST_KEYS the live keys
 * alone: each live document carries one of them.
 */
export function allLiveKeys (now: Shown, components: readonly DeclaredComponent[]): string[] {
  const keys = [...LIVE_KEYS, ...components.map((component) => `component-${component.id}`), ...Object.keys(now.incidents).map((id) => `incident-${id}`)]
  return (keys.length <= MOST_KEYS ? keys : LIVE_KEYS).sort()
}

/** The keys whose content differs between two states, sorted; none when nothing a key shows changed. */
export function changedKeys (before: Shown, after: Shown, components: readonly DeclaredComponent[]): string[] {
  const keys = new Set<string>()
  if (before.indicator !== after.indicator) keys.add('status')
  for (const id of differing(before.components, after.components)) {
    keys.add('status').add(`component-${id}`).add('history')
    const check = components.find((component) => component.id === id)?.check
    if (check?.kind === 'platform') keys.add('platform')
    if (check?.kind === 'builtin' && check.probe === 'bot') keys.add('shards')
  }
  for (const id of differing(before.incidents, after.incidents)) keys.add('status').add('incidents').add(`incident-${id}`).add('history')
  if (differing(before.windows, after.windows).length > 0) keys.add('status').add('incidents').add('history')
  // A state recorded before the shards and the platform were watched has neither: it counts as none reported.
  if ((before.shards ?? null) !== after.shards) keys.add('shards')
  if ((before.platform ?? null) !== after.platform) keys.add('platform')
  return [...keys].sort()
}

function differing (a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((id) => a[id] !== b[id]).sort()
}

export function createEdgePurge (options: EdgePurgeOptions): EdgePurge {
  const { database, status, incidents, components, clock, logger } = options
  const intervalMs = options.intervalMs ?? 250
  /** What this replica last saw (and the inputs it came from): a change is a change of this replica's own view. */
  let seen: { text: string, body: unknown, rows: unknown, shards: unknown, platform: unknown } | undefined
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let failing = false
  let versionChecked = false

  const purgeVersion = async () => {
    const version = await versionState(options.docsDir)
    const recorded = await readEdgeState(database, 'version')
    if (recorded === version) return
    const at = new Date(clock.now()).toISOString()
    if (await changeEdgeState(database, 'version', recorded, version, at, purgeEvent([...VERSION_KEYS], at))) {
      logger.info('edge: a new version; version-only documents purged')
    }
  }

  const look = async () => {
    if (!versionChecked) {
      await purgeVersion()
      versionChecked = true
    }
    const body = status.current()
    const rows = incidents.rows()
    // A new snapshot each monitor round, the same object in between: compared like the body and the rows.
    const shards = options.shards()
    const platform = options.platform()
    // Nothing measured or read yet: a view made of defaults would purge twice for nothing.
    if (rows === undefined || status.health() === undefined) return
    if (seen !== undefined && seen.body === body && seen.rows === rows && seen.shards === shards && seen.platform === platform) return
    const now = shownNow(status, rows, shards, platform, clock.now())
    const text = JSON.stringify(now)
    if (seen !== undefined && seen.text === text) {
      seen = { text, body, rows, shards, platform }
      return
    }
    const at = new Date(clock.now()).toISOString()
    // Compare-and-set from what the database last recorded: a replica that sees a change another already purged writes nothing.
    for (let attempt = 0; attempt < 3; attempt++) {
      const recorded = await readEdgeState(database, 'shown')
      if (recorded === text) break
      const before = recorded === undefined ? undefined : JSON.parse(recorded) as Shown
      // Nothing recorded yet: a cache may hold copies from before (or from while this look was starting); all go.
      const keys = before === undefined ? allLiveKeys(now, components) : changedKeys(before, now, components)
      const event = keys.length === 0 ? undefined : purgeEvent(keys, at)
      if (await changeEdgeState(database, 'shown', recorded, text, at, event)) {
        if (event !== undefined) logger.info({ keys }, 'edge: purge queued')
        break
      }
    }
    seen = { text, body, rows, shards, platform }
  }

  const tick = () => {
    running = look().then(() => {
      if (failing) logger.info('edge: watching for changes again')
      failing = false
    }, (error: unknown) => {
      if (!failing) logger.warn({ code: (error as { code?: unknown }).code }, 'edge: cannot record a change; trying again')
      failing = true
    }).finally(() => {
      if (timer !== undefined) timer = setTimeout(tick, intervalMs).unref()
    })
  }

  return {
    runOnce: () => look(),
    start () {
      if (timer !== undefined) return
      timer = setTimeout(tick, 0).unref()
    },
    async stop () {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      await running
    }
  }
}

/** The version and a hash of the docs served: a change of either is a new version of the version-only documents. */
async function versionState (docsDir: string): Promise<string> {
  const hash = createHash('sha256')
  const files = (await readdir(docsDir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort()
  for (const file of files) hash.update(path.relative(docsDir, file)).update('\0').update(await readFile(file)).update('\0')
  return `${VERSION} ${hash.digest('hex').slice(0, 16)}`
}
