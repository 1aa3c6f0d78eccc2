// What the status page reads: the API bodies (docs/en/api.md#endpoints), shards included, from whatever services produce them.
import type { ComponentsBody } from '../api/components.ts'
import type { PlatformStatusBody } from '../api/platform-status.ts'
import type { HealthBody, HistoryBody } from '../api/health.ts'
import type { IncidentsBody } from '../api/incidents.ts'
import type { ShardsBody } from '../api/shards.ts'
import type { Monitor } from '../monitor/monitor.ts'
import type { StatusService } from '../status/service.ts'
import type { IncidentsService } from '../incidents/service.ts'
import type { IncidentTexts } from '../incidents/texts.ts'
import type { PlatformStatus } from '../platform/platform-status.ts'
import type { StatusBodies } from '../view/status-view.js'

/**
 * The status page's view of the services: each method returns exactly the body its API endpoint serves,
 * so the page and the API never disagree. `discord()` is undefined while no value was ever fetched.
 */
export interface StatusSource {
  /** The body of GET /api/v1/health/components: the one public status. */
  components (): ComponentsBody | Promise<ComponentsBody>
  health (): HealthBody | Promise<HealthBody>
  history (): HistoryBody | Promise<HistoryBody>
  discord (): PlatformStatusBody | undefined | Promise<PlatformStatusBody | undefined>
  incidents (): IncidentsBody | Promise<IncidentsBody>
  /** The body of GET /api/v1/health/shards; undefined while no shard has reported. */
  shards (): ShardsBody | undefined | Promise<ShardsBody | undefined>
  /** Whether resolved incidents follow the recent window `incidents()` holds (the API's next page); none when not given. */
  olderIncidents? (): boolean
  /** The texts of incidents opened from a template, in languages other than English, by id; none when not given. */
  incidentTexts? (): ReadonlyMap<number, IncidentTexts>
}

type Part = Exclude<keyof StatusSource, 'olderIncidents' | 'incidentTexts'>

/** One body: its value, or a promise of it (null where reading fails, after `onError`). */
function read (source: StatusSource, part: Part, onError: (error: unknown, part: string) => void): unknown {
  const failed = (error: unknown) => {
    onError(error, part)
    return null
  }
  try {
    const value: unknown = source[part]()
    return value instanceof Promise ? value.then(undefined, failed) : value
  } catch (error) {
    return failed(error)
  }
}

/**
 * All six bodies at once, and whether older incidents follow. One that fails becomes null (its sections say "not available" and the
 * refresh script fills them in later), so one broken service never takes the whole page down. Bodies the services
 * hold are taken as they are; only those still being read (the history, usually) are awaited: the page is asked for
 * on every request, and a promise per body cost ~6 KB of garbage per request (bench/README.md, allocations).
 */
export async function readStatus (source: StatusSource, onError: (error: unknown, part: string) => void): Promise<StatusBodies> {
  const parts = {} as Record<Part, unknown>
  for (const part of PARTS) parts[part] = read(source, part, onError) // all started before any is awaited
  for (const part of PARTS) if (parts[part] instanceof Promise) parts[part] = await parts[part]
  return bodiesOf(parts, source)
}

/**
 * The same bodies when every service holds its own now (none still being read, none failing), for an answer made
 * without waiting (src/http/prepared-answers.ts); undefined otherwise, and then readStatus() decides.
 */
export function statusNow (source: StatusSource): StatusBodies | undefined {
  const parts = {} as Record<Part, unknown>
  for (const part of PARTS) {
    try {
      parts[part] = source[part]()
    } catch {
      return undefined
    }
    const value = parts[part]
    if (value instanceof Promise) {
      value.catch(() => {}) // a read it started and leaves: its failure is readStatus()'s to report, never unhandled
      return undefined
    }
  }
  return bodiesOf(parts, source)
}

const PARTS: readonly Part[] = ['components', 'health', 'history', 'discord', 'incidents', 'shards']

/** The page's bodies from the parts read (a missing discord status or shards list is null). */
function bodiesOf (parts: Record<Part, unknown>, source: StatusSource): StatusBodies {
  return {
    components: parts.components as StatusBodies['components'],
    health: parts.health as StatusBodies['health'],
    history: parts.history as StatusBodies['history'],
    discord: (parts.discord ?? null) as StatusBodies['discord'],
    incidents: parts.incidents as StatusBodies['incidents'],
    shards: (parts.shards ?? null) as StatusBodies['shards'],
    olderIncidents: source.olderIncidents?.() === true
  }
}

/** The bodies a view was built from, compared by identity: the services hand out the same object until it changes. */
export function sameBodies (a: StatusBodies, b: StatusBodies): boolean {
  return a.components === b.components && a.health === b.health && a.history === b.history && a.discord === b.discord && a.incidents === b.incidents && a.shards === b.shards &&
    a.olderIncidents === b.olderIncidents
}

/** The running services as a StatusSource: the same in-memory values the API endpoints send. */
export function serviceStatusSource (services: { monitor: Monitor, status: StatusService, platformStatus: PlatformStatus, incidents: IncidentsService }): StatusSource {
  return {
    components: () => services.status.current().value,
    health () {
      const snapshot = services.status.health()
      if (snapshot === undefined) throw new Error('the first health check has not finished yet')
      return snapshot.value
    },
    // The history held now, or the one being read (the first, or after a minute went by).
    history: () => services.monitor.history.latest()?.value ?? services.monitor.history.get().then((body) => body.value),
    discord: () => services.platformStatus.current(),
    incidents: () => services.incidents.body(),
    shards: () => services.monitor.shards()?.body.value,
    olderIncidents: () => services.incidents.next() !== undefined,
    incidentTexts: () => services.incidents.texts()
  }
}
