// The check runner's ticks, one every tickMs until stopped (timers unref'd); a failed tick is logged and the next comes as usual.
import type { Logger } from 'pino'

export interface TickLoop {
  start (): void
  /** Stops at once (no further tick); the promise settles once the tick in flight has. */
  stop (): Promise<void>
  /** Whether stop() was called. */
  readonly stopped: boolean
}

export function createTickLoop (tick: () => Promise<void>, tickMs: number, logger: Logger): TickLoop {
  let timer: NodeJS.Timeout | undefined
  let ticking: Promise<void> | undefined
  let stopped = false

  const loop = async () => {
    ticking = tick().catch((error: unknown) => { logger.error({ err: error }, 'checks tick failed') })
    await ticking
    if (!stopped) {
      timer = setTimeout(() => { void loop() }, tickMs)
      timer.unref()
    }
  }

  return {
    start () { void loop() },
    stop () {
      stopped = true
      clearTimeout(timer)
      return Promise.resolve(ticking)
    },
    get stopped () { return stopped }
  }
}
