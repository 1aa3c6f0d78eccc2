// What the replicas share in the cache: the last good normalised value and when the latest attempt was made.
import { Type, type Static } from 'typebox'
import { PlatformStatusBody } from '../api/platform-status.ts'
import { validatorOnUse } from '../lib/validator-on-use.ts'

const SnapshotSchema = Type.Object({
  /** The last good value (`stale: false` as fetched), or null before the first success. */
  value: Type.Union([PlatformStatusBody, Type.Null()]),
  /** Milliseconds since the epoch of the latest upstream attempt, successful or not. */
  attemptedAt: Type.Number()
})
export type Snapshot = Static<typeof SnapshotSchema>

const validator = validatorOnUse(SnapshotSchema)

/** The snapshot in a cached string, or undefined when it is not one (another version wrote it, or garbage). */
export async function parseSnapshot (raw: string): Promise<Snapshot | undefined> {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  return (await validator()).Check(parsed) ? parsed : undefined
}
