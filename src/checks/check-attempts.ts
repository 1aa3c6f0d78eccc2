// One attempt of an http or tcp check: made, heard by the listeners (the metrics), counted, then confirmed and recorded.
import type { Clock } from '../lib/clock.ts'
import type { Attempt } from './attempt.ts'
import type { ProbedComponent } from './declared-checks.ts'
import { checkHttp, type HttpCheckOptions } from './http-check.ts'
import { checkTcp } from './tcp-check.ts'

/** Hears every attempt this replica made: the component, what it found, how long it took. */
export type AttemptListener = (component: string, attempt: Attempt, seconds: number) => void

export interface CheckAttemptsOptions {
  clock: Pick<Clock, 'now'>
  http: HttpCheckOptions | undefined
  /** Confirms and records what an attempt found, made at `at` (./result-recorder.ts). */
  record: (component: ProbedComponent, attempt: Attempt, at: number) => Promise<void>
}

export interface CheckAttempts {
  /** Makes one attempt of the component's check and records it; settles once recorded. */
  run (component: ProbedComponent): Promise<void>
  onAttempt (listener: AttemptListener): void
  /** Attempts made so far. */
  readonly count: number
}

export function createCheckAttempts (options: CheckAttemptsOptions): CheckAttempts {
  const { clock, http, record } = options
  const listeners: AttemptListener[] = []
  let attempts = 0

  return {
    async run (component) {
      const at = clock.now()
      const started = performance.now()
      const { check } = component
      const result = check.kind === 'http'
        ? await checkHttp({ url: check.url, method: check.method, headers: check.headers, timeoutMs: check.timeoutMs, expect: check.expect }, http)
        : await checkTcp({ host: check.host, port: check.port, timeoutMs: check.timeoutMs })
      attempts++
      for (const listener of listeners) listener(component.id, result, (performance.now() - started) / 1000)
      await record(component, result, at)
    },
    onAttempt (listener) { listeners.push(listener) },
    get count () { return attempts }
  }
}
