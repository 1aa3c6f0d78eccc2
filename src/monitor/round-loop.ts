// Monitor rounds every probe interval until stopped (not waiting for upkeep), one round on demand, and a stop that waits for both.
import type { Logger } from 'pino'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { RoundOutcome } from './round.ts'

export interface RoundLoopOptions {
  round: () => Promise<RoundOutcome>
  intervalMs: number
  logger: Logger
  /** The upkeep in flight, awaited by stop() after the round (./upkeep.ts). */
  upkeepInFlight: () => Promise<void> | undefined
}

export interface RoundLoop {
  /** One round, awaited with its upkeep. */
  runOnce (): Promise<MeasuredHealthBody>
  /** Runs rounds every interval until stopped (timers are unref'd); a second call does nothing. */
  start (): void
  /** Stops the timer and waits for a round and its upkeep in flight. */
  stop (): Promise<void>
}

export function createRoundLoop (options: RoundLoopOptions): RoundLoop {
  const { round, intervalMs, logger, upkeepInFlight } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let started = false
  let stopped = false

  const runOnce = () => {
    const current = round().then(async ({ body, upkept }) => {
      await upkept
      return body
    })
    running = current.catch(() => undefined)
    return current
  }

  const loop = async () => {
    try {
      // The next round does not wait for this one's upkeep: reads that wait behind a lock must not keep the
      // probes from reporting it (a round of the loop is probe, publish, record).
      const current = round()
      running = current.catch(() => undefined)
      await current
    } catch (error) {
      logger.error({ err: error }, 'health monitor round failed')
    }
    if (!stopped) {
      timer = setTimeout(() => { void loop() }, intervalMs)
      timer.unref()
    }
  }

  return {
    runOnce,
    start () {
      if (started) return
      started = true
      void loop()
    },
    async stop () {
      stopped = true
      clearTimeout(timer)
      await running
      await upkeepInFlight()
    }
  }
}
