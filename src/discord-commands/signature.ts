// Discord's request signature (docs/en/architecture.md#discord): Ed25519 over X-Signature-Timestamp + the raw body, checked with node:crypto
// before anything reads the body, and a timestamp at most five minutes from now.
import { createPublicKey, verify, type KeyObject } from 'node:crypto'

/** How far the signed timestamp may be from now, either way. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000

export type SignatureCheck = 'valid' | 'missing' | 'bad' | 'stale'

/** The application's public key (32 raw bytes, as the developer portal shows them in hex) as a key node:crypto verifies with. */
export function interactionKey (raw: Buffer): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' })
}

/** Whether `body` arrived as Discord signed it, at a time close enough to `now`. */
export function checkSignature (key: KeyObject, signature: string | undefined, timestamp: string | undefined, body: Buffer, now: number): SignatureCheck {
  if (signature === undefined || timestamp === undefined || signature === '' || timestamp === '') return 'missing'
  // An Ed25519 signature is 64 bytes: 128 hex digits. Buffer.from(…, 'hex') would silently drop what is not hex.
  if (!/^[0-9a-f]{128}$/i.test(signature) || !/^\d{1,12}$/.test(timestamp)) return 'bad'
  const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), body])
  if (!verify(null, signed, key, Buffer.from(signature, 'hex'))) return 'bad'
  return Math.abs(now - Number(timestamp) * 1000) > MAX_CLOCK_SKEW_MS ? 'stale' : 'valid'
}
