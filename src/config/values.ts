// The generic readers every section of the configuration uses: one variable each, validated, with a one-line error.

/** A bad setting: the message names the variable and is safe to print as one line. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** A variable's value, trimmed; unset and empty are both undefined. */
export type Reader = (name: string) => string | undefined

export function integer (read: Reader, name: string, fallback: number, min: number, max: number): number {
  const raw = read(name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
  }
  return value
}

/** A setting that is on or off: `true`/`yes`/`1` or `false`/`no`/`0` (unset: off); anything else stops the start. */
export function switchedOn (read: Reader, name: string): boolean {
  const raw = read(name)?.toLowerCase()
  if (raw === undefined || raw === 'false' || raw === 'no' || raw === '0') return false
  if (raw === 'true' || raw === 'yes' || raw === '1') return true
  throw new ConfigError(`${name} must be true or false (got "${raw}")`)
}

export function oneOf<T extends string> (read: Reader, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(name)
  if (raw === undefined) return fallback
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`)
  }
  return raw as T
}

export function optionalUrl (read: Reader, name: string, protocols: string[], originOnly = false): URL | undefined {
  const raw = read(name)
  if (raw === undefined) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`${name} must be an absolute URL (${protocols.join(' or ')})`)
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got ${url.protocol})`)
  }
  if (originOnly && (url.pathname !== '/' || url.search !== '' || url.hash !== '')) {
    throw new ConfigError(`${name} must be an origin such as https://status.example.com, without a path`)
  }
  return url
}

/** A URL fetch() can ask: credentials in it make every request fail (and would be a secret in the config). */
export function fetchableUrl (url: URL | undefined, name: string): URL | undefined {
  if (url !== undefined && (url.username !== '' || url.password !== '')) {
    throw new ConfigError(`${name} must not contain a user name or password (user:password@...): requests to such a URL always fail`)
  }
  return url
}

/** A comma-separated list of http(s) URLs; an error names the variable and the entry's position, never the URL. */
export function urlList (read: Reader, name: string, valid: (url: URL) => boolean, shape: string): URL[] {
  const raw = read(name)
  if (raw === undefined) return []
  const urls = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry, index) => {
    let url: URL
    try {
      url = new URL(entry)
    } catch {
      throw new ConfigError(`${name}: entry ${index + 1} is not ${shape}`)
    }
    if (!['http:', 'https:'].includes(url.protocol) || !valid(url)) throw new ConfigError(`${name}: entry ${index + 1} is not ${shape}`)
    return url
  })
  if (new Set(urls.map((url) => url.href)).size !== urls.length) throw new ConfigError(`${name} lists the same URL twice`)
  return urls
}

export function sitePrefix (read: Reader, name: string, fallback: string): string {
  const raw = read(name) ?? fallback
  if (!/^\/[a-z]{2}(-[a-z]{2})?$/i.test(raw)) {
    throw new ConfigError(`${name} must look like /de or /de-at (got "${raw}")`)
  }
  return raw.toLowerCase()
}
