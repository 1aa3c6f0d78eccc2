// The br and gzip variants of a body that is sent many times: each compressed once, on first use, and kept with its
// own strong ETag (DESIGN §9 "Compression"). Small bodies are not worth it: below COMPRESS_FROM they have none.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { etagOf } from './etag.ts'

export type ContentCoding = 'br' | 'gzip'

/** One encoding of a body: the bytes to send and their ETag. */
export interface EncodedBody {
  payload: Buffer
  etag: string
}

/** Returns a body's variant in a coding, compressing it the first time it is asked for and never again. */
export type CompressedVariants = (coding: ContentCoding) => EncodedBody

export const COMPRESS_FROM = 1024

/**
 * How hard to compress: each variant is made on the first request that asks for it, so start-up pays nothing, but
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
  if (Buffer.byteLength(body) < COMPRESS_FROM) return undefined
  let br: EncodedBody | undefined
  let gzip: EncodedBody | undefined
  return (coding) => {
    if (coding === 'br') return (br ??= encoded(brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[durability],
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body)
      }
    })))
    return (gzip ??= encoded(gzipSync(body, { level: GZIP_LEVEL })))
  }
}

function encoded (payload: Buffer): EncodedBody {
  return { payload, etag: etagOf(payload) }
}
