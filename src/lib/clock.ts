// Time as a dependency, so tests can move it instead of sleeping. Two readings: the wall clock names times
// (timestamps, minute slots); the monotonic clock measures durations (ages, freshness, timeouts, uptime), so a
// step of the system clock moves neither.
export interface Clock {
  /** Milliseconds since the Unix epoch (the wall clock; it can step back or forward). */
  now (): number
  /** Milliseconds from an arbitrary origin that only ever moves forward; for durations only. */
  monotonic (): number
}

export const systemClock: Clock = { now: () => Date.now(), monotonic: () => performance.now() }

/** A clock that only moves when told to; for tests. */
export class ManualClock implements Clock {
  #now: number
  #monotonic = 0
  constructor (start: number | string = '2026-11-21T12:00:00.000Z') {
    this.#now = typeof start === 'number' ? start : Date.parse(start)
  }

  now (): number { return this.#now }
  monotonic (): number { return this.#monotonic }
  /** Time passes: both readings move. */
  advance (ms: number): void {
    this.#now += ms
    this.#monotonic += Math.max(0, ms)
  }

  /** Sets the wall clock; moving forward is time passing (the monotonic reading follows), moving back is a step. */
  set (time: number | string): void {
    const next = typeof time === 'number' ? time : Date.parse(time)
    this.#monotonic += Math.max(0, next - this.#now)
    this.#now = next
  }

  /** The system clock steps (NTP, an operator) by `ms`, forward or back: only the wall clock moves. */
  step (ms: number): void { this.#now += ms }
}
