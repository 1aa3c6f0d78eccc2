// Escaping and locale formatting for the status page from Intl in the page's locale, identical on the server and in
// the browser (always UTC).
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text or attribute value → HTML-safe text. Every value from an API body goes through here. */
export function esc (value) {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c])
}

const formats = new Map()
/** One Intl formatter per locale and options, made on first use (they are costly to make, cheap to use). */
function formatter (kind, locale, options) {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`
  let found = formats.get(key)
  if (found === undefined) {
    found = kind === 'date' ? new Intl.DateTimeFormat(locale, options) : new Intl.NumberFormat(locale, options)
    formats.set(key, found)
  }
  return found
}

/** The page's locale for Intl (`en-GB`, `fr-FR`, `pt-BR`): the language file's `locale`. */
const localeOf = (text) => text.dateLocale ?? 'en-GB'

/** 99.9876 → "99.98%" / "99,98 %": truncated, so anything short of 100 never shows as 100. */
export function percent (text, value) {
  return formatter('number', localeOf(text), { style: 'percent', maximumFractionDigits: 2, roundingMode: 'trunc' }).format(value / 100)
}

/** "2026-11-21" or an ISO time → "21 Nov 2026" / "21. Nov. 2026" / "21 nov. 2026": the locale's short date, in UTC. */
export function day (text, iso) {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)
  return formatter('date', localeOf(text), { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(date)
}

/** ISO time → "14:05" (UTC), as the locale writes a 24-hour time. */
export function clock (text, iso) {
  return formatter('date', localeOf(text), { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))
}

/** ISO time → "21 Nov 2026, 14:05 UTC". */
export function dateTime (text, iso) {
  return `${day(text, iso)}, ${clock(text, iso)} ${text.utc}`
}

/** A <time> element whose text is `shown` and whose datetime is the machine-readable value. */
export function time (iso, shown) {
  return `<time datetime="${esc(iso)}">${esc(shown)}</time>`
}

/** A whole number grouped as the locale groups it: 65536 → "65,536" / "65.536" / "65 536". */
export function count (text, value) {
  return formatter('number', localeOf(text), { maximumFractionDigits: 0 }).format(Math.trunc(value))
}

/** Milliseconds, rounded for people (half away from zero, Intl's default): "1.4 ms", "41 ms". */
export function millis (text, value) {
  return `${formatter('number', localeOf(text), { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value)} ms`
}
