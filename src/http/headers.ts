// Response header values in one place: Cache-Control per route, ETags, CORS, security and discovery links.

/** Cache-Control of each kind of response (docs/en/architecture.md#api-contract). */
export const cacheControl = {
  health: 'public, max-age=10',
  /** The chat platform's status: its `max-age` is the freshness left (at most a minute), put in per answer with `withMaxAge`. */
  platform: 'public, max-age=60',
  history: 'public, max-age=60',
  incidents: 'public, max-age=15',
  search: 'public, max-age=300',
  discovery: 'public, max-age=3600',
  page: 'public, max-age=60',
  feed: 'public, max-age=60',
  badge: 'public, max-age=60',
  asset: 'public, max-age=86400',
  /** Files whose name holds their content's hash (the product's logo, favicon and accent): they never change. */
  immutable: 'public, max-age=31536000, immutable',
  noStore: 'no-store'
} as const

/** A route's Cache-Control (with its shared-cache lifetimes) with the browser's `max-age` set to `seconds`. */
export function withMaxAge (value: string, seconds: number): string {
  return value.replace(/^public, max-age=\d+/, `public, max-age=${seconds}`)
}

/** RFC 9110 §13.1.2: If-None-Match uses weak comparison; `*` matches any current representation. */
export function ifNoneMatchHits (header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  const wanted = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === wanted
  })
}

export const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Link, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, X-Request-Id'
} as const

export const preflightHeaders = {
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language, If-None-Match, Cache-Control',
  'access-control-max-age': '86400'
} as const

export const securityHeaders = {
  'x-content-type-options': 'nosniff'
} as const

/** Only documents can leak a referrer or be framed; data responses do not carry these. */
export const htmlSecurityHeaders = {
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY'
} as const

/** HTML may load only the service's own scripts, styles and images: no inline code, no third parties. */
export const HTML_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
  "font-src 'self'", "manifest-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"
].join('; ')

/** Anything that is not HTML renders nothing active. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'"

/**
 * The discovery links carried by every HTML page (docs/en/architecture.md#discovery). Staging answers 404 for the catalog and the
 * sitemap, so it leaves both out rather than point at nothing.
 */
export function htmlLinkHeader (staging: boolean): string {
  const llms = '</llms.txt>; rel="describedby"; type="text/plain"'
  if (staging) return llms
  return ['</.well-known/api-catalog>; rel="api-catalog"', '</sitemap.xml>; rel="sitemap"; type="application/xml"', llms].join(', ')
}
