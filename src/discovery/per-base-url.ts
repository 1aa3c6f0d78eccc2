// A document rendered once per base URL and kept as bytes with its ETag; bounded, because without PUBLIC_BASE_URL the
// base comes from the request's Host and a client could otherwise make it grow without end.
import { etagOf } from '../lib/etag.ts'
import { LruCache } from '../lib/lru.ts'

export interface Rendered {
  /** Bytes, so Fastify sends the content type exactly as set (it appends a charset to JSON types given a string). */
  body: Buffer
  etag: string
}

export const MAX_BASE_URLS = 16

/** Memoises `render(baseUrl)` for the MAX_BASE_URLS most recently used base URLs. */
export function perBaseUrl (render: (baseUrl: string) => string): (baseUrl: string) => Rendered {
  const rendered = new LruCache<string, Rendered>(MAX_BASE_URLS)
  return (baseUrl) => rendered.getOrSet(baseUrl, () => {
    const body = Buffer.from(render(baseUrl))
    return { body, etag: etagOf(body) }
  })
}
