// The running model: the public status (./model.ts) from the monitor's latest measurements, the incidents in memory
// and the declaration, kept as ready-to-send bytes and computed again only when one of them changes or the clock crosses a
// window's edge; and the health snapshot with the page indicator added. No request computes or queries anything.
import type { ComponentsBody } from '../api/components.ts'
import type { HealthBody } from '../api/health.ts'
import type { IncidentsService } from '../incidents/service.ts'
import type { IncidentsData } from '../incidents/view.ts'
import type { Clock } from '../lib/clock.ts'
import { serialize, type Serialized } from '../lib/serialized.ts'
import type { HealthSnapshot, Measurements, Monitor } from '../monitor/monitor.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import { affectingNow } from './affecting.ts'
import { computeStatus } from './model.ts'

export interface StatusService {
  /** The body of GET /api/v1/health/components now: the one value every surface renders. */
  current (): Serialized<ComponentsBody>
  /** The health snapshot with the page indicator; undefined until the monitor's first round has finished. */
  health (): PublicHealthSnapshot | undefined
}

/** GET /api/v1/health: the measured body with the page indicator, and the status code its overall status gives. */
export interface PublicHealthSnapshot extends Serialized<HealthBody> {
  statusCode: 200 | 503
}

export interface StatusServiceOptions {
  declaration: StatusDeclaration
  monitor: Monitor
  incidents: IncidentsService
  clock: Clock
}

/** What the model was computed from, compared by identity: each service hands out the same object until it changes. */
interface Inputs {
  measurements: Measurements | undefined
  rows: IncidentsData | undefined
}

export function createStatusService (options: StatusServiceOptions): StatusService {
  const { declaration, monitor, incidents, clock } = options
  let built: { inputs: Inputs, until: number, body: Serialized<ComponentsBody> } | undefined
  let health: { from: HealthSnapshot, indicator: ComponentsBody['indicator'], snapshot: PublicHealthSnapshot } | undefined

  const current = (): Serialized<ComponentsBody> => {
    const now = clock.now()
    const measurements = monitor.measurements()
    const rows = incidents.rows()
    // Every public request asks: the usual answer, nothing changed, allocates nothing.
    if (built !== undefined && now < built.until && built.inputs.measurements === measurements && built.inputs.rows === rows) return built.body
    const inputs: Inputs = { measurements, rows }
    const affecting = affectingNow(inputs.rows, now)
    const status = computeStatus({ declaration, measurements: inputs.measurements?.components, incidents: affecting.incidents, windows: affecting.windows })
    built = { inputs, until: affecting.until, body: serialize({ ...status, updatedAt: new Date(now).toISOString() }) }
    return built.body
  }

  return {
    current,
    health () {
      const from = monitor.health()
      if (from === undefined) return undefined
      const { indicator } = current().value
      if (health === undefined || health.from !== from || health.indicator !== indicator) {
        const { components, ...measured } = from.value
        const body: HealthBody = { ...measured, indicator, components }
        health = { from, indicator, snapshot: { ...serialize(body), statusCode: from.statusCode } }
      }
      return health.snapshot
    }
  }
}
