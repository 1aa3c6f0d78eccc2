// A probe's stopwatch that leaves out the time this process's event loop was blocked: a tick every 5 ms while the
// probe runs notices when it came late, and that lateness is the loop's, not the database's or the bot's.
import { roundLatency } from './probe.ts'

const TICK_MS = 5
/**
 * A tick later than this is a stall. Less is timer jitter or a busy machine's scheduling, which would otherwise be
 * taken off a slow target's real wait (a 300 ms answer measured as 280 ms on a loaded machine).
 */
const SLACK_MS = 20

export interface ProbeTimer {
  /** Milliseconds since start, less the time the event loop was blocked meanwhile (to 0.1 ms); stops the timer. */
  elapsedMs (): number
  /** Stops the ticking (a probe that failed and reports no latency). */
  stop (): void
}

export function startProbeTimer (): ProbeTimer {
  const started = performance.now()
  let expected = started + TICK_MS
  let stalled = 0
  const late = (now: number) => {
    if (now - expected > SLACK_MS) stalled += now - expected
    expected = now + TICK_MS
  }
  const ticking = setInterval(() => late(performance.now()), TICK_MS)
  ticking.unref()
  return {
    elapsedMs () {
      clearInterval(ticking)
      const now = performance.now()
      late(now) // blocked after the last tick, with the answer handled before the tick could run
      return roundLatency(now - started - stalled)
    },
    stop: () => clearInterval(ticking)
  }
}
