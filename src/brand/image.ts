// The product's logo, dark logo and favicon (DESIGN §10): svg, png or webp of at most 256 KiB, read once while the
// status file is loaded, and served under a content-hashed name (src/http/routes/brand-assets.ts).
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'

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
}

/** Whether the bytes are what the extension says (a renamed .gif is not a .png). */
function looksLike (extension: Extension, bytes: Buffer): boolean {
  if (extension === '.png') return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  if (extension === '.webp') return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  // An SVG is XML text whose root is <svg>: an optional declaration, comments and a doctype may come first.
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '')
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)
}

function kibibytes (bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`
}

/** Why an image is refused, in one line that the status file's reader puts at the key that named it. */
export class BrandImageError extends Error {
  override name = 'BrandImageError'
}

/**
 * The image at `file`, checked: BrandImageError when it is missing, larger than 256 KiB, or not an svg, png or webp.
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
  if (!looksLike(ext, bytes)) throw new BrandImageError(`${named} is not ${ext === '.svg' ? 'an' : 'a'} ${ext.slice(1)} image (its content is of another type)`)
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  return { file, type: TYPES[ext], bytes, path: `/assets/brand/${hash}${ext}` }
}
