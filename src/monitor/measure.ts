// Each declared component's measured status, from the probes, the chat platform's status and what operators set:
// what `/api/v1/health` reports per component and what the minute history records. Incidents and maintenance are
// not measurements; the model (src/status/model.ts) adds them.
import type { PlatformStatusBody } from '../api/platform-status.ts'
import type { ProbeResult } from './probes/probe.ts'
import type { ComponentStatus } from './status.ts'
import type { BuiltinProbe, DeclaredComponent, StatusDeclaration } from '../declaration/declaration.ts'

/** Statuspage's five component statuses: what the model and every surface show. */
export type PublicComponentStatus = 'operational' | 'degraded_performance' | 'partial_outage' | 'major_outage' | 'under_maintenance'

export interface Measurement extends ProbeResult {
  /**
   * The same measurement in Statuspage's words; undefined while `status` is `unknown`. A platform component keeps its
   * exact status there; the builtin cache's `down` is `partial_outage` (every replica keeps answering from memory).
   */
  public: PublicComponentStatus | undefined
}

/** What an operator set on a `manual` component (the operator API's PUT /v1/components/{id}/status); none: operational. */
export interface ManualStatus {
  status: Exclude<PublicComponentStatus, 'under_maintenance'>
  message?: string
}

export interface MeasureInput {
  declaration: StatusDeclaration
  /** The three builtin probes' latest results. */
  builtin: Record<BuiltinProbe, ProbeResult>
  /** Results of the declared http, tcp and push checks by component id (absent: not checked yet). */
  checks?: ReadonlyMap<string, ProbeResult>
  /** The chat platform's status as last fetched; undefined when it never was. */
  platform: PlatformStatusBody | undefined
  manual?: ReadonlyMap<string, ManualStatus>
}

const PLATFORM = 'Discord'

/** Every declared component's measurement, by id, in the file's order. */
export function measureComponents (input: MeasureInput): Map<string, Measurement> {
  const result = new Map<string, Measurement>()
  for (const component of input.declaration.components) result.set(component.id, measure(component, input))
  return result
}

function measure (component: DeclaredComponent, input: MeasureInput): Measurement {
  const { check } = component
  switch (check.kind) {
    case 'builtin': {
      const probe = input.builtin[check.probe]
      return fromProbe(probe, check.probe === 'cache' ? 'partial_outage' : 'major_outage')
    }
    case 'manual': {
      const set = input.manual?.get(component.id)
      if (set === undefined) return { status: 'ok', latencyMs: null, public: 'operational' }
      return { status: healthStatusOf(set.status), latencyMs: null, public: set.status, ...(set.message === undefined ? {} : { message: set.message }) }
    }
    case 'platform': {
      if (input.platform === undefined) return unknown(`${PLATFORM}'s status is not available right now.`)
      const mirrored = input.platform.components.find((candidate) => candidate.name === check.component)
      if (mirrored === undefined) return unknown(`${PLATFORM}'s status page does not list this component right now.`)
      return {
        status: healthStatusOf(mirrored.status),
        latencyMs: null,
        public: mirrored.status,
        message: `As reported on ${PLATFORM}'s status page${input.platform.stale ? ' (last known status)' : ''}.`
      }
    }
    default: {
      const probe = input.checks?.get(component.id)
      return probe === undefined ? unknown('Not checked yet.') : fromProbe(probe, 'major_outage')
    }
  }
}

function unknown (message: string): Measurement {
  return { status: 'unknown', latencyMs: null, message, public: undefined }
}

function fromProbe (probe: ProbeResult, downIs: 'partial_outage' | 'major_outage'): Measurement {
  const mapped = probe.status === 'ok' ? 'operational' : probe.status === 'degraded' ? 'degraded_performance' : probe.status === 'down' ? downIs : undefined
  return { ...probe, public: mapped }
}

/** A Statuspage status in the health vocabulary: an outage of part of a component is `degraded`, of all of it `down`. */
export function healthStatusOf (status: PublicComponentStatus): ComponentStatus {
  switch (status) {
    case 'operational': return 'ok'
    case 'major_outage': return 'down'
    default: return 'degraded'
  }
}
