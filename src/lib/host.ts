// Host header values: which are well formed, and whether one names the host of a given URL.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
/** A DNS name (or IPv4 address) or a bracketed IPv6 address, with an optional port: nothing else is ever reflected. */
const HOST = new RegExp(`^(?:(?:${LABEL}\\.)*${LABEL}\\.?|\\[[0-9a-f:.]{2,45}\\])(?::(\\d{1,5}))?$`, 'i')

/** Whether a Host (or X-Forwarded-Host) value is a syntactically valid host[:port]. */
export function isValidHost (host: string): boolean {
  const match = HOST.exec(host)
  if (match === null || host.length > 260) return false
  if (match[1] !== undefined && Number(match[1]) > 65535) return false
  // The WHATWG parser has the last word (IPv6 forms).
  return URL.canParse(`http://${host}`)
}

/** Whether `host` (a Host header value) names the host of `url` (its default port implied when none is given). */
export function isHostOf (host: string, url: URL): boolean {
  if (!isValidHost(host)) return false
  return new URL(`${url.protocol}//${host}`).host === url.host
}
