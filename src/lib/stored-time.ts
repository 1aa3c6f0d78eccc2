// Stored times are ISO 8601 UTC text as toISOString writes it, so text order is time order (the SQL compares them as
// text too): views over thousands of rows compare text against `now` as text instead of parsing every row's time.

let lastNow = Number.NaN
let lastText = ''

/** `now` as stored text; the last instant's text is kept, since a rebuild asks for the same instant once per row. */
export function storedTime (now: number): string {
  if (now !== lastNow) {
    lastText = new Date(now).toISOString()
    lastNow = now
  }
  return lastText
}

/** Newest first by a stored time, then the higher id first. */
export function newestFirstBy<Key extends string> (key: Key): (a: Record<Key, string> & { id: number }, b: Record<Key, string> & { id: number }) => number {
  return (a, b) => a[key] === b[key] ? b.id - a.id : (a[key] < b[key] ? 1 : -1)
}
