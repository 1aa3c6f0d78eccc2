// A body serialised once, with its strong ETag: routes that answer from memory (health, history, incidents,
// platform status, docs) never re-serialise or re-hash per request.
import { etagOf } from './etag.ts'

export const JSON_TYPE = 'application/json; charset=utf-8'
export const HTML_TYPE = 'text/html; charset=utf-8'

export interface Serialized<T> {
  value: T
  /**
   * What to send: a small ASCII body as a string (Node writes it with the headers in one go), anything larger or
   * beyond ASCII as the encoded bytes, so it is not UTF-8-encoded and measured again on every request.
   */
  payload: string | Buffer
  etag: string
}

const ENCODE_ONCE_ABOVE = 16 * 1024

/** Text (JSON or HTML) ready to send: encoded once when large or not ASCII, hashed once. */
export function encodeOnce<T> (value: T, text: string): Serialized<T> {
  // eslint-disable-next-line no-control-regex
  const payload = text.length > ENCODE_ONCE_ABOVE || /[^\x00-\x7f]/.test(text) ? Buffer.from(text, 'utf8') : text
  return { value, payload, etag: etagOf(text) }
}

export function serialize<T> (value: T): Serialized<T> {
  return encodeOnce(value, JSON.stringify(value))
}
