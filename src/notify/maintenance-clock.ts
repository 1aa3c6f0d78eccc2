// Announces maintenance windows: a reminder ahead of each start, then starting and ending at their times: every replica runs this clock, and each
// announcement is an event keyed by window and kind, so it is written once whichever replica gets there first.
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import { repeating } from '../lib/repeating.ts'
import type { Database } from '../store/database.ts'
import { loadMaintenancesChangingBetween, loadMaintenancesStartingBetween, type MaintenanceWithComponents } from '../store/repositories/maintenances.ts'
import { insertEvent } from '../store/repositories/notifications.ts'
import { maintenanceEvent } from './events.ts'

/** A window whose start or end was missed by more than this (every replica down) is not announced late. */
const LOOKBACK_MS = 6 * 3600_000
/** The longest a reminder may be ahead of its start (a week, as the input checks allow). */
const MAX_REMIND_MINUTES = 7 * 24 * 60

export interface MaintenanceClockOptions {
  database: Database
  clock: Clock
  logger: Logger
  /** How often the windows are read again (a window scheduled meanwhile is seen within this); default 10 s. */
  pollMs?: number
  /** Minutes ahead of a start its reminder goes out when the window does not say (MAINTENANCE_REMIND_MINUTES); 0: none. */
  remindMinutes?: number
}

export interface MaintenanceClock {
  /** Writes the events due by now; returns the milliseconds until the next start or end it knows of (at most pollMs). */
  runOnce (): Promise<number>
  start (): void
  stop (): Promise<void>
}

export function createMaintenanceClock (options: MaintenanceClockOptions): MaintenanceClock {
  const { database, clock, logger } = options
  const pollMs = options.pollMs ?? 10_000
  const written = new Set<string>()

  const remindDefault = options.remindMinutes ?? 60
  const announce = async (kind: 'maintenance.reminder' | 'maintenance.started' | 'maintenance.ended', row: MaintenanceWithComponents, at: string) => {
    const key = `${row.id}:${kind}`
    if (written.has(key)) return
    await insertEvent(database.db, maintenanceEvent(kind, row, at))
    written.add(key)
  }

  const runOnce = async (): Promise<number> => {
    const now = clock.now()
    const rows = await loadMaintenancesChangingBetween(database.db,
      new Date(now - LOOKBACK_MS).toISOString(), new Date(now + pollMs).toISOString())
    let next = pollMs
    // Reminders: due `remind` minutes ahead, written once (keyed) by whichever replica is first. One whose time had
    // passed when the window was written (scheduled late, or materialised while every replica was down) is not sent.
    const coming = await loadMaintenancesStartingBetween(database.db, new Date(now).toISOString(),
      new Date(now + (MAX_REMIND_MINUTES * 60_000) + pollMs).toISOString())
    for (const row of coming) {
      const minutes = row.remind_minutes ?? remindDefault
      if (minutes === 0) continue
      const remindAt = Date.parse(row.starts_at) - minutes * 60_000
      if (remindAt < Date.parse(row.created_at)) continue
      if (remindAt <= now) await announce('maintenance.reminder', row, new Date(remindAt).toISOString())
      else next = Math.min(next, remindAt - now)
    }
    for (const row of rows) {
      const startsAt = Date.parse(row.starts_at)
      const endsAt = Date.parse(row.ends_at)
      const endedEarly = row.ended_at !== null // the CLI wrote maintenance.ended when it ended (or cancelled) the window
      const cancelled = endedEarly && Date.parse(row.ended_at!) <= startsAt
      if (!cancelled && startsAt <= now && now - startsAt <= LOOKBACK_MS) await announce('maintenance.started', row, row.starts_at)
      if (!endedEarly && endsAt <= now && now - endsAt <= LOOKBACK_MS) await announce('maintenance.ended', row, row.ends_at)
      for (const at of [startsAt, endsAt]) if (at > now) next = Math.min(next, at - now)
    }
    return next
  }

  const rounds = repeating({
    round: runOnce,
    delayAfter: (wait) => Math.max(wait ?? pollMs, 10),
    onFailing: (error) => logger.warn({ code: (error as { code?: unknown }).code }, 'notifications: maintenance clock cannot read the database; trying again'),
    onRecovered: () => logger.info('notifications: maintenance clock reads the database again')
  })

  return { runOnce, start: rounds.start, stop: () => rounds.stop() }
}
