// The database component as the last write saw it: a ping can answer while every write fails (a held lock, a full
// disk, a read-only file). The probe's `ok` becomes `degraded` with a public-safe reason until a write succeeds.
import type { WriteFailure } from '../store/write-errors.ts'
import type { ProbeResult } from './probes/probe.ts'

const MESSAGES: Record<WriteFailure, string> = {
  waiting: 'Writes are waiting for the database; checks are kept in memory until they can be written.',
  full: 'The database disk is full; checks are kept in memory until they can be written.',
  read_only: 'The database is read-only; checks are kept in memory until they can be written.',
  damaged: 'The database file is damaged; checks are kept in memory.',
  failed: 'The database does not accept writes; checks are kept in memory until it does.'
}

export class WriteState {
  #failure: WriteFailure | undefined
  /** Monotonic time of the first failure in the current run of failures. */
  #failingSince = 0

  /** A write went through (or the database is down, which explains any failed write by itself). */
  succeeded (): void { this.#failure = undefined }

  failed (failure: WriteFailure, monotonicNow: number): void {
    if (this.#failure === undefined) this.#failingSince = monotonicNow
    this.#failure = failure
  }

  get failure (): WriteFailure | undefined { return this.#failure }

  /**
   * The probe's result in the light of the last write. A wait counts once it has lasted `patienceMs` (a lock
   * held for a moment by the CLI is normal); any other failure counts at once. A probe that is not `ok` wins.
   */
  judge (probe: ProbeResult, monotonicNow: number, patienceMs: number): ProbeResult {
    const failure = this.#failure
    if (probe.status !== 'ok' || failure === undefined) return probe
    if (failure === 'waiting' && monotonicNow - this.#failingSince < patienceMs) return probe
    return { status: 'degraded', latencyMs: probe.latencyMs, message: MESSAGES[failure] }
  }
}
