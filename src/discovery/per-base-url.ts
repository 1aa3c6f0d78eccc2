// A document rendered once per base URL and kept as bytes with its ETag; bounded, because without PUBLIC_BASE_URL the
// base comes from the request's Host and a client could otherwise make it grow without end.
import { etagOf } from '../http/headers.ts'

export interface Rendered {
  /** Bytes, so Fastify sends the content type exactly as set (it appends a charset to JSON types given a string). */
  body: Buffer
  etag: string
}

export const MAX_BASE_URLS = 16

/** Memoises `render(baseUrl)` for the most recent MAX_BASE_URLS base URLs (the oldest is dropped first). */
export function perBaseUrl (render: (baseUrl: string) => string): (baseUrl: string) => Rendered {
  const rendered = new Map<string, Rendered>()
  return (baseUrl) => {
    let entry = rendered.get(baseUrl)
    if (entry === undefined) {
      const body = Buffer.from(render(baseUrl))
      entry = { body, etag: etagOf(body) }
      if (rendered.size >= MAX_BASE_URLS) rendered.delete(rendered.keys().next().value!)
      rendered.set(baseUrl, entry)
    }
    return entry
  }
}
