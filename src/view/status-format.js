// Escaping and locale formatting for the status page, identical on the server and in the browser (always UTC).
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text or attribute value → HTML-safe text. Every value from an API body goes through here. */
export function esc (value) {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c])
}

/**
 * What Intl writes (CLDR, as Node 24 and current browsers have it) for the two page languages, written out here: the
 * first Intl.DateTimeFormat costs a server process ~10 MB of ICU's locale, calendar and time-zone data, for twelve
 * month names and two separators. test/site/status-format.test.ts holds these equal to Intl's output.
 */
const LOCALES = {
  'en-GB': {
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    dayMonth: ' ',
    decimal: '.',
    group: ',',
    percentSign: '%'
  },
  'de-DE': {
    months: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
    dayMonth: '. ',
    decimal: ',',
    group: '.',
    percentSign: '\u00a0%'
  }
}

function localeOf (text) {
  return LOCALES[text.dateLocale] ?? LOCALES['en-GB']
}

/**
 * The decimal digits of a non-negative number as its shortest round-trip form has them (as Intl reads a number), with
 * the decimal point moved `shift` places to the right: (12.345) → { whole: '12', fraction: '345' }.
 */
function decimalDigits (value, shift = 0) {
  const [mantissa, exponent = '0'] = value.toString().split('e')
  const [whole, fraction = ''] = mantissa.split('.')
  let digits = whole + fraction
  let point = whole.length + Number(exponent) + shift
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  }
  digits = digits.padEnd(point, '0')
  return { whole: digits.slice(0, point).replace(/^0+/, '') || '0', fraction: digits.slice(point).replace(/0+$/, '') }
}

/** Digits cut (`trunc`) or rounded half away from zero (Intl's default) to `places` fraction digits. */
function rounded ({ whole, fraction }, places, mode) {
  if (fraction.length <= places) return { whole, fraction }
  const kept = fraction.slice(0, places)
  if (mode === 'trunc' || fraction[places] < '5') return { whole, fraction: kept.replace(/0+$/, '') }
  const carried = (BigInt(whole + kept) + 1n).toString().padStart(whole.length + places, '0')
  const cut = carried.length - places
  return { whole: carried.slice(0, cut) || '0', fraction: carried.slice(cut).replace(/0+$/, '') }
}

/** 1234.5 → "1,234.5" / "1.234,5": groups of three, as both languages group. */
function written (locale, { whole, fraction }) {
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale.group)
  return fraction === '' ? grouped : `${grouped}${locale.decimal}${fraction}`
}

/** 99.9876 → "99.98%" / "99,98 %": truncated, so anything short of 100 never shows as 100. */
export function percent (text, value) {
  const locale = localeOf(text)
  return `${written(locale, rounded(decimalDigits(value / 100, 2), 2, 'trunc'))}${locale.percentSign}`
}

/** "2026-11-21" or an ISO time → "21 Nov 2026" / "21. Nov. 2026". */
export function day (text, iso) {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)
  const locale = localeOf(text)
  return `${date.getUTCDate()}${locale.dayMonth}${locale.months[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** ISO time → "14:05" (UTC). */
export function clock (_text, iso) {
  const date = new Date(iso)
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`
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
  return `${written(localeOf(text), rounded(decimalDigits(value), value < 10 ? 1 : 0, 'halfExpand'))} ms`
}
