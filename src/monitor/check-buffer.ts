// Minute checks not yet written, per (minute, component): merged as the database merges them (worst wins) and bounded
// in minutes, so a database outage is recorded later.
import { worseCheck, type ComponentCheckRow } from '../store/repositories/component-checks.ts'

/** A day of minutes: an outage longer than that keeps its most recent day. */
const CHECK_BUFFER_MINUTES = 1440

export class CheckBuffer {
  /** Minute → component → row. */
  readonly #minutes = new Map<number, Map<string, ComponentCheckRow>>()
  readonly #capacity: number

  constructor (capacity = CHECK_BUFFER_MINUTES) {
    this.#capacity = capacity
  }

  /** Minutes held (each with the rows of its components). */
  get size (): number {
    return this.#minutes.size
  }

  add (rows: ComponentCheckRow[]): void {
    for (const row of rows) {
      let components = this.#minutes.get(row.minute)
      if (components === undefined) {
        components = new Map()
        this.#minutes.set(row.minute, components)
      }
      const held = components.get(row.component)
      components.set(row.component, held === undefined ? { ...row } : worseCheck(held, row))
    }
    while (this.#minutes.size > this.#capacity) this.#minutes.delete(Math.min(...this.#minutes.keys()))
  }

  /** Forgets rows for minutes after `minute` (the clock stepped back since they were taken: they never happened). */
  dropAfter (minute: number): void {
    for (const held of this.#minutes.keys()) if (held > minute) this.#minutes.delete(held)
  }

  /** Buffered rows, oldest minute first; one per (minute, component). */
  rows (): ComponentCheckRow[] {
    return [...this.#minutes.keys()].sort((a, b) => a - b).flatMap((minute) => [...this.#minutes.get(minute)!.values()])
  }

  /** Forgets rows once written — but not one that got worse while the write was in flight. */
  remove (written: ComponentCheckRow[]): void {
    for (const row of written) {
      const components = this.#minutes.get(row.minute)
      const held = components?.get(row.component)
      if (held === undefined || held.status !== row.status || held.latencyMs !== row.latencyMs) continue
      components!.delete(row.component)
      if (components!.size === 0) this.#minutes.delete(row.minute)
    }
  }
}
