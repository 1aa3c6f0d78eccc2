// Absolute links in pages and documents rendered once for every host: they carry this origin, and each response swaps
// in the request's {base_url} (src/lib/per-base-url.ts). `.invalid` is reserved (RFC 2606): left alone, it points nowhere.
export const ORIGIN_PLACEHOLDER = 'https://origin.invalid'

/** Text rendered with ORIGIN_PLACEHOLDER, with `baseUrl` in its place. */
export function withOrigin (text: string, baseUrl: string): string {
  return text.replaceAll(ORIGIN_PLACEHOLDER, baseUrl)
}
