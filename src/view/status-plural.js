// The one plural rule of both page languages, shared by the server and the browser (status-text.js words its counts with it).

/**
 * The word for a count: the singular for exactly 1, else the plural ("1 day", "2 days", "0 days", "1.5 days"). This is
 * CLDR's plural rule of both page languages (English and German: "one" is 1 without decimals), so every count in
 * either language goes through here; the words themselves live in status-text.js.
 */
export function plural (count, one, other) {
  return count === 1 ? one : other
}
