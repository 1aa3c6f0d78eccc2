// The one set of operator operations (docs/en/architecture.md#operator-api) behind three front doors — the CLI, the operator API and Discord
// commands — with two implementations: ./local.ts on this instance's store, ./remote.ts on another one's operator API.
import type { HeartbeatReport } from '../bot/heartbeat-reporter.ts'
import type { PushInput } from '../checks/push.ts'
import type { TypedIncident, TypedOpening, TypedWindow } from '../incidents/input.ts'
import type { EndedMaintenance, ForgottenShards, HeartbeatsAnswer, ManualStatusAnswer, OperatorIncident, OperatorMaintenance, OperatorSeries, PushAnswer, ScheduledMaintenance } from './answers.ts'
import type { ManualComponentInput } from './manual-components.ts'

/**
 * Input comes as typed (strings, checked by the shared checks of src/incidents/input.ts and the domain's own); ids are
 * checked numbers. A refusal is an InvalidInput with the one-line reason (the local checks', or a remote instance's 400
 * detail), which each front door words as it always has: exit code 2, a 400 problem, an ephemeral Discord answer.
 * Anything else (a write the database did not take, an unreachable instance) is an Error of its own.
 */
export interface Operations {
  /** Opens an incident with its first update; from a template, the options given override the template's. */
  openIncident (input: TypedOpening): Promise<OperatorIncident>
  /** Adds an update to an open incident; components given replace the ones it affects. */
  updateIncident (id: number, input: Omit<TypedIncident, 'title' | 'impact'>): Promise<OperatorIncident>
  /** Resolves an open incident with a last update (the default message when none is given). */
  resolveIncident (id: number, message: string | undefined): Promise<OperatorIncident>
  /** Open incidents, then (all) those resolved in the last 90 days; newest first within each. */
  listIncidents (state: 'open' | 'all'): Promise<OperatorIncident[]>
  /**
   * Schedules a window, its times in the CLI's forms (now, +2h, ISO 8601 with a zone, a local time with a zone given);
   * with a rule, a series: the answer is its first occurrence, the series in `series`.
   */
  scheduleMaintenance (input: TypedWindow): Promise<ScheduledMaintenance>
  /** A series with its next 10 occurrences. */
  getSeries (id: string): Promise<OperatorSeries>
  /** Ends a series: no new occurrences; a running one ends now. */
  endSeries (id: string): Promise<OperatorSeries>
  /** Series not ended, and those ended in the last 30 days. */
  listSeries (): Promise<OperatorSeries[]>
  /** Ends an active window now, or cancels one that has not started (`was` says which). */
  endMaintenance (id: number): Promise<EndedMaintenance>
  /** Windows not over yet, and those that ended in the last 30 days. */
  listMaintenance (): Promise<OperatorMaintenance[]>
  /** Sets the status of a component declared `check: { manual: true }`. */
  setComponentStatus (id: string, input: ManualComponentInput): Promise<ManualStatusAnswer>
  /** Clears it: the component is operational again. */
  clearComponentStatus (id: string): Promise<ManualStatusAnswer>
  /** Records shards' heartbeats, all or none. */
  reportHeartbeats (reports: HeartbeatReport[]): Promise<HeartbeatsAnswer>
  /**
   * Deletes the heartbeat rows of the shards named (`7`, `16-31`, `16-`, comma-separated): they leave the shards view
   * with the next probe round, unless they report again.
   */
  forgetShards (shards: string): Promise<ForgottenShards>
  /** Records that a push component is alive, in a status. */
  push (component: string, input: PushInput): Promise<PushAnswer>
}
