// Builds the health body (docs/en/architecture.md#api-contract, docs/en/architecture.md#status-model) from the probe results and the declared components' measurements: the spec's
// three always, then every other declared component; the overall status follows the rule in status.ts, and a declared
// component's `down` makes it `degraded`, or `down` when the component is critical.
import type { MeasuredHealthBody } from '../api/health.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import type { Measurement } from './measure.ts'
import type { BotProbeResult, ProbeResult } from './probes/probe.ts'
import { overallStatus, worse, type OverallStatus } from './status.ts'

export interface ProbeResults {
  database: ProbeResult
  cache: ProbeResult
  bot: BotProbeResult
}

export function buildHealthBody (input: {
  results: ProbeResults
  /** Declared components; without one, the spec's three alone. */
  declaration?: StatusDeclaration
  /** Each declared component's measurement by id (src/monitor/measure.ts). */
  measurements?: ReadonlyMap<string, Measurement>
  version: string
  startedAt: number
  checkedAt: number
  /** Time since start on the monotonic clock: a step of the wall clock does not change it. */
  uptimeMs: number
  maintenance: boolean
}): MeasuredHealthBody {
  const { results } = input
  const components: Record<string, ProbeResult> = {
    database: component(results.database),
    cache: component(results.cache),
    bot: { ...component(results.bot), shards: results.bot.shards } as ProbeResult
  }
  const declared = input.declaration?.components ?? []
  for (const { id } of declared) {
    const measurement = input.measurements?.get(id)
    if (!(id in components) && measurement !== undefined) components[id] = component(measurement)
  }
  return {
    status: withDeclared(overallStatus({ database: results.database.status, cache: results.cache.status, bot: results.bot.status }), declared, components),
    version: input.version,
    uptimeSeconds: Math.max(0, Math.floor(input.uptimeMs / 1000)),
    startedAt: new Date(input.startedAt).toISOString(),
    checkedAt: new Date(input.checkedAt).toISOString(),
    maintenance: input.maintenance,
    components: components as MeasuredHealthBody['components']
  }
}

/**
 * §4's rule applied to every declared component as the body shows it: `degraded` counts as it does for the three;
 * `down` makes the overall `degraded`, or `down` for a critical one; `unknown` never counts.
 */
function withDeclared (status: OverallStatus, declared: StatusDeclaration['components'], components: Record<string, ProbeResult>): OverallStatus {
  let result = status
  for (const { id, critical } of declared) {
    const shown = components[id]?.status
    if (shown === 'down') result = worse(result, critical ? 'down' : 'degraded')
    else if (shown === 'degraded') result = worse(result, 'degraded')
  }
  return result
}

function component (result: ProbeResult): ProbeResult {
  return {
    status: result.status,
    latencyMs: result.latencyMs,
    ...(result.message === undefined ? {} : { message: result.message })
  }
}
