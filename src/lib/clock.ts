// Time as a dependency, so tests can move it instead of sleeping.
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now (): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** A clock that only moves when told to; for tests. */
export class ManualClock implements Clock {
  #now: number
  constructor (start: number | string = '2026-11-21T12:00:00.000Z') {
    this.#now = typeof start === 'number' ? start : Date.parse(start)
  }

  now (): number { return this.#now }
  advance (ms: number): void { this.#now += ms }
  set (time: number | string): void { this.#now = typeof time === 'number' ? time : Date.parse(time) }
}
