// The statuses operators set on manual components, read from the database in the background: every replica's monitor
// measures from this copy (no request queries), and a change is measured again at once, so it shows within 15 s.
import { isDeepStrictEqual } from 'node:util'
import type { Logger } from 'pino'
import { singleFlight } from '../lib/single-flight.ts'
import type { Database } from '../store/database.ts'
import { loadManualComponents } from '../store/repositories/manual-components.ts'
import type { ManualStatus } from './measure.ts'

/** How often the copy is read again: a change by any replica shows within this plus one query. */
const MANUAL_STATUSES_REFRESH_MS = 5_000

export interface ManualStatuses {
  /** What is set now, by component id; the same map until it changes. */
  current (): ReadonlyMap<string, ManualStatus>
  /** Reads the rows again (concurrent calls share one read); calls onChange when they differ. Rejects when the database fails. */
  refresh (): Promise<void>
  start (): void
  stop (): void
}

export function createManualStatuses (options: { database: Database, logger: Logger, onChange: () => void, refreshIntervalMs?: number }): ManualStatuses {
  const { database, logger, onChange } = options
  let statuses: ReadonlyMap<string, ManualStatus> = new Map()
  let timer: NodeJS.Timeout | undefined
  let failing = false

  const refresh = singleFlight(async () => {
    const rows = await loadManualComponents(database.db)
    const next = new Map(rows.map((row) => [row.component, {
      status: row.status as ManualStatus['status'],
      ...(row.message === null ? {} : { message: row.message })
    }]))
    if (isDeepStrictEqual(next, statuses)) return
    statuses = next
    onChange()
  })

  const tick = async () => {
    try {
      await refresh()
      failing = false
    } catch (error) {
      if (!failing) logger.warn({ code: (error as { code?: unknown }).code }, 'manual components: cannot read from the database; keeping the last copy')
      failing = true
    }
  }

  return {
    current: () => statuses,
    refresh,
    start () {
      if (timer !== undefined) return
      void tick()
      timer = setInterval(() => { void tick() }, options.refreshIntervalMs ?? MANUAL_STATUSES_REFRESH_MS)
      timer.unref()
    },
    stop () {
      clearInterval(timer)
      timer = undefined
    }
  }
}
