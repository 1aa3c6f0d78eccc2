// The line check of an iCalendar stream on its raw bytes, shared by the calendar tests.
import assert from 'node:assert/strict'

/**
 * The line check of RFC 5545 §3.1 on the raw bytes: every line ends in CRLF (no bare CR or LF), holds at most 75
 * octets, is valid UTF-8 on its own (a fold never splits a sequence), and a continuation starts with a space.
 */
export function checkLines (body: Buffer): string[] {
  const text = body.toString('utf8')
  assert.ok(text.endsWith('\r\n'), 'the stream ends with CRLF')
  assert.doesNotMatch(text.replace(/\r\n/g, ''), /[\r\n]/, 'no bare CR or LF')
  const lines: Buffer[] = []
  let start = 0
  for (let i = body.indexOf('\r\n'); i !== -1; i = body.indexOf('\r\n', start)) {
    lines.push(body.subarray(start, i))
    start = i + 2
  }
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const unfolded: string[] = []
  for (const line of lines) {
    assert.ok(line.length <= 75, `at most 75 octets: ${line.length} in ${line.toString()}`)
    const decoded = decoder.decode(line) // throws on a split sequence
    if (decoded.startsWith(' ')) unfolded[unfolded.length - 1] += decoded.slice(1)
    else unfolded.push(decoded)
  }
  return unfolded
}
