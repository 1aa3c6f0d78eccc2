// Evenly spaced starts, at most `perSecond` in any window of a second: starts keep to a grid a little wider than
// 1/perSecond of a second apart, so sends go out spread over the second rather than in bursts. A start that comes late
// keeps to the grid only while it is a few milliseconds late (so that timers' lateness costs no rate); later than that,
// the grid starts again from now (so a pause is never made up for with a burst). For one caller at a time.
import { setTimeout as sleep } from 'node:timers/promises'

/** The grid is 2 % wider than exact: a start up to 20 ms late on it still leaves `perSecond` in any second at most. */
const GUARD = 1.02

export interface Pacer {
  /** Resolves when the next start may happen, and counts it. */
  next (): Promise<void>
}

export function createPacer (perSecond: number, now: () => number = () => performance.now()): Pacer {
  const spacingMs = 1000 * GUARD / perSecond
  const lateMs = Math.min(spacingMs / 2, 1000 * (GUARD - 1))
  let planned = -Infinity
  return {
    async next () {
      let at = now()
      while (planned > at) {
        await sleep(Math.ceil(planned - at))
        at = now()
      }
      if (at - planned > lateMs) planned = at
      planned += spacingMs
    }
  }
}
