// A document built from in-memory views (incidents, health snapshot, history) per base URL, built again only when
// one of those views is a different object: the services hand out the same object until it changes.
import { LruCache } from '../lib/lru.ts'
import { SECOND_ASK_WITHIN } from '../lib/per-base-url.ts'

/** Base URLs kept (without PUBLIC_BASE_URL the base comes from the request's Host: bounded so clients cannot grow it). */
export const MAX_BASE_URLS = 16

/** Memoises `build(baseUrl, inputs)` per base URL asked for twice, until any input is another object than last time. */
export function rebuiltOnChange<I extends readonly unknown[], T> (build: (baseUrl: string, inputs: I) => T): (baseUrl: string, inputs: I) => T {
  // Kept from a base URL's second request (src/lib/lru.ts): what one-off Hosts ask for is built, sent and dropped.
  const built = new LruCache<string, { inputs: I | undefined, value: T | undefined }>(MAX_BASE_URLS, undefined, SECOND_ASK_WITHIN)
  return (baseUrl, inputs) => {
    const entry = built.getOrSet(baseUrl, () => ({ inputs: undefined, value: undefined }))
    if (entry.inputs === undefined || entry.inputs.length !== inputs.length || entry.inputs.some((input, i) => input !== inputs[i])) {
      entry.value = build(baseUrl, inputs)
      entry.inputs = inputs
    }
    return entry.value as T
  }
}
