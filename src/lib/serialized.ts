// A body serialised once, with its strong ETag and its compressed variants: routes that answer from memory (health,
// history, incidents, platform status, docs, discovery) never re-serialise, re-hash or re-compress per request.
import { bodyBytesMade } from './body-bytes.ts'
import { compressedVariants, type CompressedVariants, type Durability } from './compressed.ts'
import { etagOf } from './etag.ts'

export const JSON_TYPE = 'application/json; charset=utf-8'
export const HTML_TYPE = 'text/html; charset=utf-8'

/** Bytes ready to send as they are, in every coding a client may ask for. */
export interface SendableBody {
  /**
   * What to send: a small ASCII body as a string (Node writes it with the headers in one go), anything larger or
   * beyond ASCII as the encoded bytes, so it is not UTF-8-encoded and measured again on every request.
   */
  payload: string | Buffer
  etag: string
  /** Its br and gzip variants (src/lib/compressed.ts); undefined for bodies under 1 KiB. */
  compressed: CompressedVariants | undefined
}

export interface Serialized<T> extends SendableBody {
  value: T
}

const ENCODE_ONCE_ABOVE = 16 * 1024

/** Text (JSON or HTML) ready to send: encoded once when large or not ASCII, hashed once, compressed once if asked. */
export function encodeOnce<T> (value: T, text: string, durability: Durability = 'rebuilt'): Serialized<T> {
  // eslint-disable-next-line no-control-regex
  const payload = text.length > ENCODE_ONCE_ABOVE || /[^\x00-\x7f]/.test(text) ? ownBytes(text) : text
  return { value, payload, etag: etagOf(text), compressed: compressedVariants(payload, durability) }
}

/**
 * The text's UTF-8 bytes in a buffer of their own: Buffer.from would put a body under 4 KiB in a slice of a shared
 * 8 KiB pool, and a kept body would then hold on to the whole pool (a cache of small answers: twice its bytes).
 */
function ownBytes (text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  bytes.write(text)
  bodyBytesMade(bytes.length)
  return bytes
}

/**
 * Bytes read or rendered (assets, discovery documents, each Host's copy of one) ready to send, counted as made
 * (src/lib/body-bytes.ts); `etag` when the caller already knows one.
 */
export function sendableBytes (bytes: Buffer, durability: Durability = 'lasting', etag = etagOf(bytes)): SendableBody {
  bodyBytesMade(bytes.length)
  return { payload: bytes, etag, compressed: compressedVariants(bytes, durability) }
}

/**
 * What a kept body may come to hold, for caches bounded in bytes (src/lib/lru.ts): its payload, as much again at most
 * for its br and gzip variants once made (each smaller than the payload), and the object itself.
 */
export function heldBytes (body: SendableBody): number {
  const bytes = Buffer.byteLength(body.payload)
  return (body.compressed === undefined ? bytes : 2 * bytes) + 256
}

export function serialize<T> (value: T): Serialized<T> {
  return encodeOnce(value, JSON.stringify(value))
}
