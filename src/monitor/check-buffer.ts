// Minute checks not yet written: merged per minute (worst wins) and bounded, so a database outage is recorded later.
import type { HealthCheckRow } from '../store/repositories/health-checks.ts'
import { worse, type ComponentStatus, type OverallStatus } from './status.ts'

/** A day of minutes: an outage longer than that keeps its most recent day. */
export const CHECK_BUFFER_MINUTES = 1440

export class CheckBuffer {
  readonly #rows = new Map<number, HealthCheckRow>()
  readonly #capacity: number

  constructor (capacity = CHECK_BUFFER_MINUTES) {
    this.#capacity = capacity
  }

  get size (): number {
    return this.#rows.size
  }

  add (row: HealthCheckRow): void {
    const held = this.#rows.get(row.minute)
    this.#rows.set(row.minute, held === undefined ? { ...row } : merge(held, row))
    while (this.#rows.size > this.#capacity) {
      const oldest = Math.min(...this.#rows.keys())
      this.#rows.delete(oldest)
    }
  }

  /** Forgets rows for minutes after `minute` (the clock stepped back since they were taken: they never happened). */
  dropAfter (minute: number): void {
    for (const held of this.#rows.keys()) if (held > minute) this.#rows.delete(held)
  }

  /** Buffered rows, oldest first. */
  rows (): HealthCheckRow[] {
    return [...this.#rows.values()].sort((a, b) => a.minute - b.minute)
  }

  /** Forgets rows once written — but not a minute that got worse while the write was in flight. */
  remove (written: HealthCheckRow[]): void {
    for (const row of written) {
      const held = this.#rows.get(row.minute)
      if (held !== undefined && sameRow(held, row)) this.#rows.delete(row.minute)
    }
  }
}

function merge (a: HealthCheckRow, b: HealthCheckRow): HealthCheckRow {
  return {
    minute: a.minute,
    status: worse(a.status as OverallStatus, b.status as OverallStatus),
    database: worse(a.database as ComponentStatus, b.database as ComponentStatus),
    cache: worse(a.cache as ComponentStatus, b.cache as ComponentStatus),
    bot: worse(a.bot as ComponentStatus, b.bot as ComponentStatus)
  }
}

function sameRow (a: HealthCheckRow, b: HealthCheckRow): boolean {
  return a.status === b.status && a.database === b.database && a.cache === b.cache && a.bot === b.bot
}
