// The br and gzip variants of a body: each compressed once, when first asked for (its first send included), and kept
// with its own strong ETag (docs/en/api.md#compression). Small bodies are not worth it: below COMPRESS_FROM they have none.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { etagOf } from './etag.ts'

export type ContentCoding = 'br' | 'gzip'

/** One encoding of a body: the bytes to send and their ETag. */
export interface EncodedBody {
  payload: Buffer
  etag: string
}

/**
 * Called on every send of a body, with the coding the client accepts (undefined: none): the variant to send, or
 * undefined to send the body as it is. Each coding's variant is made when first asked for, on the body's first send
 * too, then kept: a rebuilt status page is asked for once or twice on a quiet site, and sending those answers as they
 * are cost every such visitor 15–25 times the bytes (issue 34). Bodies made for one request and not kept (a search
 * answer or a Host asked for once, src/lib/lru.ts) are compressed as well; what that costs is measured in
 * bench/README.md ("First answers compressed").
 */
export type CompressedVariants = (coding: ContentCoding | undefined) => EncodedBody | undefined

const COMPRESS_FROM = 1024

/**
 * How hard to compress: each variant is made on the request that first asks for it, so start-up pays nothing, but
 * that request waits for it (zlib's sync calls hold the event loop). Bodies built once for the process's life
 * (documentation pages, discovery documents, assets) take brotli quality 10: the 68 KB OpenAPI document becomes
 * 7.1 KB in ~50 ms, where quality 11 gains 2 % more for ~190 ms. Bodies rebuilt while running (health, history,
 * the status page every probe round, search answers) take quality 5, about gzip's cost: the 66 KB status page in
 * ~1 ms to 3.2 KB (11: ~190 ms, 2.7 KB).
 */
export type Durability = 'lasting' | 'rebuilt'
const BROTLI_QUALITY: Record<Durability, number> = { lasting: 10, rebuilt: 5 }
const GZIP_LEVEL = 6

/** The compressed variants of `body`, or undefined when it is too small to gain from compression. */
export function compressedVariants (body: string | Buffer, durability: Durability): CompressedVariants | undefined {
  const bytes = Buffer.byteLength(body)
  if (bytes < COMPRESS_FROM) return undefined
  let br: EncodedBody | undefined
  let gzip: EncodedBody | undefined
  // zlib writes into 64 KiB buffers and returns a slice of one: a smaller one, what JSON and HTML compress to.
  const chunkSize = Math.max(COMPRESS_FROM, Math.ceil(bytes / 8))
  // A window no larger than the body (brotli's default is 4 MiB): the same bytes out, a quarter of the time for a
  // 3.5 KB search answer (0.12 ms instead of 0.5), which matters now that one-off answers are compressed too.
  const windowBits = Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes))))
  return (coding) => {
    if (coding === 'br') {
      return (br ??= encoded(brotliCompressSync(body, {
        chunkSize,
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[durability], [constants.BROTLI_PARAM_SIZE_HINT]: bytes, [constants.BROTLI_PARAM_LGWIN]: windowBits }
      })))
    }
    if (coding === 'gzip') return (gzip ??= encoded(gzipSync(body, { level: GZIP_LEVEL, chunkSize })))
    return undefined
  }
}

/** A variant kept as its own bytes: copied out of zlib's buffer when it fills only part of it. */
function encoded (compressed: Buffer): EncodedBody {
  const { buffer, byteOffset, length } = compressed
  const payload = buffer.byteLength === length ? compressed : Buffer.from(buffer.slice(byteOffset, byteOffset + length))
  return { payload, etag: etagOf(payload) }
}
