// What the page shows of each component now, as the code each minute row keeps (src/api/shown-minutes.ts): read from the one
// status model, with the measured status beneath a maintenance window.
import type { Monitor } from '../monitor/monitor.ts'
import type { StatusService } from './service.ts'
import { codeOfView, type ShownCode } from '../api/shown-minutes.ts'

export function shownNow (status: Pick<StatusService, 'current'>, monitor: Pick<Monitor, 'measurements'>): () => ReadonlyMap<string, ShownCode> {
  let made: { body: unknown, measurements: unknown, codes: Map<string, ShownCode> } | undefined
  return () => {
    const body = status.current()
    const measurements = monitor.measurements()
    if (made?.body === body && made.measurements === measurements) return made.codes
    const codes = new Map<string, ShownCode>()
    for (const view of body.value.components) codes.set(view.id, codeOfView(view.status, measurements?.components.get(view.id)?.public))
    made = { body, measurements, codes }
    return codes
  }
}
