// Request ids: a random prefix per process and a counter. As unique across replicas and restarts as the log needs
// (48 random bits per process), without a UUID's cost on every request; X-Request-Id quotes it on errors.
import { randomBytes } from 'node:crypto'

/** A new id sequence, for example `Qm9vLXk3-1a`; the counter says only how many requests this process served. */
export function requestIdSequence (): () => string {
  const prefix = randomBytes(6).toString('base64url')
  let served = 0
  return () => `${prefix}-${(++served).toString(36)}`
}
