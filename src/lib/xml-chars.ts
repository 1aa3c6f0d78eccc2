// The characters XML 1.0 can carry (tab, line breaks, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and above): anything else
// written into an XML document makes the whole document invalid, so it is replaced with U+FFFD on the way in.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** `text` with every character XML 1.0 cannot carry replaced by U+FFFD (text rows written before input refused them). */
export function xmlSafe (text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD')
}
