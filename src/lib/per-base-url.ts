// A document or page that embeds {base_url}, kept as bytes with its ETag (and compressed variants) per base URL; bounded,
// because without PUBLIC_BASE_URL the base comes from the request's Host and a client could otherwise make it grow without end.
import { etagOf } from './etag.ts'
import { LruCache } from './lru.ts'
import { ORIGIN_PLACEHOLDER } from './origin-placeholder.ts'
import { heldBytes, sendableBytes, type SendableBody } from './serialized.ts'

/** Bytes, so Fastify sends the content type exactly as set (it appends a charset to JSON types given a string). */
export type Rendered = SendableBody

export const MAX_BASE_URLS = 16
/**
 * And the most one document's copies hold together (src/lib/serialized.ts heldBytes: bytes and compressed variants):
 * the largest document (the 270 KB OpenAPI) keeps 7 hosts instead of MAX_BASE_URLS (docs/en/operations.md#memory).
 */
const MAX_BYTES_PER_DOCUMENT = 4 * 1024 * 1024
/** A base URL's copy is kept when asked for again among the next this many new base URLs (src/lib/lru.ts). */
export const SECOND_ASK_WITHIN = 64

/** A second stand-in, to check that a document puts its base URL in verbatim. */
const CHECK = 'https://check.placeholder.invalid:8443'

/**
 * Memoises `render(baseUrl)` for the MAX_BASE_URLS most recently used base URLs. The document is rendered once, with
 * ORIGIN_PLACEHOLDER as its base URL, and cut where it appears; a new base URL costs joining those pieces (and hashing), not a
 * regeneration, so varying Host cannot make an expensive document expensive. Base URLs are validated origins (no
 * character JSON, XML or Markdown would escape). A document that uses its base URL other than verbatim (it would
 * not match a second rendering) is rendered per base URL as before.
 */
export function perBaseUrl (render: (baseUrl: string) => string): (baseUrl: string) => Rendered {
  const rendered = new LruCache<string, Rendered>(MAX_BASE_URLS, { max: MAX_BYTES_PER_DOCUMENT, of: heldBytes }, SECOND_ASK_WITHIN)
  let template: { pieces: Buffer[], etag: string } | null | undefined
  const templateOnce = () => {
    if (template === undefined) {
      const text = render(ORIGIN_PLACEHOLDER)
      const split = text.split(ORIGIN_PLACEHOLDER)
      template = split.join(CHECK) === render(CHECK) ? { pieces: split.map((piece) => Buffer.from(piece)), etag: etagOf(text) } : null
    }
    return template
  }
  return (baseUrl) => rendered.getOrSet(baseUrl, () => {
    const parts = templateOnce()
    // Compressed, if asked, at the level of bodies rebuilt while running: a new Host must not cost a slow compression.
    if (parts === null) return sendableBytes(Buffer.from(render(baseUrl)), 'rebuilt')
    const base = Buffer.from(baseUrl)
    const body = Buffer.concat(parts.pieces.flatMap((piece, i) => i === 0 ? [piece] : [base, piece]))
    // The bytes are the template's with this base URL: hashing both names them as surely as hashing the body.
    return sendableBytes(body, 'rebuilt', etagOf(`${parts.etag} ${baseUrl}`))
  })
}
