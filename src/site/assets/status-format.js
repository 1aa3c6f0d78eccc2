// Escaping and locale formatting for the status page, identical on the server and in the browser (always UTC).
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text or attribute value → HTML-safe text. Every value from an API body goes through here. */
export function esc (value) {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c])
}

const formats = new Map()
function format (locale, key, options) {
  const id = `${locale}|${key}`
  let made = formats.get(id)
  if (made === undefined) {
    made = key === 'percent' ? new Intl.NumberFormat(locale, options) : new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options })
    formats.set(id, made)
  }
  return made
}

/** 99.9876 → "99.98%" / "99,98 %": truncated, so anything short of 100 never shows as 100. */
export function percent (text, value) {
  return format(text.dateLocale, 'percent', { style: 'percent', maximumFractionDigits: 2, roundingMode: 'trunc' }).format(value / 100)
}

/** "2026-11-21" or an ISO time → "21 Nov 2026" / "21. Nov. 2026". */
export function day (text, iso) {
  return format(text.dateLocale, 'day', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso))
}

/** ISO time → "14:05" (UTC). */
export function clock (text, iso) {
  return format(text.dateLocale, 'clock', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))
}

/** ISO time → "21 Nov 2026, 14:05 UTC". */
export function dateTime (text, iso) {
  return `${day(text, iso)}, ${clock(text, iso)} ${text.utc}`
}

/** A <time> element whose text is `shown` and whose datetime is the machine-readable value. */
export function time (iso, shown) {
  return `<time datetime="${esc(iso)}">${esc(shown)}</time>`
}

/** Milliseconds, rounded for people: "1.4 ms", "41 ms". */
export function millis (text, value) {
  const digits = value < 10 ? 1 : 0
  return `${new Intl.NumberFormat(text.dateLocale, { maximumFractionDigits: digits }).format(value)} ms`
}
