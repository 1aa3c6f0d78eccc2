// An attempt's result, confirmed (./confirm.ts), kept in memory at once (a change told) and handed to the shared table's writer.
import type { Attempt } from './attempt.ts'
import { confirmed } from './confirm.ts'
import type { ProbedComponent } from './declared-checks.ts'
import type { HeldResults } from './held-results.ts'
import type { ResultWriter } from './result-writer.ts'

export interface ResultRecorderOptions {
  held: Pick<HeldResults, 'get' | 'keep'>
  writer: ResultWriter
  /** What the page shows of the component (status, message) changed. */
  onChange: (() => void) | undefined
  /** The held results changed (./results-view.ts). */
  invalidate: () => void
}

/** Records an attempt made at `at`; settles once its write has been made. */
export function createResultRecorder (options: ResultRecorderOptions): (component: ProbedComponent, attempt: Attempt, at: number) => Promise<void> {
  const { held, writer, onChange, invalidate } = options
  return async (component, attempt, at) => {
    const row = confirmed(component.id, held.get(component.id), attempt, component.check.confirm, at)
    if (held.keep(row)) onChange?.()
    invalidate()
    await writer.add(row)
  }
}
