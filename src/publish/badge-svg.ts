// A badge as SVG in Shields' "flat" style, byte for byte what badge-maker renders for the badges we make (our labels
// and messages are ASCII words and numbers): without badge-maker's Unicode width tables, ~8 MB of a server's memory.
// test/publish/badge-svg.test.ts holds the two equal.

/** Verdana 11px advance widths of the printable ASCII characters (32–126), as Shields measures text. */
const ASCII_WIDTHS = [
  3.87, 4.33, 5.05, 9, 6.99, 11.84, 7.99, 2.95, 5, 5, 6.99, 9, 4, 5, 4, 5, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99,
  6.99, 6.99, 5, 5, 9, 9, 9, 6, 11, 7.52, 7.54, 7.68, 8.48, 6.96, 6.32, 8.53, 8.27, 4.63, 5, 7.62, 6.12, 9.27, 8.23, 8.66,
  6.63, 8.66, 7.65, 7.52, 6.78, 8.05, 7.52, 10.88, 7.54, 6.77, 7.54, 5, 5, 5, 9, 6.99, 6.99, 6.61, 6.85, 5.73, 6.85, 6.55,
  3.87, 6.85, 6.96, 3.02, 3.79, 6.51, 3.02, 10.7, 6.96, 6.68, 6.85, 6.85, 4.69, 5.73, 4.33, 6.96, 6.51, 9, 6.51, 6.51, 5.78,
  6.98, 5, 6.98, 9
]
/** Any other character counts as wide as "m", as Shields guesses for characters it has no width for. */
const OTHER_WIDTH = 10.7
const HEIGHT = 20
const PADDING = 5
const FONT_FAMILY = 'Verdana,Geneva,DejaVu Sans,sans-serif'

export interface SvgBadge {
  label: string
  message: string
  /** Six hex digits, dark enough for white text (src/publish/badges.ts BADGE_COLORS). */
  color: string
  labelColor: string
}

/** The badge's size in pixels, as its SVG states it: a page showing it gives its `<img>` the same width and height. */
export function badgeSize (label: string, message: string): { width: number, height: number } {
  return { width: textWidth(label.trim()) + textWidth(message.trim()) + 4 * PADDING, height: HEIGHT }
}

export function badgeSvg ({ label, message, color, labelColor }: SvgBadge): string {
  label = label.trim()
  message = message.trim()
  const labelWidth = textWidth(label)
  const messageWidth = textWidth(message)
  const left = labelWidth + 2 * PADDING
  const { width } = badgeSize(label, message)
  const accessible = escapeXml(`${label}: ${message}`)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" role="img" aria-label="${accessible}">` +
    `<title>${accessible}</title>` +
    '<filter id="blur"><feGaussianBlur stdDeviation="16"/></filter>' +
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>' +
    `<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${left}" height="${HEIGHT}" fill="#${labelColor}"/>` +
    `<rect x="${left}" width="${width - left}" height="${HEIGHT}" fill="#${color}"/>` +
    `<rect width="${width}" height="${HEIGHT}" fill="url(#s)"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="${FONT_FAMILY}" text-rendering="geometricPrecision" font-size="110">` +
    text(label, 1, labelWidth) + text(message, left - 1, messageWidth) +
    '</g></svg>'
}

/** One text, with its shadow, in tenths of a pixel (Shields scales the text up tenfold for finer positions). */
function text (content: string, margin: number, width: number): string {
  const x = 10 * (margin + 0.5 * width + PADDING)
  const escaped = escapeXml(content)
  const length = 10 * width
  return '<g transform="scale(.1)"><g aria-hidden="true" fill="#010101">' +
    `<text x="${x}" y="150" fill-opacity=".8" filter="url(#blur)" textLength="${length}">${escaped}</text>` +
    `<text x="${x}" y="150" fill-opacity=".3" textLength="${length}">${escaped}</text></g>` +
    `<text x="${x}" y="140" textLength="${length}">${escaped}</text></g>`
}

/** The text's width in whole pixels, rounded up to an odd number (for pixel-grid alignment, as Shields does). */
function textWidth (content: string): number {
  let width = 0
  for (const char of content) {
    const code = char.codePointAt(0)!
    width += code <= 31 || code === 127 ? 0 : code >= 32 && code <= 126 ? ASCII_WIDTHS[code - 32]! : OTHER_WIDTH
  }
  const whole = width | 0
  return whole % 2 === 0 ? whole + 1 : whole
}

function escapeXml (value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}
