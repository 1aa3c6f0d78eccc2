// The product's logo, dark logo and favicon (docs/en/architecture.md#status-model): svg, png or webp of at most 256 KiB, read once while the
// status file is loaded, and served under a content-hashed name (src/http/routes/brand-assets.ts).
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const MAX_IMAGE_BYTES = 256 * 1024

const TYPES = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp' } as const
type Extension = keyof typeof TYPES

export interface BrandImage {
  /** The file it was read from. */
  file: string
  type: typeof TYPES[Extension]
  bytes: Buffer
  /** Where the service serves it: `/assets/brand/<first 16 hex digits of its SHA-256>.<ext>`, cached for a year. */
  path: string
  /** Its intrinsic size in CSS pixels, for the page's `<img width height>`; undefined for an SVG that states none. */
  size: ImageSize | undefined
}

export interface ImageSize { width: number, height: number }

/**
 * Whether the bytes are an image of the type the extension says (a renamed .gif is not a .png), checked as far as the
 * format's structure goes without decoding pixels: a file that only begins with the right signature (8 bytes of a PNG's)
 * is refused, since a browser shows nothing for it.
 */
function looksLike (extension: Extension, bytes: Buffer): boolean {
  if (extension === '.png') return isPng(bytes)
  if (extension === '.webp') return isWebp(bytes)
  // An SVG is XML text whose root is <svg>: an optional declaration, comments and a doctype may come first; the root
  // closes (`</svg>`, or `<svg …/>`), so a cut-off file is refused.
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  const prolog = String.raw`^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*`
  if (!new RegExp(`${prolog}<svg[\\s/>]`, 'i').test(text.slice(0, 4096))) return false
  return /<\/svg\s*>\s*(?:<!--[\s\S]*?-->\s*)*$/i.test(text) || new RegExp(`${prolog}<svg\\b[^>]*/>\\s*$`, 'i').test(text)
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * A PNG: the signature, then chunks (length, type, data, CRC-32 of type and data) from an IHDR of 13 bytes stating a
 * size above zero, through at least one IDAT, to the IEND that ends the file.
 */
function isPng (bytes: Buffer): boolean {
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false
  let at = 8
  let sawData = false
  for (let index = 0; at + 12 <= bytes.length; index++) {
    const length = bytes.readUInt32BE(at)
    const type = bytes.subarray(at + 4, at + 8).toString('latin1')
    const end = at + 12 + length
    if (length > 0x7fffffff || end > bytes.length) return false
    // CRC-32 of the type and data, as zlib computes it (ISO 3309)
    if (zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return false
    if (index === 0 && (type !== 'IHDR' || length !== 13 || bytes.readUInt32BE(16) === 0 || bytes.readUInt32BE(20) === 0)) return false
    if (type === 'IDAT') sawData = true
    if (type === 'IEND') return sawData && end === bytes.length
    at = end
  }
  return false
}

/**
 * A WebP: a RIFF container whose stated size is the file's, of form WEBP, whose first chunk is a VP8 (lossy, with its
 * start code), VP8L (lossless, with its signature byte) or VP8X (extended) image that fits in the file.
 */
function isWebp (bytes: Buffer): boolean {
  if (bytes.length < 20 || bytes.subarray(0, 4).toString('latin1') !== 'RIFF' || bytes.subarray(8, 12).toString('latin1') !== 'WEBP') return false
  const riffSize = bytes.readUInt32LE(4)
  if (riffSize + 8 !== bytes.length && riffSize + 9 !== bytes.length) return false // a RIFF body of odd length is padded by one byte
  const chunk = bytes.subarray(12, 16).toString('latin1')
  const length = bytes.readUInt32LE(16)
  if (20 + length > bytes.length) return false
  if (chunk === 'VP8 ') return length >= 10 && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a
  if (chunk === 'VP8L') return length >= 5 && bytes[20] === 0x2f
  return chunk === 'VP8X' && length >= 10
}

function kibibytes (bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`
}

/** Why an image is refused, in one line that the status file's reader puts at the key that named it. */
export class BrandImageError extends Error {
  override name = 'BrandImageError'
}

/**
 * The image at `file`, checked: BrandImageError when it is missing, larger than 256 KiB, or not a whole svg, png or webp
 * image (its signature and structure, not only its extension).
 * `shown` is the path as written in the status file, or undefined when it must not be printed.
 */
export function readBrandImage (file: string, shown: string | undefined): BrandImage {
  const named = shown === undefined ? 'the file' : JSON.stringify(shown)
  const extension = path.extname(file).toLowerCase()
  if (!(extension in TYPES)) {
    throw new BrandImageError(`must be an svg, png or webp file (${named} is ${extension === '' ? 'without an extension' : extension})`)
  }
  let size: number
  try {
    const stat = statSync(file)
    if (!stat.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' })
    size = stat.size
  } catch (error) {
    const code = (error as { code?: string }).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : code ?? 'unknown error'
    throw new BrandImageError(`cannot read ${named}: ${reason}`)
  }
  if (size > MAX_IMAGE_BYTES) throw new BrandImageError(`${named} is ${kibibytes(size)}; at most ${kibibytes(MAX_IMAGE_BYTES)}`)
  const bytes = readFileSync(file)
  if (bytes.length > MAX_IMAGE_BYTES) throw new BrandImageError(`${named} is ${kibibytes(bytes.length)}; at most ${kibibytes(MAX_IMAGE_BYTES)}`)
  const ext = extension as Extension
  if (!looksLike(ext, bytes)) throw new BrandImageError(`${named} is not ${ext === '.svg' ? 'an' : 'a'} ${ext.slice(1)} image (its content is of another type, or incomplete)`)
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  return { file, type: TYPES[ext], bytes, path: `/assets/brand/${hash}${ext}`, size: imageSize(ext, bytes) }
}

/** The size a png (IHDR), webp (VP8, VP8L or VP8X header) or svg (the root's width and height, else its viewBox) states. */
function imageSize (extension: Extension, bytes: Buffer): ImageSize | undefined {
  const positive = (size: ImageSize) => size.width > 0 && size.height > 0 && Number.isFinite(size.width) && Number.isFinite(size.height) ? size : undefined
  if (extension === '.png') return bytes.length < 24 ? undefined : positive({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) })
  if (extension === '.webp') {
    const chunk = bytes.subarray(12, 16).toString('latin1')
    if (chunk === 'VP8 ' && bytes.length >= 30) return positive({ width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff })
    if (chunk === 'VP8L' && bytes.length >= 25) {
      const bits = bytes.readUInt32LE(21)
      return positive({ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 })
    }
    if (chunk === 'VP8X' && bytes.length >= 30) return positive({ width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 })
    return undefined
  }
  const root = /<svg\b([^>]*)>/i.exec(bytes.subarray(0, 8192).toString('utf8'))?.[1] ?? ''
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1]?.trim()
  const pixels = (value: string | undefined) => value !== undefined && /^\d+(?:\.\d+)?(?:px)?$/.test(value) ? Number.parseFloat(value) : undefined
  const width = pixels(attribute('width'))
  const height = pixels(attribute('height'))
  if (width !== undefined && height !== undefined) return positive({ width, height })
  const box = attribute('viewBox')?.split(/[\s,]+/).map(Number)
  return box?.length === 4 ? positive({ width: box[2]!, height: box[3]! }) : undefined
}
