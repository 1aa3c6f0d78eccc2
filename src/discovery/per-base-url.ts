// A document rendered once per base URL and kept as bytes with its ETag (and compressed variants); bounded, because without PUBLIC_BASE_URL the
// base comes from the request's Host and a client could otherwise make it grow without end.
import { LruCache } from '../lib/lru.ts'
import { sendableBytes, type SendableBody } from '../lib/serialized.ts'

/** Bytes, so Fastify sends the content type exactly as set (it appends a charset to JSON types given a string). */
export type Rendered = SendableBody

export const MAX_BASE_URLS = 16

/** Memoises `render(baseUrl)` for the MAX_BASE_URLS most recently used base URLs. */
export function perBaseUrl (render: (baseUrl: string) => string): (baseUrl: string) => Rendered {
  const rendered = new LruCache<string, Rendered>(MAX_BASE_URLS)
  return (baseUrl) => rendered.getOrSet(baseUrl, () => sendableBytes(Buffer.from(render(baseUrl))))
}
