// Strong ETags: a short hash of the exact bytes sent.
import { createHash } from 'node:crypto'

/** A strong ETag over the exact bytes sent. */
export function etagOf (body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`
}
