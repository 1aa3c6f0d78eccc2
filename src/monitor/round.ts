// One monitor round: probe, migrate once the database answers, publish, record the minute, re-judge the write, notify, start the upkeep.
import type { Logger } from 'pino'
import type { MeasuredHealthBody } from '../api/health.ts'
import type { Clock } from '../lib/clock.ts'
import { classifyWriteError } from '../store/write-errors.ts'
import type { ProbeResults } from './health-body.ts'
import type { HealthSnapshots } from './health-snapshot.ts'
import type { MinuteRecorder } from './minute-recorder.ts'
import type { WriteState } from './write-state.ts'

export interface RoundOptions {
  /** The round's probes (./probe-round.ts). */
  probe: () => Promise<ProbeResults>
  /** Brings the schema up to date once the database answers; a no-op once done. */
  ensureSchema: (() => Promise<void>) | undefined
  /** The last write's outcome, which judges the database probe (./write-state.ts). */
  writes: Pick<WriteState, 'judge'>
  snapshots: Pick<HealthSnapshots, 'publishRound' | 'rejudgeDatabase'>
  recorder: Pick<MinuteRecorder, 'record'>
  /** Told of each round's body; must not reject. */
  onRound: ((body: MeasuredHealthBody) => Promise<void>) | undefined
  /** Starts the upkeep after a round whose database answered (./upkeep.ts). */
  startUpkeep: (checkedAt: number) => Promise<void>
  clock: Clock
  /** The probe interval: how long a write may wait for the database before it counts. */
  intervalMs: number
  logger: Logger
}

export interface RoundOutcome {
  body: MeasuredHealthBody
  /** The upkeep the round started (none when the database did not answer). */
  upkept: Promise<void> | undefined
}

export function createRound (options: RoundOptions): () => Promise<RoundOutcome> {
  const { probe, ensureSchema, writes, snapshots, recorder, onRound, startUpkeep, clock, intervalMs, logger } = options

  return async () => {
    const probed = await probe()
    const databaseResult = probed.database
    if (databaseResult.status === 'ok' && ensureSchema !== undefined) {
      try {
        await ensureSchema()
      } catch (error) {
        logger.warn({ reason: classifyWriteError(error) }, 'the database answers but could not be migrated yet')
      }
    }
    const checkedAt = clock.now()
    const judgeDatabase = () => writes.judge(databaseResult, clock.monotonic(), intervalMs)
    const probes: ProbeResults = { database: judgeDatabase(), cache: probed.cache, bot: probed.bot }
    let body = snapshots.publishRound(probes, checkedAt)
    await recorder.record(body, databaseResult.status === 'ok')
    // The write just made may have changed the verdict (a first failure, or the first success after failures).
    body = snapshots.rejudgeDatabase(judgeDatabase()) ?? body
    await onRound?.(body)
    return { body, upkept: databaseResult.status === 'ok' ? startUpkeep(checkedAt) : undefined }
  }
}
