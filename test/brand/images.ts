// Real image files made in a test: a PNG a browser decodes (IHDR, deflated IDAT, IEND, each with its CRC-32), WebP
// headers as each of its three kinds begins (VP8, VP8L, VP8X) in a RIFF container of the right size, and fakes that
// only begin like an image.
import zlib from 'node:zlib'

function chunk (type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A grey PNG of this size (8-bit greyscale). */
export function png (width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth; colour type 0 (grey), compression, filter and interlace 0
  const rows = Buffer.alloc((width + 1) * height, 0x80)
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0 // each scanline's filter byte: none
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

/** A WebP of one kind stating this size, `length` bytes long (padded with a chunk of its own after the image's). */
export function webp (kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number, length = 40): Buffer {
  const bytes = Buffer.alloc(length)
  bytes.write('RIFF', 0, 'latin1')
  bytes.writeUInt32LE(length - 8, 4)
  bytes.write('WEBP', 8, 'latin1')
  bytes.write(kind, 12, 'latin1')
  bytes.writeUInt32LE(12, 16)
  if (kind === 'VP8 ') {
    bytes.set([0x9d, 0x01, 0x2a], 23) // the key frame's start code
    bytes.writeUInt16LE(width, 26)
    bytes.writeUInt16LE(height, 28)
  } else if (kind === 'VP8L') {
    bytes[20] = 0x2f
    bytes.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 21)
  } else {
    bytes.writeUIntLE(width - 1, 24, 3)
    bytes.writeUIntLE(height - 1, 27, 3)
  }
  if (length >= 40) {
    bytes.write('PADS', 32, 'latin1')
    bytes.writeUInt32LE(length - 40, 36)
  }
  return bytes
}
