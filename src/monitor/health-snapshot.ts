// The latest round's probes, the declared components measured from them, and the health body serialised once for every request.
import type { MeasuredHealthBody } from '../api/health.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import type { Clock } from '../lib/clock.ts'
import { serialize, type Serialized } from '../lib/serialized.ts'
import type { PlatformStatus } from '../platform/platform-status.ts'
import { buildHealthBody, type ProbeResults } from './health-body.ts'
import { measureComponents, type ManualStatus, type Measurement } from './measure.ts'
import type { ProbeResult } from './probes/probe.ts'
import { VERSION } from './version.ts'

/** The declared components as the last round measured them. */
export interface Measurements {
  /** When the round measured them (ISO 8601, the health body's `checkedAt`). */
  checkedAt: string
  /** Every declared component's measurement by id, in the file's order. */
  components: ReadonlyMap<string, Measurement>
}

export interface HealthSnapshot extends Serialized<MeasuredHealthBody> {
  statusCode: 200 | 503
}

export interface HealthSnapshotOptions {
  declaration: StatusDeclaration
  /** Its monotonic reading dates each round's measurements (the body's uptime). */
  clock: Pick<Clock, 'monotonic'>
  /** The process's start, on the wall clock (the body's `startedAt`) and on the monotonic clock (its uptime). */
  startedAt: number
  startedMono: number
  /** Whether a maintenance window is active now; cheap; an exception counts as no. Default: never. */
  isMaintenanceActive?: () => boolean
  /** The latest results of the declared http, tcp and push checks; cheap. */
  checks?: () => ReadonlyMap<string, ProbeResult>
  /** The chat platform's status as last fetched, for `platform` components. */
  platform?: Pick<PlatformStatus, 'latest'>
  /** What operators set on `manual` components; cheap; an exception counts as none set. */
  manualStatuses?: () => ReadonlyMap<string, ManualStatus>
}

export interface HealthSnapshots {
  /** A round's results: measures the declared components, publishes the snapshot and returns its body. */
  publishRound (probes: ProbeResults, checkedAt: number): MeasuredHealthBody
  /** The database's verdict after the round's write: when it differs, measures again and returns the new body; else undefined. */
  rejudgeDatabase (database: ProbeResult): MeasuredHealthBody | undefined
  /** The latest snapshot (published again first when maintenance began or ended); undefined before the first round. */
  current (): HealthSnapshot | undefined
  /** The declared components' measurements of the latest round (held, not computed); undefined before the first. */
  measurements (): Measurements | undefined
  /** Measures the latest probes again and publishes (what operators set changed); nothing before the first round. */
  remeasure (): void
}

export function createHealthSnapshots (options: HealthSnapshotOptions): HealthSnapshots {
  const { declaration, clock, startedAt, startedMono } = options
  const isMaintenanceActive = options.isMaintenanceActive ?? (() => false)
  let results: { probes: ProbeResults, measurements: Measurements, checkedAt: number, checkedMono: number } | undefined
  let snapshot: HealthSnapshot | undefined

  const maintenanceNow = () => {
    try {
      return isMaintenanceActive()
    } catch {
      return false
    }
  }

  const measure = (probes: ProbeResults, checkedAt: number): Measurements => ({
    checkedAt: new Date(checkedAt).toISOString(),
    components: measureComponents({ declaration, builtin: probes, checks: options.checks?.(), platform: options.platform?.latest(), manual: manualNow() })
  })

  const manualNow = () => {
    try {
      return options.manualStatuses?.()
    } catch {
      return undefined
    }
  }

  const publish = (maintenance: boolean): HealthSnapshot => {
    const body = buildHealthBody({
      results: results!.probes,
      declaration,
      measurements: results!.measurements.components,
      version: VERSION,
      startedAt,
      checkedAt: results!.checkedAt,
      uptimeMs: results!.checkedMono - startedMono,
      maintenance
    })
    snapshot = { ...serialize(body), statusCode: body.status === 'down' ? 503 : 200 }
    return snapshot
  }

  return {
    publishRound (probes, checkedAt) {
      results = { probes, measurements: measure(probes, checkedAt), checkedAt, checkedMono: clock.monotonic() }
      return publish(maintenanceNow()).value
    },
    rejudgeDatabase (database) {
      if (results === undefined) return undefined
      if (database.status === results.probes.database.status && database.message === results.probes.database.message) return undefined
      const judged = { ...results.probes, database }
      results = { ...results, probes: judged, measurements: measure(judged, results.checkedAt) }
      return publish(maintenanceNow()).value
    },
    current () {
      if (snapshot === undefined) return undefined
      const maintenance = maintenanceNow()
      return maintenance === snapshot.value.maintenance ? snapshot : publish(maintenance)
    },
    measurements: () => results?.measurements,
    remeasure () {
      if (results === undefined) return
      results = { ...results, measurements: measure(results.probes, results.checkedAt) }
      publish(maintenanceNow())
    }
  }
}
