// At most `perSecond` starts in any window of a second: each start waits until the start `perSecond` places before it
// is more than a window (plus a small guard against timer jitter) ago. For one caller at a time.
import { setTimeout as sleep } from 'node:timers/promises'

/** A little more than a second, so timers firing late never squeeze one more start into a second. */
const WINDOW_MS = 1020

export interface Pacer {
  /** Resolves when the next start may happen, and counts it. */
  next (): Promise<void>
}

export function createPacer (perSecond: number, now: () => number = () => performance.now()): Pacer {
  const starts: number[] = new Array<number>(perSecond).fill(-Infinity)
  let index = 0
  return {
    async next () {
      for (;;) {
        const wait = starts[index]! + WINDOW_MS - now()
        if (wait <= 0) break
        await sleep(Math.ceil(wait))
      }
      starts[index] = now()
      index = (index + 1) % perSecond
    }
  }
}
