// Builds the health body (DESIGN §4) from probe results; the overall status follows the rule in status.ts.
import type { MeasuredHealthBody } from '../api/health.ts'
import type { BotProbeResult, ProbeResult } from './probes/probe.ts'
import { overallStatus } from './status.ts'

export interface ProbeResults {
  database: ProbeResult
  cache: ProbeResult
  bot: BotProbeResult
}

export function buildHealthBody (input: {
  results: ProbeResults
  version: string
  startedAt: number
  checkedAt: number
  /** Time since start on the monotonic clock: a step of the wall clock does not change it. */
  uptimeMs: number
  maintenance: boolean
}): MeasuredHealthBody {
  const { results } = input
  return {
    status: overallStatus({ database: results.database.status, cache: results.cache.status, bot: results.bot.status }),
    version: input.version,
    uptimeSeconds: Math.max(0, Math.floor(input.uptimeMs / 1000)),
    startedAt: new Date(input.startedAt).toISOString(),
    checkedAt: new Date(input.checkedAt).toISOString(),
    maintenance: input.maintenance,
    components: {
      database: component(results.database),
      cache: component(results.cache),
      bot: { ...component(results.bot), shards: results.bot.shards }
    }
  }
}

function component (result: ProbeResult): ProbeResult {
  return {
    status: result.status,
    latencyMs: result.latencyMs,
    ...(result.message === undefined ? {} : { message: result.message })
  }
}
