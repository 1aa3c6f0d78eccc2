// What shared caches are told of each answer (docs/en/operations.md#edge-headers): the shared-cache lifetimes added to a route's Cache-Control,
// and the keys `Surrogate-Key` and `Cache-Tag` name. Plain decisions on strings: src/http/edge-headers.ts puts them on
// the routes.
import type { EdgeConfig } from '../config/edge.ts'

/** The keys of documents that change only with a new version of the service (or its docs): purged at start. */
export const VERSION_KEYS = ['docs', 'version'] as const

/** One year: the shared lifetime of version-only documents when a purge removes them on a new version. */
const VERSION_SECONDS_PURGED = 31_536_000
/** One day: their shared lifetime when nothing purges them, so a new version shows within a day. */
const VERSION_SECONDS_UNPURGED = 86_400

export interface EdgeHeadersOptions {
  edge: EdgeConfig
  /** `stale-while-revalidate` of live documents: one probe interval, so a copy refreshed in the background is never older than the page's stale mark. */
  revalidateSeconds: number
}

/** True when a route's keys say it changes only with a new version. */
export function versionOnly (keys: readonly string[]): boolean {
  return keys.length > 0 && keys.every((key) => (VERSION_KEYS as readonly string[]).includes(key))
}

/** The Cache-Control a route with this browser Cache-Control and these keys sends (errors and `no-store` stay as they are). */
export function edgeCacheControl (browser: string, keys: readonly string[], options: EdgeHeadersOptions): string {
  if (!browser.startsWith('public') || browser.includes('immutable')) return browser
  const { edge } = options
  if (versionOnly(keys)) {
    const shared = edge.purge.length > 0 ? VERSION_SECONDS_PURGED : VERSION_SECONDS_UNPURGED
    return `${browser}, s-maxage=${shared}, stale-if-error=${edge.staleSeconds}`
  }
  return `${browser}, s-maxage=${edge.cacheSeconds}, stale-while-revalidate=${options.revalidateSeconds}, stale-if-error=${edge.staleSeconds}`
}

/** `Surrogate-Key` (space-separated) and `Cache-Tag` (comma-separated) for a list of keys. */
export function keyHeaders (keys: readonly string[]): { 'surrogate-key': string, 'cache-tag': string } {
  return { 'surrogate-key': keys.join(' '), 'cache-tag': keys.join(',') }
}

/** True when a key names a route parameter (`incident-:id`), so a request's path fills it in. */
export function templatedKeys (keys: readonly string[]): boolean {
  return keys.some((key) => key.includes(':'))
}

const SAFE_ID = /^[A-Za-z0-9_.-]{1,64}$/

/** The keys of one request: each `:name` filled with that path parameter, a key whose id is not one left out. */
export function filledKeys (keys: readonly string[], params: Record<string, string | undefined>): string[] {
  // An id that is not one (anything a client can type) names no key: it is a 404 anyway, and stays out of a header.
  const filled = keys.map((key) => key.replace(/:(\w+)/, (_whole, name: string) => SAFE_ID.test(params[name] ?? '') ? params[name]! : ''))
  return filled.filter((key) => !key.endsWith('-'))
}
