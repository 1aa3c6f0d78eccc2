// A body serialised once, with its strong ETag: what the health routes send without touching the database.
import { etagOf } from '../http/headers.ts'

export interface Serialized<T> {
  value: T
  /**
   * What to send: a small body as a string (Node writes it in one call with the headers), a large one as
   * the encoded bytes (so it is not re-encoded per request).
   */
  payload: string | Buffer
  etag: string
}

const ENCODE_ONCE_ABOVE = 16 * 1024

export function serialize<T> (value: T): Serialized<T> {
  const json = JSON.stringify(value)
  const payload = json.length > ENCODE_ONCE_ABOVE ? Buffer.from(json, 'utf8') : json
  return { value, payload, etag: etagOf(json) }
}
