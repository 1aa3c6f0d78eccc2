// When each probed check runs: at once when due, timed to the millisecond when due before the next tick, never twice at a time.
import type { Logger } from 'pino'
import type { Clock } from '../lib/clock.ts'
import type { CheckResultRow } from '../store/repositories/check-results.ts'
import type { ProbedComponent } from './declared-checks.ts'

export interface CheckScheduleOptions {
  probed: readonly ProbedComponent[]
  /** How often schedule() is called: checks due sooner are timed. */
  tickMs: number
  clock: Pick<Clock, 'now'>
  /** The component's latest result, whoever recorded it. */
  latest: (component: string) => CheckResultRow | undefined
  /** Makes one attempt and records it (./check-attempts.ts). */
  attempt: (component: ProbedComponent) => Promise<void>
  /** Whether a timed check may still start (this replica holds the lease, the runner runs). */
  active: () => boolean
  logger: Logger
}

export interface CheckSchedule {
  /** Starts the checks due now and times those due before the next tick to the millisecond. */
  schedule (): void
  /** Forgets the timed checks. */
  cancelTimed (): void
  /** Settles once every attempt in flight now has. */
  settled (): Promise<unknown>
}

export function createCheckSchedule (options: CheckScheduleOptions): CheckSchedule {
  const { probed, tickMs, clock, latest, attempt, active, logger } = options
  const inFlight = new Map<string, Promise<void>>()
  /** Checks due before the next tick, timed to the millisecond. */
  const timed = new Map<string, NodeJS.Timeout>()

  const launch = (component: ProbedComponent) => {
    const running = attempt(component).catch((error: unknown) => {
      logger.error({ err: error, component: component.id }, 'check failed unexpectedly')
    }).finally(() => inFlight.delete(component.id))
    inFlight.set(component.id, running)
  }

  /** Milliseconds until a check is due again (≤ 0: now), from its latest result, whoever recorded it. */
  const dueIn = (component: ProbedComponent) => {
    const last = latest(component.id)
    return last === undefined ? 0 : last.checkedAt + component.check.everyMs - clock.now()
  }

  return {
    schedule () {
      for (const component of probed) {
        if (inFlight.has(component.id) || timed.has(component.id)) continue
        const wait = dueIn(component)
        if (wait <= 0) launch(component)
        else if (wait < tickMs) {
          const timer = setTimeout(() => {
            timed.delete(component.id)
            if (active() && !inFlight.has(component.id) && dueIn(component) <= 0) launch(component)
          }, wait)
          timer.unref()
          timed.set(component.id, timer)
        }
      }
    },
    cancelTimed () {
      for (const waiting of timed.values()) clearTimeout(waiting)
      timed.clear()
    },
    settled: () => Promise.all(inFlight.values())
  }
}
