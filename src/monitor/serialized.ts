// A body serialised once, with its strong ETag: what the health routes send without touching the database.
import { etagOf } from '../http/headers.ts'

export interface Serialized<T> {
  value: T
  bytes: Buffer
  etag: string
}

export function serialize<T> (value: T): Serialized<T> {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8')
  return { value, bytes, etag: etagOf(bytes) }
}
