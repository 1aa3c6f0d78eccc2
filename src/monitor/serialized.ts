// A body serialised once, with its strong ETag: what the health routes send without touching the database.
import { etagOf } from '../http/headers.ts'

export interface Serialized<T> {
  value: T
  /** The JSON text; sent as a string, Node writes it with the headers in one system call. */
  json: string
  etag: string
}

export function serialize<T> (value: T): Serialized<T> {
  const json = JSON.stringify(value)
  return { value, json, etag: etagOf(json) }
}
