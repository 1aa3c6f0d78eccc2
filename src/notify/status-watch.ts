// Turns the monitor's rounds into `status.changed` events: a new overall measured status is announced once it has held
// for two probe rounds and 60 s (no flapping), naming the components whose measured status changed since the last status
// that held (every component of the round body, by its key). Announcements wait in memory while the database is away,
// and are written in order when it answers; one row of the database makes sure the replicas announce each change once.
import type { Logger } from 'pino'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { Database } from '../store/database.ts'
import { recordStatusChange } from '../store/repositories/notifications.ts'
import { withTimeout } from '../lib/timeout.ts'
import { statusEvent, type ComponentChange } from './events.ts'

const WRITE_TIMEOUT_MS = 5000
/** Changes kept while the database is away; the oldest go first beyond this. */
const BUFFER_LIMIT = 100

export interface StatusWatchOptions {
  database: Database
  logger: Logger
  /** How long a new status must hold; default 60 s. */
  holdMs?: number
  /** And for how many rounds; default 2. */
  holdRounds?: number
}

export interface StatusWatch {
  /** Takes one monitor round; writes what is due (never rejects). */
  observe (body: MeasuredHealthBody): Promise<void>
  /** Changes waiting for the database. */
  readonly buffered: number
}

interface Candidate {
  status: string
  since: string
  rounds: number
  components: Record<string, string>
  changed: ComponentChange[]
}

/**
 * The components whose status differs between two rounds, in `now`'s order (a component new to the body counts from
 * `unknown`). Without a held status before (this replica has only just started) `before` is every component `ok`,
 * which is what the overall `ok` the database usually remembers means.
 */
export function changedComponents (before: Record<string, string> | undefined, now: Record<string, string>): ComponentChange[] {
  const changes: ComponentChange[] = []
  for (const [id, to] of Object.entries(now)) {
    const from = before === undefined ? 'ok' : before[id] ?? 'unknown'
    if (from !== to) changes.push({ id, from, to })
  }
  return changes
}

export function createStatusWatch (options: StatusWatchOptions): StatusWatch {
  const { database, logger } = options
  const holdMs = options.holdMs ?? 60_000
  const holdRounds = options.holdRounds ?? 2
  const pending: Candidate[] = []
  let candidate: Candidate | undefined
  let announced: string | undefined
  /** The components of the last status that held; the baseline `changed` is computed against. */
  let heldComponents: Record<string, string> | undefined
  let failing = false

  const flush = async () => {
    while (pending.length > 0) {
      const change = pending[0]!
      try {
        await withTimeout(recordStatusChange(database, { to: change.status, at: change.since },
          (from) => statusEvent({ from, to: change.status, since: change.since, components: change.components, changed: change.changed }, change.since)),
        WRITE_TIMEOUT_MS, 'recording a status change')
      } catch {
        if (!failing) logger.warn({ buffered: pending.length }, 'notifications: status change kept in memory until the database answers')
        failing = true
        return
      }
      pending.shift()
      if (failing) logger.info('notifications: buffered status changes written')
      failing = false
    }
  }

  return {
    get buffered () { return pending.length },
    async observe (body) {
      const components = Object.fromEntries(Object.entries(body.components).map(([name, component]) => [name, component.status]))
      if (candidate?.status === body.status) candidate.rounds++
      else candidate = { status: body.status, since: body.checkedAt, rounds: 1, components, changed: [] }
      const held = candidate.rounds >= holdRounds && Date.parse(body.checkedAt) - Date.parse(candidate.since) >= holdMs
      if (held && candidate.status !== announced) {
        announced = candidate.status
        candidate.changed = changedComponents(heldComponents, candidate.components)
        pending.push(candidate)
        if (pending.length > BUFFER_LIMIT) pending.shift()
      }
      // While a status holds, its latest components are the baseline of the next change.
      if (held) heldComponents = components
      await flush()
    }
  }
}
