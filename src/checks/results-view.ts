// The check results the monitor reads (a map kept a second at most): probed checks while recent, push checks by their last push's age.
import type { DeclaredComponent } from '../declaration/declaration.ts'
import type { Clock } from '../lib/clock.ts'
import type { ProbeResult } from '../monitor/probes/probe.ts'
import type { ProbedComponent } from './declared-checks.ts'
import type { HeldResults } from './held-results.ts'
import { pushMeasurement } from './push.ts'

export interface ResultsViewOptions {
  probed: readonly ProbedComponent[]
  pushed: readonly DeclaredComponent[]
  held: Pick<HeldResults, 'get'>
  clock: Pick<Clock, 'now'>
  /** When the runner started: a push component silent since then for longer than `within` is down. */
  startedAt: number
}

export interface ResultsView {
  /** The latest result of every declared http, tcp and push check by component id (none: not checked yet). */
  results (): ReadonlyMap<string, ProbeResult>
  /** The held results changed: the next results() is made anew. */
  invalidate (): void
}

/** A result older than this is no longer the component's state: the lease holder stopped recording. */
export function staleAfter (component: DeclaredComponent): number {
  return component.check.kind === 'http' || component.check.kind === 'tcp'
    ? 3 * component.check.everyMs + component.check.timeoutMs
    : Infinity
}

export function createResultsView (options: ResultsViewOptions): ResultsView {
  const { probed, pushed, held, clock, startedAt } = options
  let snapshot: { at: number, results: ReadonlyMap<string, ProbeResult> } | undefined

  const results = (): ReadonlyMap<string, ProbeResult> => {
    const now = clock.now()
    // Pushes age by the minute: the snapshot is kept for a second at most.
    if (snapshot !== undefined && now - snapshot.at < 1000) return snapshot.results
    const map = new Map<string, ProbeResult>()
    for (const component of pushed) {
      if (component.check.kind === 'push') map.set(component.id, pushMeasurement(held.get(component.id), component.check.withinMs, now, startedAt))
    }
    for (const component of probed) {
      const row = held.get(component.id)
      if (row === undefined) continue
      if (now - row.checkedAt > staleAfter(component)) {
        map.set(component.id, { status: 'unknown', latencyMs: null, message: 'No recent result.' })
        continue
      }
      map.set(component.id, { status: row.status, latencyMs: row.latencyMs, ...(row.message === null ? {} : { message: row.message }) })
    }
    snapshot = { at: now, results: map }
    return map
  }

  return {
    results,
    invalidate () { snapshot = undefined }
  }
}
